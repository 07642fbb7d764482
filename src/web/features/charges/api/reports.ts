import { useQuery } from '@tanstack/react-query';
import type { TChargeReportKind, TDefaultsReport, TEventsReport, TReceivablesReport } from '@shared/charge-reports';
import { api } from '@web/lib/api';
import { chargesKey } from './keys';

export interface ChargeReports {
  receivables: TReceivablesReport;
  defaults: TDefaultsReport;
  events: TEventsReport;
}

const reportPath = (clubId: string, kind: TChargeReportKind) => `/api/clubs/${clubId}/reports/${kind}`;

/** One receivables report of a year (JSON). */
export const useChargeReport = <K extends TChargeReportKind>(clubId: string, kind: K, year: number) =>
  useQuery({
    queryKey: chargesKey(clubId, 'reports', kind, year),
    queryFn: () => api<ChargeReports[K]>('GET', `${reportPath(clubId, kind)}?year=${year}`),
  });

/** Download address of a report as CSV. */
export const chargeReportCsvUrl = (clubId: string, kind: TChargeReportKind, year: number) => `${reportPath(clubId, kind)}.csv?year=${year}`;
