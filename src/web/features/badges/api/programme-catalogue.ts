import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCatalogue } from '@shared/programme';
import { api } from '@web/lib/api';

/** The programme's classes, especialidades and areas, for the badge criteria (platform data: kept an hour). */
export const programmeCatalogueQueryOptions = () =>
  queryOptions({ queryKey: ['programme', 'catalogue'], queryFn: () => api<TCatalogue>('GET', '/api/programme/catalogue'), staleTime: 60 * 60_000 });

export function useProgrammeCatalogue(enabled = true) {
  return useQuery({ ...programmeCatalogueQueryOptions(), enabled });
}

/** A code's name in the catalogue ('AMIGO' → 'Amigo', 'EN' → 'Estudos da Natureza'), or the code. */
export function catalogueNames(catalogue: TCatalogue | undefined): (code: string) => string {
  const names = new Map<string, string>();
  for (const i of catalogue?.items ?? []) names.set(i.code, i.name);
  for (const a of catalogue?.areas ?? []) names.set(a.code, a.name);
  return (code) => names.get(code) ?? code;
}
