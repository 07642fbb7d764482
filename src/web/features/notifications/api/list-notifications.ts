import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TNotificationPage } from '@shared/notifications';
import { api } from '@web/lib/api';

export const notificationsQueryOptions = (clubId: string | null) =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list', clubId],
    queryFn: ({ pageParam }) => {
      const p = new URLSearchParams({ limit: '20' });
      if (clubId) p.set('club_id', clubId);
      if (pageParam) p.set('after', pageParam);
      return api<TNotificationPage>('GET', `/api/notifications?${p.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchOnWindowFocus: true,
  });

/** The person's notifications of a club (and the account's own), 20 at a time, newest first. */
export function useNotifications(clubId: string | null) {
  return useInfiniteQuery(notificationsQueryOptions(clubId));
}
