import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TMember, TMemberPage } from '@shared/members';
import { MAX_PAGE_LIMIT } from '@shared/pagination';
import { api } from '@web/lib/api';

export interface MemberFilters {
  q: string;
  /** A unit id, 'none' or '' (any unit). */
  unitId: string;
  status: 'all' | 'active' | 'inactive';
  /** recentes (newest first), nome (as a Brazilian reads names) or pontos (most first). */
  sort: 'recentes' | 'nome' | 'pontos';
}

export const NO_MEMBER_FILTERS: MemberFilters = { q: '', unitId: '', status: 'all', sort: 'recentes' };

export function listMembers(clubId: string, f: MemberFilters, after: string | null, limit?: number): Promise<TMemberPage> {
  const params = new URLSearchParams({ q: f.q, status: f.status });
  if (f.unitId) params.set('unit_id', f.unitId);
  if (f.sort !== 'recentes') params.set('sort', f.sort);
  if (after) params.set('after', after);
  if (limit) params.set('limit', String(limit));
  return api<TMemberPage>('GET', `/api/clubs/${clubId}/members?${params.toString()}`);
}

/** Pages of members in the chosen order (newest first by default): each 'Carregar mais' fetches the page after the last cursor. */
export const membersQueryOptions = (clubId: string, f: MemberFilters = NO_MEMBER_FILTERS) =>
  infiniteQueryOptions({
    queryKey: ['clubs', clubId, 'members', 'pages', f],
    queryFn: ({ pageParam }) => listMembers(clubId, f, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });

export function useMembers(clubId: string, f: MemberFilters = NO_MEMBER_FILTERS) {
  return useInfiniteQuery(membersQueryOptions(clubId, f));
}

/**
 * Every active member, for pickers that must offer everyone ('Pontuar vários'): follows the cursor
 * to the last page, 200 at a time, so no one is silently left out however big the club is.
 */
export async function listAllActiveMembers(clubId: string): Promise<TMember[]> {
  const all: TMember[] = [];
  let after: string | null = null;
  do {
    const page = await listMembers(clubId, { ...NO_MEMBER_FILTERS, status: 'active' }, after, MAX_PAGE_LIMIT);
    all.push(...page.members);
    after = page.next_cursor;
  } while (after);
  return all;
}

export const allActiveMembersQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'members', 'all-active'], queryFn: () => listAllActiveMembers(clubId) });

export function useAllActiveMembers(clubId: string, enabled = true) {
  return useQuery({ ...allActiveMembersQueryOptions(clubId), enabled });
}
