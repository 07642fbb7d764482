import { useQuery } from '@tanstack/react-query';
import type { TMyPayment, TOpenCharge, TReceipt } from '@shared/charges';
import { api } from '@web/lib/api';

/** A receipt as the treasurer or the member opens it, or as a guardian does for their child. */
export const useReceipt = (paymentId: string, scope: { clubId: string } | { memberId: string }) =>
  useQuery({
    queryKey: ['receipt', paymentId, scope],
    queryFn: () => api<TReceipt>('GET', 'clubId' in scope
      ? `/api/clubs/${scope.clubId}/payments/${paymentId}/receipt`
      : `/api/family/children/${scope.memberId}/payments/${paymentId}/receipt`),
  });

export const useMyPayments = (clubId: string) =>
  useQuery({ queryKey: ['charges', clubId, 'my-payments'], queryFn: () => api<TMyPayment[]>('GET', `/api/clubs/${clubId}/my-payments`) });

export const useChildCharges = (memberId: string) =>
  useQuery({ queryKey: ['family-charges', memberId], queryFn: () => api<TOpenCharge[]>('GET', `/api/family/children/${memberId}/charges`) });

export const useChildPayments = (memberId: string) =>
  useQuery({ queryKey: ['family-charges', memberId, 'payments'], queryFn: () => api<TMyPayment[]>('GET', `/api/family/children/${memberId}/payments`) });
