import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export function deleteUnit(clubId: string, unitId: string): Promise<{ ok: true }> {
  return api('DELETE', `/api/clubs/${clubId}/units/${unitId}`);
}

export function useDeleteUnit(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (unitId: string) => deleteUnit(clubId, unitId),
    // Units appear in the dashboard counters and member lists too.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
}
