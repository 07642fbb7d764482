import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAta, TAtaInput, TAtaRollCall, TAtaSummary, TCitableVoto, TSecretariaPerson } from '@shared/secretaria';
import { api } from '@web/lib/api';
import { secretariaKey, secretariaPath } from './keys';

export const atasQueryOptions = (clubId: string, year: number) =>
  queryOptions({ queryKey: secretariaKey(clubId, 'atas', year), queryFn: () => api<TAtaSummary[]>('GET', secretariaPath(clubId, `/atas?year=${year}`)) });
export const useAtas = (clubId: string, year: number) => useQuery(atasQueryOptions(clubId, year));

export const ataQueryOptions = (clubId: string, id: string) =>
  queryOptions({ queryKey: secretariaKey(clubId, 'ata', id), queryFn: () => api<TAta>('GET', secretariaPath(clubId, `/atas/${id}`)) });
export const useAta = (clubId: string, id: string) => useQuery(ataQueryOptions(clubId, id));

/** The club's people for the list of present and the acts (leaders first). */
export const usePeople = (clubId: string) =>
  useQuery({ queryKey: secretariaKey(clubId, 'people'), queryFn: () => api<TSecretariaPerson[]>('GET', secretariaPath(clubId, '/people')) });

/** The roll calls taken on a date: what an ata of that date may take as its attendance. */
export const useRollCallsOn = (clubId: string, date: string | null) =>
  useQuery({
    queryKey: secretariaKey(clubId, 'roll-calls', date ?? ''),
    queryFn: () => api<TAtaRollCall[]>('GET', secretariaPath(clubId, `/atas/roll-calls?date=${date}`)),
    enabled: date !== null,
  });

/** The numbered votos an act may cite. */
export const useCitableVotos = (clubId: string) =>
  useQuery({ queryKey: secretariaKey(clubId, 'votos'), queryFn: () => api<TCitableVoto[]>('GET', secretariaPath(clubId, '/votos')) });

function useSecretariaMutation<I, O>(clubId: string, fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: secretariaKey(clubId) }) });
}

export const useSaveAta = (clubId: string) =>
  useSecretariaMutation(clubId, ({ id, input }: { id: string | null; input: TAtaInput }) =>
    id ? api<TAta>('PUT', secretariaPath(clubId, `/atas/${id}`), input) : api<TAta>('POST', secretariaPath(clubId, '/atas'), input));

export const useApproveAta = (clubId: string) =>
  useSecretariaMutation(clubId, ({ id, approvedInId }: { id: string; approvedInId: string | null }) =>
    api<TAta>('POST', secretariaPath(clubId, `/atas/${id}/approve`), { approved_in_id: approvedInId }));

export const useCloseAta = (clubId: string) =>
  useSecretariaMutation(clubId, (id: string) => api<TAta>('POST', secretariaPath(clubId, `/atas/${id}/close`)));

export { useSecretariaMutation };

/** The whole year's atas, in number order: the printable volume with its index. */
export const useYearBook = (clubId: string, year: number) =>
  useQuery({ queryKey: secretariaKey(clubId, 'livro', year), queryFn: () => api<TAta[]>('GET', secretariaPath(clubId, `/livro-de-atas?year=${year}`)) });
