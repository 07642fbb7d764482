import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEvalImport, TEvalImportResult, TEvalItemInput, TEvalItemList } from '@shared/associacao-evaluation';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

/** The platform's example evaluation list (issue 48): every club without a list of its own uses it. */

export const evaluationItemsQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'evaluation-items'], queryFn: () => api<TEvalItemList>('GET', '/api/admin/evaluation/items') });

export function useEvaluationItems() {
  return useQuery(evaluationItemsQueryOptions());
}

function useItemsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: evaluationItemsQueryOptions().queryKey }) });
}

/** Replaces the whole list. */
export function useSaveEvaluationItems() {
  return useItemsMutation((items: TEvalItemInput[]) => api<TEvalItemList>('PUT', '/api/admin/evaluation/items', { items }));
}

/** A CSV: `dry_run` answers the preview; then all rows or none. */
export function useImportEvaluationItems() {
  return useItemsMutation((input: TEvalImport) => api<TEvalImportResult>('POST', '/api/admin/evaluation/items/import', input));
}

export const evaluationItemsCsvHref = '/api/admin/evaluation/items.csv';
