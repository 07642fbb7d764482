import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TRegionalView } from '@shared/associacao-regional';
import { api } from '@web/lib/api';

/** The clubs that shared the regional view with the account's confirmed e-mail, side by side. */
export const regionalQueryOptions = () => queryOptions({ queryKey: ['regional', 'clubs'] as const, queryFn: () => api<TRegionalView>('GET', '/api/regional/clubs') });

export function useRegionalView() {
  return useQuery(regionalQueryOptions());
}

/** How many clubs the account sees: the menu shows 'Visão regional' only when there is one. */
export const regionalSummaryQueryOptions = () => queryOptions({
  queryKey: ['regional', 'summary'] as const,
  queryFn: () => api<{ email_verified: boolean; clubs: number }>('GET', '/api/regional/summary'),
  staleTime: 5 * 60_000,
});

export function useRegionalSummary(enabled: boolean) {
  return useQuery({ ...regionalSummaryQueryOptions(), enabled });
}

/** Mails a link that confirms the account's e-mail. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: () => api<{ ok: true; message: string }>('POST', '/api/auth/email/verify', {}) });
}
