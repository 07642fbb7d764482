import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChargeBatchResult, TChargePayer, TCreateChargeBatch } from '@shared/charge-batches';
import { api } from '@web/lib/api';
import { chargesKey } from './keys';

/** Every active member with their unit: whom 'Nova cobrança' may charge. */
export const useChargePayers = (clubId: string) =>
  useQuery({ queryKey: chargesKey(clubId, 'payers'), queryFn: () => api<TChargePayer[]>('GET', `/api/clubs/${clubId}/charges/payers`) });

/** 'Nova cobrança' for a list, a unit or the club: all charges or none; a resend answers the first batch. */
export function useCreateChargeBatch(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateChargeBatch) => api<TChargeBatchResult>('POST', `/api/clubs/${clubId}/charges/batch`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: chargesKey(clubId) }),
  });
}
