import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMonthlyReportRow } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

/** Income and expense per month, last 12 months, oldest first. */
export const getMonthlyReport = (clubId: string) => api<TMonthlyReportRow[]>('GET', `/api/clubs/${clubId}/finance/reports/monthly`);

export const monthlyReportQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: financeKey(clubId, 'reports', 'monthly'), queryFn: () => getMonthlyReport(clubId) });

export const useMonthlyReport = (clubId: string) => useQuery(monthlyReportQueryOptions(clubId));
