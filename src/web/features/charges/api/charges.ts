import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCancelCharge, TCharge, TChargeDetail, TChargePage, TChargeQuery, TCreateCharge, TRecordPayment } from '@shared/charges';
import type { TCashAccount, TFinanceMember } from '@shared/finance';
import type { TEvent } from '@shared/events';
import { api } from '@web/lib/api';
import { chargesKey } from './keys';

type ListFilter = Pick<TChargeQuery, 'origin' | 'status' | 'profile_id'>;

export function listCharges(clubId: string, filter: ListFilter, after?: string): Promise<TChargePage> {
  const params = new URLSearchParams();
  if (filter.origin) params.set('origin', filter.origin);
  if (filter.status) params.set('status', filter.status);
  if (filter.profile_id) params.set('profile_id', filter.profile_id);
  if (after) params.set('after', after);
  const qs = params.toString();
  return api<TChargePage>('GET', `/api/clubs/${clubId}/charges${qs ? `?${qs}` : ''}`);
}

/** The club's charges, newest due date first, 50 at a time. */
export const useCharges = (clubId: string, filter: ListFilter) =>
  useInfiniteQuery({
    queryKey: chargesKey(clubId, 'list', filter),
    queryFn: ({ pageParam }) => listCharges(clubId, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const chargeDetailQueryOptions = (clubId: string, id: string) =>
  queryOptions({ queryKey: chargesKey(clubId, 'detail', id), queryFn: () => api<TChargeDetail>('GET', `/api/clubs/${clubId}/charges/${id}`) });

export const useChargeDetail = (clubId: string, id: string | null) =>
  useQuery({ ...chargeDetailQueryOptions(clubId, id ?? ''), enabled: id !== null });

/** Every mutation of a charge refreshes every charge query of the club (lists, 'quem deve', detail). */
function useChargeMutation<I, O>(clubId: string, fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: chargesKey(clubId) });
      // The caixa moved: the finance screens read it again.
      await qc.invalidateQueries({ queryKey: ['finance', clubId] });
    },
  });
}

export const useCreateCharge = (clubId: string) =>
  useChargeMutation(clubId, (input: TCreateCharge) => api<TCharge>('POST', `/api/clubs/${clubId}/charges`, input));

export const useRecordPayment = (clubId: string, chargeId: string) =>
  useChargeMutation(clubId, (input: TRecordPayment) => api<TChargeDetail>('POST', `/api/clubs/${clubId}/charges/${chargeId}/payments`, input));

export const useReversePayment = (clubId: string, chargeId: string) =>
  useChargeMutation(clubId, (paymentId: string) => api<TChargeDetail>('POST', `/api/clubs/${clubId}/charges/${chargeId}/payments/${paymentId}/reverse`));

export const useCancelCharge = (clubId: string, chargeId: string) =>
  useChargeMutation(clubId, (input: TCancelCharge) => api<TChargeDetail>('POST', `/api/clubs/${clubId}/charges/${chargeId}/cancel`, input));

// What the treasurer's forms choose from (read here: a feature never imports another feature).
export const useChargeMembers = (clubId: string) =>
  useQuery({ queryKey: chargesKey(clubId, 'members'), queryFn: () => api<TFinanceMember[]>('GET', `/api/clubs/${clubId}/finance/members`) });

export const useChargeCashAccounts = (clubId: string) =>
  useQuery({ queryKey: chargesKey(clubId, 'cash-accounts'), queryFn: () => api<TCashAccount[]>('GET', `/api/clubs/${clubId}/cash-accounts`) });

/** The club's events for the 'Evento' filter of 'Quem deve'. */
export const useChargeEvents = (clubId: string) =>
  useQuery({ queryKey: chargesKey(clubId, 'events'), queryFn: () => api<TEvent[]>('GET', `/api/clubs/${clubId}/events`) });
