import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { meetingRulesQueryOptions } from './list-meeting-rules';

export function endMeetingRule(clubId: string, ruleId: string): Promise<{ ok: true }> {
  return api('DELETE', `/api/clubs/${clubId}/meeting-rules/${ruleId}`);
}

/** Stops a weekly rule; the meetings it created stay. */
export function useEndMeetingRule(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => endMeetingRule(clubId, ruleId),
    onSuccess: () => qc.invalidateQueries({ queryKey: meetingRulesQueryOptions(clubId).queryKey }),
  });
}
