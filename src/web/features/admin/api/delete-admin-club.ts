import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

/** Deletes a club and all its data; the server checks the typed name too. */
export function deleteAdminClub({ clubId, confirmName }: { clubId: string; confirmName: string }): Promise<void> {
  return api<void>('DELETE', `/api/admin/clubs/${clubId}`, { confirm_name: confirmName });
}

export function useDeleteAdminClub() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminClub,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_KEY }), qc.invalidateQueries({ queryKey: ['clubs'] })]),
  });
}
