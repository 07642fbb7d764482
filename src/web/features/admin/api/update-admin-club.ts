import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminClub, TAdminUpdateClub } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

/** Edits a club, or (de)activates it with `{ active }` alone. */
export function updateAdminClub({ clubId, ...input }: TAdminUpdateClub & { clubId: string }): Promise<TAdminClub> {
  return api<TAdminClub>('PATCH', `/api/admin/clubs/${clubId}`, input);
}

export function useUpdateAdminClub() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAdminClub,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_KEY }), qc.invalidateQueries({ queryKey: ['clubs'] })]),
  });
}
