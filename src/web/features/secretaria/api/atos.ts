import { useQuery } from '@tanstack/react-query';
import type { TAto, TAtoInput } from '@shared/secretaria';
import { api } from '@web/lib/api';
import { useSecretariaMutation } from './atas';
import { secretariaKey, secretariaPath } from './keys';

export const useAtos = (clubId: string, year: number) =>
  useQuery({ queryKey: secretariaKey(clubId, 'atos', year), queryFn: () => api<TAto[]>('GET', secretariaPath(clubId, `/atos?year=${year}`)) });

export const useSaveAto = (clubId: string) =>
  useSecretariaMutation(clubId, ({ draftId, input }: { draftId: string | null; input: TAtoInput }) =>
    draftId ? api<TAto>('POST', secretariaPath(clubId, `/atos/${draftId}/confirm`), input) : api<TAto>('POST', secretariaPath(clubId, '/atos'), input));

export const useDiscardAto = (clubId: string) =>
  useSecretariaMutation(clubId, (id: string) => api<{ ok: true }>('DELETE', secretariaPath(clubId, `/atos/${id}`)));
