import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSetBlocked } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

/** Blocks (the user's sessions end at once) or unblocks an account. */
export function setUserBlocked({ profileId, blocked }: TSetBlocked & { profileId: string }): Promise<{ ok: true }> {
  return api<{ ok: true }>('PUT', `/api/admin/users/${profileId}/blocked`, { blocked });
}

export function useSetUserBlocked() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setUserBlocked, onSuccess: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
