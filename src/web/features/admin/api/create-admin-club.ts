import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminClub, TAdminCreateClub } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

/** Creates a club whose first admin is the account with the given e-mail. */
export function createAdminClub(input: TAdminCreateClub): Promise<TAdminClub> {
  return api<TAdminClub>('POST', '/api/admin/clubs', input);
}

export function useCreateAdminClub() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createAdminClub, onSuccess: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }) });
}
