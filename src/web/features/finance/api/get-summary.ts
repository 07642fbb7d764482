import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFinanceSummary } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

export const getFinanceSummary = (clubId: string) => api<TFinanceSummary>('GET', `/api/clubs/${clubId}/finance/summary`);

export const financeSummaryQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: financeKey(clubId, 'summary'), queryFn: () => getFinanceSummary(clubId) });

export const useFinanceSummary = (clubId: string) => useQuery(financeSummaryQueryOptions(clubId));
