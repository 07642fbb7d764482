import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMe, TRegister } from '@shared/auth';
import { api } from '@web/lib/api';
import { meQueryOptions } from '@web/lib/session/me';

export function register(input: TRegister): Promise<TMe> {
  return api<TMe>('POST', '/api/auth/register', input);
}

/** Spec 4: after signup the profile is refreshed 600 ms later. */
export const PROFILE_REFRESH_AFTER_SIGNUP_MS = 600;

export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (data) => {
      qc.clear();
      qc.setQueryData(meQueryOptions().queryKey, data.profile);
      setTimeout(() => void qc.invalidateQueries({ queryKey: meQueryOptions().queryKey }), PROFILE_REFRESH_AFTER_SIGNUP_MS);
    },
  });
}
