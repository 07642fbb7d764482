import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDeletionStatus } from '@shared/families';
import { api } from '@web/lib/api';

/** The zip of 'Meus dados' (a plain link: the browser downloads it with the session cookie). */
export const DATA_EXPORT_URL = '/api/me/data-export';

export const deletionStatusQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'deletion-request'], queryFn: () => api<TDeletionStatus>('GET', '/api/me/deletion-request') });

export function useDeletionStatus() {
  return useQuery(deletionStatusQueryOptions());
}

export function useRequestDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TDeletionStatus>('POST', '/api/me/deletion-request'),
    onSuccess: (s) => qc.setQueryData(deletionStatusQueryOptions().queryKey, s),
  });
}

export function useCancelDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TDeletionStatus>('DELETE', '/api/me/deletion-request'),
    onSuccess: (s) => qc.setQueryData(deletionStatusQueryOptions().queryKey, s),
  });
}
