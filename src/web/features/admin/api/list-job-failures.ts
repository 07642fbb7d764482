import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJobFailure } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

/** Background jobs failing now, per club or as a whole, the most recent first (retried by the server each run). */
export const jobFailuresQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'job-failures'], queryFn: () => api<TJobFailure[]>('GET', '/api/admin/job-failures') });

export function useJobFailures() {
  return useQuery({ ...jobFailuresQueryOptions(), refetchInterval: 60_000 });
}
