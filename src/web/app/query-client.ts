import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/**
 * Spec 9: fresh 5 min, cache 10 min, no refetch on window focus, one retry. A 401 on any call means
 * the session is gone (signed out elsewhere, expired, or the account was blocked): the cache is
 * dropped and the user set to null, so the guards send the person to /login at once.
 */
export function createQueryClient(): QueryClient {
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401 && client.getQueryData(['auth', 'me'])) {
      client.clear();
      client.setQueryData(['auth', 'me'], null);
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        refetchOnWindowFocus: false,
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
