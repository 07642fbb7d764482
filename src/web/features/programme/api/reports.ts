import { useQuery } from '@tanstack/react-query';
import type { TReportKind, TReportRows } from '@shared/programme-reports';
import { api } from '@web/lib/api';
import { programmeKey, programmeUrl } from './keys';

/** A report of the programme (secretary and direction); `weeks` is the stale report's window. */
export const useProgrammeReport = <K extends TReportKind>(clubId: string, kind: K, weeks: number) =>
  useQuery({
    queryKey: programmeKey(clubId, 'reports', kind, kind === 'stale' ? String(weeks) : ''),
    queryFn: () => api<TReportRows[K]>('GET', `${programmeUrl(clubId)}/reports/${kind}${kind === 'stale' ? `?weeks=${weeks}` : ''}`),
  });

/** Download address of a report as CSV. */
export const reportCsvUrl = (clubId: string, kind: TReportKind, weeks: number) => `${programmeUrl(clubId)}/reports/${kind}.csv${kind === 'stale' ? `?weeks=${weeks}` : ''}`;
