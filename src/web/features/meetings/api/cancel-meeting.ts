import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMeeting } from '@shared/meetings';
import { api } from '@web/lib/api';
import { meetingsQueryOptions } from './list-meetings';

export function cancelMeeting(clubId: string, id: string): Promise<TMeeting> {
  return api<TMeeting>('DELETE', `/api/clubs/${clubId}/meetings/${id}`);
}

export function useCancelMeeting(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelMeeting(clubId, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: meetingsQueryOptions(clubId).queryKey }),
  });
}
