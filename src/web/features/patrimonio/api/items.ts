import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBorrowers, TItem, TItemDetail, TItemInput, TLoan, TPatrimonioSummary, TWrittenOff } from '@shared/patrimonio';
import { api, apiUpload } from '@web/lib/api';

/** Patrimônio: items, one item, the summary, what is out, who may borrow (issue 50). */
const base = (clubId: string) => `/api/clubs/${clubId}/patrimonio`;
const root = (clubId: string) => ['clubs', clubId, 'patrimonio'] as const;

export const itemsQueryOptions = (clubId: string) => queryOptions({ queryKey: [...root(clubId), 'items'], queryFn: () => api<TItem[]>('GET', `${base(clubId)}/items`) });
export const useItems = (clubId: string) => useQuery(itemsQueryOptions(clubId));

export const itemQueryOptions = (clubId: string, id: string) => queryOptions({ queryKey: [...root(clubId), 'item', id], queryFn: () => api<TItemDetail>('GET', `${base(clubId)}/items/${id}`) });
export const useItem = (clubId: string, id: string) => useQuery(itemQueryOptions(clubId, id));

export const useSummary = (clubId: string) => useQuery({ queryKey: [...root(clubId), 'summary'], queryFn: () => api<TPatrimonioSummary>('GET', `${base(clubId)}/summary`) });
export const useOpenLoans = (clubId: string) => useQuery({ queryKey: [...root(clubId), 'loans'], queryFn: () => api<TLoan[]>('GET', `${base(clubId)}/loans`) });
export const useBorrowers = (clubId: string) => useQuery({ queryKey: [...root(clubId), 'borrowers'], queryFn: () => api<TBorrowers>('GET', `${base(clubId)}/borrowers`) });
export const useWrittenOff = (clubId: string) => useQuery({ queryKey: [...root(clubId), 'written-off'], queryFn: () => api<TWrittenOff[]>('GET', `${base(clubId)}/reports/written-off`) });

/** Every write changes the lists, the summary and the item: one invalidation of the domain's keys. */
function useDomainMutation<V>(clubId: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: root(clubId) }) });
}

export const useSaveItem = (clubId: string) =>
  useDomainMutation(clubId, ({ id, input }: { id: string | null; input: TItemInput }) =>
    id ? api<TItem>('PUT', `${base(clubId)}/items/${id}`, input) : api<TItem>('POST', `${base(clubId)}/items`, input));

export const useUploadItemFile = (clubId: string) =>
  useDomainMutation(clubId, ({ id, kind, file }: { id: string; kind: 'foto' | 'nfe' | 'termo'; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return apiUpload<TItemDetail>(`${base(clubId)}/items/${id}/files?kind=${kind}`, form);
  });

export const useRecordCheck = (clubId: string) =>
  useDomainMutation(clubId, ({ id, input }: { id: string; input: { kind: 'vistoria' | 'manutencao'; condition: string; note: string | null } }) =>
    api<TItemDetail>('POST', `${base(clubId)}/items/${id}/history`, input));

export const useWriteOff = (clubId: string) =>
  useDomainMutation(clubId, ({ id, input }: { id: string; input: { kind: 'baixa' | 'perda'; quantity: number | string; reason: string; church_vote: string | null } }) =>
    api<TItemDetail>('POST', `${base(clubId)}/items/${id}/write-off`, input));

export const useCheckOut = (clubId: string) =>
  useDomainMutation(clubId, ({ id, input }: { id: string; input: { borrower_kind: string; borrower_id: string; quantity: number | string; due_on: string } }) =>
    api<TItemDetail>('POST', `${base(clubId)}/items/${id}/check-out`, input));

export const useCheckIn = (clubId: string) =>
  useDomainMutation(clubId, ({ id, loanId, input }: { id: string; loanId: string; input: { condition: string; note: string | null } }) =>
    api<TItemDetail>('POST', `${base(clubId)}/items/${id}/loans/${loanId}/check-in`, input));

/** The file's address for an <img> or a link (the session cookie authorises it). */
export const fileUrl = (clubId: string, fileId: string) => `${base(clubId)}/files/${fileId}`;
export const reportUrl = (clubId: string, name: 'inventory.csv' | 'loans.csv' | 'written-off.csv') => `${base(clubId)}/reports/${name}`;
