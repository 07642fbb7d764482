import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';

/** The programme's routes of one club. */
export const programmeUrl = (clubId: string) => `/api/clubs/${clubId}/programme`;

/** Every programme query of a club lives under ['clubs', clubId, 'programme']. */
export const programmeKey = (clubId: string, ...rest: string[]) => ['clubs', clubId, 'programme', ...rest];

/** Every query of the club's programme but the catalogue (platform data that no club write changes). */
const isProgrammeData = (clubId: string) => (q: Query) =>
  q.queryKey[0] === 'clubs' && q.queryKey[1] === clubId && q.queryKey[2] === 'programme' && q.queryKey[3] !== 'catalogue';

/** Every write of the programme can change lists, cartões and grids: refresh them all. */
export const refreshProgramme = (qc: QueryClient, clubId: string) => qc.invalidateQueries({ predicate: isProgrammeData(clubId) });

/** `refreshProgramme` for a mutation's onSuccess. */
export function useRefreshProgramme(clubId: string) {
  const qc = useQueryClient();
  return () => refreshProgramme(qc, clubId);
}
