import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCamp, TCampInput } from '@shared/camps';
import { api } from '@web/lib/api';
import { campQueryOptions } from './get-camp';

export const saveCamp = (clubId: string, eventId: string, input: TCampInput) => api<TCamp>('PUT', `/api/clubs/${clubId}/events/${eventId}/camp`, input);

export function useSaveCamp(clubId: string, eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TCampInput) => saveCamp(clubId, eventId, input),
    onSuccess: (camp) => qc.setQueryData(campQueryOptions(clubId, eventId).queryKey, camp),
  });
}
