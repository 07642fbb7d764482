import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TMe } from '@shared/auth';
import { api } from '@web/lib/api';
import { meQueryOptions } from './get-me';

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
      qc.setQueryData(meQueryOptions().queryKey, data.profile);
    },
  });
}
