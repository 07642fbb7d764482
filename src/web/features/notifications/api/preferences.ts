import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCategoryPreference, TPreferences, TQuietHours } from '@shared/notifications';
import { api } from '@web/lib/api';

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: ['notifications', 'preferences'], queryFn: () => api<TPreferences>('GET', '/api/notifications/preferences') });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: { preferences?: TCategoryPreference[]; quiet_hours?: TQuietHours | null }) => api<TPreferences>('PUT', '/api/notifications/preferences', change),
    onSuccess: (data) => qc.setQueryData(preferencesQueryOptions().queryKey, data),
  });
}
