import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTermoAdesao } from '@shared/associacao';
import { api } from '@web/lib/api';

/** A volunteer's termo de adesão, pre-filled for printing (Lei 9.608/1998). */
export function getTermoAdesao(clubId: string, memberId: string): Promise<TTermoAdesao> {
  return api<TTermoAdesao>('GET', `/api/clubs/${clubId}/associacao/diretoria/termo/${memberId}`);
}

export const termoAdesaoQueryOptions = (clubId: string, memberId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'associacao', 'diretoria', 'termo', memberId], queryFn: () => getTermoAdesao(clubId, memberId), retry: false });

export function useTermoAdesao(clubId: string, memberId: string) {
  return useQuery(termoAdesaoQueryOptions(clubId, memberId));
}
