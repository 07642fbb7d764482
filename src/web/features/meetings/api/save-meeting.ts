import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMeeting, TMeetingInput } from '@shared/meetings';
import { api } from '@web/lib/api';
import { meetingsQueryOptions } from './list-meetings';

export function createMeeting(clubId: string, input: TMeetingInput): Promise<TMeeting> {
  return api<TMeeting>('POST', `/api/clubs/${clubId}/meetings`, input);
}

export function updateMeeting(clubId: string, id: string, input: TMeetingInput): Promise<TMeeting> {
  return api<TMeeting>('PUT', `/api/clubs/${clubId}/meetings/${id}`, input);
}

/** Creates (no id) or updates (with id) a meeting. */
export function useSaveMeeting(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TMeetingInput }) => (id ? updateMeeting(clubId, id, input) : createMeeting(clubId, input)),
    onSuccess: () => qc.invalidateQueries({ queryKey: meetingsQueryOptions(clubId).queryKey }),
  });
}
