import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEvalImport, TEvalImportResult, TEvalItemInput, TEvalItemList, TEvalMarkInput, TEvaluation } from '@shared/associacao-evaluation';
import { api } from '@web/lib/api';

/** The Associação's evaluation (issue 48): the club's checklist and score, its item list, the hand marks and the CSV. */

const evaluationKey = (clubId: string) => ['clubs', clubId, 'associacao', 'evaluation'];

/** `year` null: the club's current year. */
export const evaluationQueryOptions = (clubId: string, year: number | null) =>
  queryOptions({ queryKey: [...evaluationKey(clubId), year], queryFn: () => api<TEvaluation>('GET', `/api/clubs/${clubId}/associacao/evaluation${year === null ? '' : `?year=${year}`}`) });

export function useEvaluation(clubId: string, year: number | null) {
  return useQuery(evaluationQueryOptions(clubId, year));
}

function useEvaluationMutation<I, O>(clubId: string, mutationFn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: evaluationKey(clubId) }) });
}

export function useMarkItem(clubId: string) {
  return useEvaluationMutation(clubId, (input: TEvalMarkInput) => api<{ ok: true }>('PUT', `/api/clubs/${clubId}/associacao/evaluation/mark`, input));
}

export function useSaveItems(clubId: string) {
  return useEvaluationMutation(clubId, (items: TEvalItemInput[]) => api<TEvalItemList>('PUT', `/api/clubs/${clubId}/associacao/evaluation/items`, { items }));
}

export function useResetItems(clubId: string) {
  return useEvaluationMutation(clubId, () => api<TEvalItemList>('DELETE', `/api/clubs/${clubId}/associacao/evaluation/items`));
}

export function useImportItems(clubId: string) {
  return useEvaluationMutation(clubId, (input: TEvalImport) => api<TEvalImportResult>('POST', `/api/clubs/${clubId}/associacao/evaluation/items/import`, input));
}

/** The item list's CSV (a download link). */
export const evaluationCsvHref = (clubId: string) => `/api/clubs/${clubId}/associacao/evaluation/items.csv`;
