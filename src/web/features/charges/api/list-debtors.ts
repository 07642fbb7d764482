import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDebtorQuery, TDebtors } from '@shared/charges';
import { api } from '@web/lib/api';
import { chargesKey } from './keys';

export function listDebtors(clubId: string, filter: TDebtorQuery): Promise<TDebtors> {
  const params = new URLSearchParams();
  if (filter.unit_id) params.set('unit_id', filter.unit_id);
  if (filter.origin) params.set('origin', filter.origin);
  if (filter.event_id) params.set('event_id', filter.event_id);
  const qs = params.toString();
  return api<TDebtors>('GET', `/api/clubs/${clubId}/debtors${qs ? `?${qs}` : ''}`);
}

export const debtorsQueryOptions = (clubId: string, filter: TDebtorQuery) =>
  queryOptions({ queryKey: chargesKey(clubId, 'debtors', filter), queryFn: () => listDebtors(clubId, filter) });

export const useDebtors = (clubId: string, filter: TDebtorQuery) => useQuery(debtorsQueryOptions(clubId, filter));
