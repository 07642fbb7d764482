import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { forgetKeptAnswers } from '../lib/kept-answers';

/**
 * Screens follow other people's changes (issue 31, which replaces spec 9's 5 min and no refetch on
 * focus): an answer is fresh for 30 s, so coming back to a screen or to the window reads it again;
 * screens where people wait for others (approvals, roll call, ranking) also poll. Every successful
 * change of one's own marks every answer stale (the server's answer cache makes the re-reads cheap),
 * so a person's change shows on every screen they touch. Cache 10 min, one retry. A 401 on any call means
 * the session is gone (signed out elsewhere, expired, or the account was blocked): the cache is
 * dropped and the user set to null, so the guards send the person to /login at once.
 */
const FRESH_MS = 30_000;

export function createQueryClient(): QueryClient {
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401 && client.getQueryData(['auth', 'me'])) {
      client.clear();
      forgetKeptAnswers();
      client.setQueryData(['auth', 'me'], null);
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError,
      // Not awaited: the screen that changed something refreshes what it shows itself; this reaches the rest.
      onSuccess: (_data, _vars, _ctx, mutation) => {
        if (mutation.meta?.keepAnswers) return;
        // A one-time link's preview (meta.once) is never read again: once used, the link answers 404.
        void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && !q.meta?.once });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: FRESH_MS,
        gcTime: 10 * 60 * 1000,
        refetchOnWindowFocus: true,
        retry: 1,
        // Try once even with no connection: the service worker may answer from its cache (the
        // roll call opens offline, issue 15); only retries wait for the connection.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: 0 },
    },
  });
  return client;
}
