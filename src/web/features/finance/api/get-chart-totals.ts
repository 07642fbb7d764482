import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChartTotalRow } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

export function getChartTotals(clubId: string, from: string, to: string) {
  const q = new URLSearchParams({ from, to });
  return api<TChartTotalRow[]>('GET', `/api/clubs/${clubId}/finance/reports/by-chart-account?${q.toString()}`);
}

export const chartTotalsQueryOptions = (clubId: string, from: string, to: string) =>
  queryOptions({ queryKey: financeKey(clubId, 'reports', 'by-chart-account', from, to), queryFn: () => getChartTotals(clubId, from, to) });

export function useChartTotals(clubId: string, from: string, to: string, enabled: boolean) {
  return useQuery({ ...chartTotalsQueryOptions(clubId, from, to), enabled });
}

/** The CSV download URL (the browser sends the session cookie). */
export function transactionsCsvUrl(clubId: string, from: string, to: string): string {
  return `/api/clubs/${clubId}/finance/transactions.csv?${new URLSearchParams({ from, to }).toString()}`;
}
