import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReport, TReportSummary } from '@shared/associacao-reports';
import { api } from '@web/lib/api';

export const reportsKey = (clubId: string) => ['clubs', clubId, 'associacao', 'reports'] as const;

export function getReports(clubId: string): Promise<TReportSummary[]> {
  return api<TReportSummary[]>('GET', `/api/clubs/${clubId}/associacao/reports`);
}

export const reportsQueryOptions = (clubId: string) => queryOptions({ queryKey: reportsKey(clubId), queryFn: () => getReports(clubId) });

export function useReports(clubId: string) {
  return useQuery(reportsQueryOptions(clubId));
}

export function getReport(clubId: string, id: string): Promise<TReport> {
  return api<TReport>('GET', `/api/clubs/${clubId}/associacao/reports/${id}`);
}

export const reportQueryOptions = (clubId: string, id: string) => queryOptions({ queryKey: [...reportsKey(clubId), id], queryFn: () => getReport(clubId, id) });

export function useReport(clubId: string, id: string) {
  return useQuery(reportQueryOptions(clubId, id));
}

/** The report's CSV (a download link). */
export const reportCsvHref = (clubId: string, id: string) => `/api/clubs/${clubId}/associacao/reports/${id}/report.csv`;
