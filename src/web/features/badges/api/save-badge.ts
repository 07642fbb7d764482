import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBadge, TBadgeInput } from '@shared/badges';
import { api } from '@web/lib/api';
import { badgesQueryOptions } from './list-badges';

export function saveBadge(id: string | null, body: TBadgeInput): Promise<TBadge> {
  return id ? api<TBadge>('PUT', `/api/superadmin/badges/${id}`, body) : api<TBadge>('POST', '/api/superadmin/badges', body);
}

export function useSaveBadge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string | null; body: TBadgeInput }) => saveBadge(v.id, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: badgesQueryOptions().queryKey }),
  });
}
