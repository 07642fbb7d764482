import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlatformReport } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

export function getPlatformReport(months: number): Promise<TPlatformReport> {
  return api<TPlatformReport>('GET', `/api/admin/reports?months=${months}`);
}

/** Where the CSV export downloads from (a plain link: the session cookie goes along). */
export const reportCsvUrl = (months: number) => `/api/admin/reports/export.csv?months=${months}`;

export const platformReportQueryOptions = (months: number) =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'reports', months], queryFn: () => getPlatformReport(months), placeholderData: keepPreviousData });

export function usePlatformReport(months: number) {
  return useQuery(platformReportQueryOptions(months));
}
