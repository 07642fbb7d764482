import { useMutation } from '@tanstack/react-query';
import type { TPointBatch, TPointBatchResult } from '@shared/point-batches';
import { api } from '@web/lib/api';
import { useProgressInvalidation } from './complete-task';

export function scoreMany(clubId: string, body: TPointBatch): Promise<TPointBatchResult> {
  return api('POST', `/api/clubs/${clubId}/point-adjustments/batch`, body);
}

export function useScoreMany(clubId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({ mutationFn: (body: TPointBatch) => scoreMany(clubId, body), onSuccess: invalidate });
}

export function undoPointBatch(clubId: string, batchId: string): Promise<{ batch_id: string; member_count: number }> {
  return api('POST', `/api/clubs/${clubId}/point-adjustments/batch/${batchId}/undo`);
}

export function useUndoPointBatch(clubId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({ mutationFn: (batchId: string) => undoPointBatch(clubId, batchId), onSuccess: invalidate });
}
