import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProgrammeSettings, TProgrammeSettingsInput } from '@shared/programme';
import { api } from '@web/lib/api';
import { apiKept } from '@web/lib/kept-answers';
import { programmeKey, programmeUrl } from './keys';

export const useProgrammeSettings = (clubId: string) =>
  useQuery({ queryKey: programmeKey(clubId, 'settings'), queryFn: () => apiKept<TProgrammeSettings>(`${programmeUrl(clubId)}/settings`) });

export function useSaveProgrammeSettings(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TProgrammeSettingsInput) => api<TProgrammeSettings>('PUT', `${programmeUrl(clubId)}/settings`, input),
    onSuccess: (data) => qc.setQueryData(programmeKey(clubId, 'settings'), data),
  });
}
