import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChartAccount } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

/** The whole chart of accounts, inactive accounts included (forms use the active ones). */
export const listChartAccounts = (clubId: string) => api<TChartAccount[]>('GET', `/api/clubs/${clubId}/chart-of-accounts?include_inactive=true`);

export const chartAccountsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: financeKey(clubId, 'chart-of-accounts'), queryFn: () => listChartAccounts(clubId) });

export const useChartAccounts = (clubId: string) => useQuery(chartAccountsQueryOptions(clubId));
