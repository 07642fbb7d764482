import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnreadCounts } from '@shared/notifications';
import { api } from '@web/lib/api';

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    queryFn: () => api<TUnreadCounts>('GET', '/api/notifications/unread'),
    // The bell follows new notifications without a push: every 30 s and when the tab comes back.
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

export function useUnreadCounts(enabled = true) {
  return useQuery({ ...unreadQueryOptions(), enabled });
}

/**
 * Unread of one club plus the account's own (which belong to no club). With no club (a guardian, who
 * belongs to none; /familia), every unread one: the list shown under it is every club's too.
 */
export function unreadFor(counts: TUnreadCounts | undefined, clubId: string | null): number {
  if (!counts) return 0;
  if (clubId === null) return counts.total;
  const ofClubs = counts.clubs.reduce((sum, c) => sum + c.unread, 0);
  const own = counts.total - ofClubs;
  return own + (counts.clubs.find((c) => c.club_id === clubId)?.unread ?? 0);
}
