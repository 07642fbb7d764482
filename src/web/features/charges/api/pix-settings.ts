import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPixSettings, TPixSettingsInput } from '@shared/pix';
import { api } from '@web/lib/api';
import { chargesKey } from './keys';

export const getPixSettings = (clubId: string) => api<{ settings: TPixSettings | null }>('GET', `/api/clubs/${clubId}/pix-settings`);

export const pixSettingsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: chargesKey(clubId, 'pix-settings'), queryFn: () => getPixSettings(clubId) });

export const usePixSettings = (clubId: string) => useQuery(pixSettingsQueryOptions(clubId));

export const savePixSettings = (clubId: string, input: TPixSettingsInput) => api<TPixSettings>('PUT', `/api/clubs/${clubId}/pix-settings`, input);

export function useSavePixSettings(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TPixSettingsInput) => savePixSettings(clubId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: chargesKey(clubId) }),
  });
}
