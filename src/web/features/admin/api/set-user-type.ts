import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSetUserType } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

export function setUserType({ profileId, user_type }: TSetUserType & { profileId: string }): Promise<{ ok: true }> {
  return api<{ ok: true }>('PUT', `/api/admin/users/${profileId}/user-type`, { user_type });
}

export function useSetUserType() {
  const qc = useQueryClient();
  // Demoting oneself changes what this very session may see.
  return useMutation({
    mutationFn: setUserType,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_KEY }), qc.invalidateQueries({ queryKey: ['auth', 'me'] })]),
  });
}
