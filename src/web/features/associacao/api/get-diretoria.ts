import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDiretoria } from '@shared/associacao';
import { api } from '@web/lib/api';

export function getDiretoria(clubId: string): Promise<TDiretoria> {
  return api<TDiretoria>('GET', `/api/clubs/${clubId}/associacao/diretoria`);
}

export const diretoriaQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'associacao', 'diretoria'], queryFn: () => getDiretoria(clubId) });

export function useDiretoria(clubId: string) {
  return useQuery(diretoriaQueryOptions(clubId));
}
