import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { badgesQueryOptions } from './list-badges';

export function deleteBadge(id: string): Promise<void> {
  return api<void>('DELETE', `/api/superadmin/badges/${id}`);
}

export function useDeleteBadge() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteBadge, onSuccess: () => qc.invalidateQueries({ queryKey: badgesQueryOptions().queryKey }) });
}
