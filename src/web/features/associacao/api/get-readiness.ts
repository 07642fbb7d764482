import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReadiness } from '@shared/associacao';
import { api } from '@web/lib/api';

export function getReadiness(clubId: string): Promise<TReadiness> {
  return api<TReadiness>('GET', `/api/clubs/${clubId}/associacao/readiness`);
}

export const readinessQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'associacao', 'readiness'], queryFn: () => getReadiness(clubId) });

export function useReadiness(clubId: string) {
  return useQuery(readinessQueryOptions(clubId));
}

/** The SGC export's address (a download link). */
export const sgcCsvHref = (clubId: string) => `/api/clubs/${clubId}/associacao/sgc.csv`;
