import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInventoryCount } from '@shared/patrimonio';
import { api } from '@web/lib/api';

/** The inventory count: walk the storeroom, tick what is there, see what is missing. */
const key = (clubId: string) => ['clubs', clubId, 'patrimonio', 'count'] as const;
const base = (clubId: string) => `/api/clubs/${clubId}/patrimonio/counts`;

export const useOpenCount = (clubId: string) => useQuery({ queryKey: key(clubId), queryFn: () => api<TInventoryCount | null>('GET', `${base(clubId)}/open`) });

export function useCountAction(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { type: 'start' } | { type: 'mark'; countId: string; itemId: string; found: number } | { type: 'close'; countId: string }) =>
      a.type === 'start' ? api<TInventoryCount>('POST', base(clubId))
        : a.type === 'mark' ? api<TInventoryCount>('PUT', `${base(clubId)}/${a.countId}/items/${a.itemId}`, { found: a.found })
          : api<TInventoryCount>('POST', `${base(clubId)}/${a.countId}/close`),
    onSuccess: (data, a) => qc.setQueryData(key(clubId), a.type === 'close' ? null : data),
  });
}
