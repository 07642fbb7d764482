import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TRegionalShare, ZShareInput } from '@shared/associacao-regional';
import { api } from '@web/lib/api';

/** The club's shares with the regional coordination: list, add (the club's consent) and revoke. */
export const regionalSharesQueryOptions = (clubId: string) => queryOptions({
  queryKey: ['clubs', clubId, 'associacao', 'regional-shares'] as const,
  queryFn: () => api<TRegionalShare[]>('GET', `/api/clubs/${clubId}/associacao/regional-shares`),
});

export function useRegionalShares(clubId: string) {
  return useQuery(regionalSharesQueryOptions(clubId));
}

export function useAddRegionalShare(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof ZShareInput>) => api<TRegionalShare>('POST', `/api/clubs/${clubId}/associacao/regional-shares`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: regionalSharesQueryOptions(clubId).queryKey }),
  });
}

export function useRevokeRegionalShare(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>('DELETE', `/api/clubs/${clubId}/associacao/regional-shares/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: regionalSharesQueryOptions(clubId).queryKey }),
  });
}
