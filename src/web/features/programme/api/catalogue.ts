import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCatalogue } from '@shared/programme';
import { apiKept } from '@web/lib/kept-answers';
import { programmeKey, programmeUrl } from './keys';

export const catalogueQuery = (clubId: string) =>
  // Platform data that only a new release changes.
  // Kept on the device: the grid opens offline (issue 34).
  queryOptions({ queryKey: programmeKey(clubId, 'catalogue'), queryFn: () => apiKept<TCatalogue>(`${programmeUrl(clubId)}/catalogue`), staleTime: 60 * 60_000 });

export const useCatalogue = (clubId: string) => useQuery(catalogueQuery(clubId));
