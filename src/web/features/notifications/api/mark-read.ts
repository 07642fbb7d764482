import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Marks one notification read; the bell and the list are read again. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>('POST', `/api/notifications/${id}/read`),
    onSettled: () => qc.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** Marks every notification of the club (and the account's own) read. */
export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clubId: string | null) => api<{ marked: number }>('POST', '/api/notifications/read-all', clubId ? { club_id: clubId } : {}),
    onSettled: () => qc.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
