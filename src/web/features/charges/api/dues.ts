import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDuesExceptionInput, TDuesPlan, TDuesPlanInput, TDuesSetup, TGenerateDuesResult } from '@shared/dues';
import { api } from '@web/lib/api';
import { chargesKey } from './keys';

export const useDuesSetup = (clubId: string) =>
  useQuery({ queryKey: chargesKey(clubId, 'dues'), queryFn: () => api<TDuesSetup>('GET', `/api/clubs/${clubId}/dues-plan`) });

function useDuesMutation<I, O>(clubId: string, fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: chargesKey(clubId) }) });
}

export const useSaveDuesPlan = (clubId: string) =>
  useDuesMutation(clubId, (input: TDuesPlanInput) => api<TDuesPlan>('PUT', `/api/clubs/${clubId}/dues-plan`, input));

export const useSaveDuesException = (clubId: string) =>
  useDuesMutation(clubId, ({ profileId, input }: { profileId: string; input: TDuesExceptionInput }) =>
    api<TDuesSetup>('PUT', `/api/clubs/${clubId}/dues-exceptions/${profileId}`, input));

export const useRemoveDuesException = (clubId: string) =>
  useDuesMutation(clubId, (profileId: string) => api<TDuesSetup>('DELETE', `/api/clubs/${clubId}/dues-exceptions/${profileId}`));

export const useGenerateDues = (clubId: string) =>
  useDuesMutation(clubId, (month: string) => api<TGenerateDuesResult>('POST', `/api/clubs/${clubId}/dues/generate`, { month }));
