import { useQuery } from '@tanstack/react-query';
import type { TVisita, TVisitaInput } from '@shared/secretaria';
import { api } from '@web/lib/api';
import { useSecretariaMutation } from './atas';
import { secretariaKey, secretariaPath } from './keys';

export const useVisitas = (clubId: string, year: number, enabled = true) =>
  useQuery({ queryKey: secretariaKey(clubId, 'visitas', year), queryFn: () => api<TVisita[]>('GET', secretariaPath(clubId, `/visitas?year=${year}`)), enabled });

export const useSignVisitBook = (clubId: string) =>
  useSecretariaMutation(clubId, (input: TVisitaInput) => api<TVisita>('POST', secretariaPath(clubId, '/visitas'), input));
