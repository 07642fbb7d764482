import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TClubAuditPage, TPlatformAuditPage } from '@shared/audit';
import { api } from '@web/lib/api';

export interface AuditFilters {
  /** A domain ('transaction') or '' (everything). */
  action: string;
  /** A person's id (club) or a club's id (platform), or '' — set by clicking a name in the list. */
  who: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', who: '', from: '', to: '' };

function params(f: AuditFilters, whoKey: 'actor_id' | 'club_id', after: string | null): string {
  const p = new URLSearchParams();
  if (f.action) p.set('action', f.action);
  if (f.who) p.set(whoKey, f.who);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (after) p.set('after', after);
  return p.toString();
}

/** The club's 'Registro de atividades', 50 at a time: each 'Carregar mais' asks for the page after the last cursor. */
export function useClubAudit(clubId: string, f: AuditFilters) {
  return useInfiniteQuery(infiniteQueryOptions({
    queryKey: ['clubs', clubId, 'audit', f],
    queryFn: ({ pageParam }) => api<TClubAuditPage>('GET', `/api/clubs/${clubId}/audit?${params(f, 'actor_id', pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  }));
}

/** The platform's 'Auditoria' (super admin), paged the same way. */
export function usePlatformAudit(f: AuditFilters) {
  return useInfiniteQuery(infiniteQueryOptions({
    queryKey: ['admin', 'audit', f],
    queryFn: ({ pageParam }) => api<TPlatformAuditPage>('GET', `/api/admin/audit?${params(f, 'club_id', pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  }));
}
