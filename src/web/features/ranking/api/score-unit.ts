import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPointAdjustment } from '@shared/progress';
import { api } from '@web/lib/api';

/** 'Pontuar unidade': points for a unit as a whole (a manual ledger event with a reason). */
export function scoreUnit(clubId: string, body: TPointAdjustment) {
  return api('POST', `/api/clubs/${clubId}/point-adjustments`, body);
}

export function useScoreUnit(clubId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body: TPointAdjustment) => scoreUnit(clubId, body), onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs', clubId] }) });
}
