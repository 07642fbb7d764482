import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TMe } from '@shared/auth';
import { api } from '@web/lib/api';
import { meQueryOptions } from '@web/lib/session/me';

export function login(input: TLogin): Promise<TMe> {
  return api<TMe>('POST', '/api/auth/login', input);
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      // Whatever a previous user left in the cache must not leak into this session.
      qc.clear();
      // With two-step verification the session waits for the code: not signed in yet.
      if (!data.mfa_required) qc.setQueryData(meQueryOptions().queryKey, data.profile);
    },
  });
}
