import { useMutation, useQuery } from '@tanstack/react-query';
import type { TInvestiture, TInvestitureInput, TReadyEntry } from '@shared/programme';
import { api } from '@web/lib/api';
import { programmeKey, programmeUrl, useRefreshProgramme } from './keys';

/** Who has every requisito of an item signed and waits for the investidura. */
export const useReady = (clubId: string) => useQuery({ queryKey: programmeKey(clubId, 'ready'), queryFn: () => api<TReadyEntry[]>('GET', `${programmeUrl(clubId)}/ready`) });

/** Past investiduras, latest first: their certificates reopen and reprint. */
export const useInvestitures = (clubId: string) =>
  useQuery({ queryKey: programmeKey(clubId, 'investitures'), queryFn: () => api<{ id: string; held_on: string; place: string; count: number }[]>('GET', `${programmeUrl(clubId)}/investitures`) });

export function useRecordInvestiture(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({ mutationFn: (input: TInvestitureInput) => api<TInvestiture>('POST', `${programmeUrl(clubId)}/investitures`, input), onSuccess: refresh });
}

export const useInvestiture = (clubId: string, id: string) =>
  useQuery({ queryKey: programmeKey(clubId, 'investiture', id), queryFn: () => api<TInvestiture>('GET', `${programmeUrl(clubId)}/investitures/${id}`) });
