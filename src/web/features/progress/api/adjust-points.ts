import { useMutation } from '@tanstack/react-query';
import type { TPointAdjustment } from '@shared/progress';
import { api } from '@web/lib/api';
import { useProgressInvalidation } from './complete-task';

export function adjustPoints(clubId: string, body: TPointAdjustment): Promise<{ id: string; points: number }> {
  return api('POST', `/api/clubs/${clubId}/point-adjustments`, body);
}

export function useAdjustPoints(clubId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({ mutationFn: (body: TPointAdjustment) => adjustPoints(clubId, body), onSuccess: invalidate });
}
