import { useQuery } from '@tanstack/react-query';
import type { TOficio, TOficioInput } from '@shared/secretaria';
import { api, apiUpload } from '@web/lib/api';
import { useSecretariaMutation } from './atas';
import { secretariaKey, secretariaPath } from './keys';

export const useOficios = (clubId: string, year: number, search: string) =>
  useQuery({
    queryKey: secretariaKey(clubId, 'oficios', year, search),
    queryFn: () => api<TOficio[]>('GET', secretariaPath(clubId, `/oficios?${new URLSearchParams({ year: String(year), ...(search ? { q: search } : {}) }).toString()}`)),
  });

export const useOficio = (clubId: string, id: string) =>
  useQuery({ queryKey: secretariaKey(clubId, 'oficio', id), queryFn: () => api<TOficio>('GET', secretariaPath(clubId, `/oficios/${id}`)) });

export const oficioFileHref = (clubId: string, id: string) => secretariaPath(clubId, `/oficios/${id}/arquivo`);

export const useSendOficio = (clubId: string) =>
  useSecretariaMutation(clubId, (input: TOficioInput) => api<TOficio>('POST', secretariaPath(clubId, '/oficios'), input));

/** Correspondence received: the text fields and the scanned file, multipart. */
export const useReceiveOficio = (clubId: string) =>
  useSecretariaMutation(clubId, (form: FormData) => apiUpload<TOficio>(secretariaPath(clubId, '/oficios/recebidos'), form));
