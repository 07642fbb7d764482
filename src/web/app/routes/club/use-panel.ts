import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TClubPanel } from '@shared/panel';
import { apiKept, keep } from '@web/lib/kept-answers';
import { memberHomeQueryOptions } from '@web/features/dashboard/api/get-member-home';
import { meetingSummaryQueryOptions } from '@web/features/meetings/api/get-meeting-summary';
import { pendingApprovalsQueryOptions } from '@web/features/progress/api/get-pending-approvals';

/**
 * The dashboard in one read (issue 45): the counters, the approvals waiting, the meetings and the
 * person's own home come in one answer, and each card finds its part already in the cache (fresh for
 * 30 s, so it does not ask again). Before, the cards asked one by one after the counters arrived: two
 * round trips on a phone's network before the page was whole. Composed here, where the features meet
 * (ADR 071). The parts are kept on the device too, so the member home still opens offline.
 */
export function usePanel(clubId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['clubs', clubId ?? '', 'panel'],
    enabled: clubId !== null,
    queryFn: async () => {
      const id = clubId ?? '';
      const panel = await apiKept<TClubPanel>(`/api/clubs/${id}/panel`);
      client.setQueryData(memberHomeQueryOptions(id).queryKey, panel.home);
      client.setQueryData(meetingSummaryQueryOptions(id).queryKey, panel.meetings);
      if (panel.pending_approvals !== null) client.setQueryData(pendingApprovalsQueryOptions(id).queryKey, { pending: panel.pending_approvals });
      keep(`/api/clubs/${id}/home`, panel.home);
      return panel;
    },
  });
}
