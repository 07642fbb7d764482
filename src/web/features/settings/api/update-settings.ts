import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClub } from '@shared/clubs';
import type { TClubSettings } from '@shared/settings';
import { api } from '@web/lib/api';

export function updateSettings(clubId: string, input: TClubSettings): Promise<TClub> {
  return api<TClub>('PUT', `/api/clubs/${clubId}/settings`, input);
}

/** Saves name, description, time zone and active flag; the sidebar's club list refreshes too. */
export function useUpdateSettings(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TClubSettings) => updateSettings(clubId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs'] }),
  });
}
