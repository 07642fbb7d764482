import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDebtorQuery, TDebtors } from '@shared/charges';
import { api } from '@web/lib/api';
import { WAITING_POLL_MS } from '@web/lib/polling';
import { chargesKey } from './keys';

export function listDebtors(clubId: string, filter: TDebtorQuery): Promise<TDebtors> {
  const params = new URLSearchParams();
  if (filter.unit_id) params.set('unit_id', filter.unit_id);
  if (filter.origin) params.set('origin', filter.origin);
  if (filter.event_id) params.set('event_id', filter.event_id);
  const qs = params.toString();
  return api<TDebtors>('GET', `/api/clubs/${clubId}/debtors${qs ? `?${qs}` : ''}`);
}

/**
 * 'Quem deve' follows payments made anywhere (another treasurer, the statement import, another tab):
 * it is never fresh for long, so coming back to the screen or to the window reads it again, and it
 * polls while open. A payment made here invalidates it through chargesKey (useChargeMutation).
 */
export const debtorsQueryOptions = (clubId: string, filter: TDebtorQuery) =>
  queryOptions({
    queryKey: chargesKey(clubId, 'debtors', filter),
    queryFn: () => listDebtors(clubId, filter),
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchInterval: WAITING_POLL_MS,
  });

export const useDebtors = (clubId: string, filter: TDebtorQuery) => useQuery(debtorsQueryOptions(clubId, filter));
