import { useMutation, useQuery } from '@tanstack/react-query';
import type { TRequirement, TRequirementInput } from '@shared/programme';
import { api } from '@web/lib/api';
import { programmeKey, programmeUrl, useRefreshProgramme } from './keys';

/** The club's requisitos of one class or especialidade, in order. */
export const useRequirements = (clubId: string, itemCode: string | null) =>
  useQuery({
    queryKey: programmeKey(clubId, 'requirements', itemCode ?? ''),
    queryFn: () => api<TRequirement[]>('GET', `${programmeUrl(clubId)}/items/${itemCode ?? ''}/requirements`),
    enabled: Boolean(itemCode),
  });

/** Adds a requisito to the item (id null) or edits one. */
export function useSaveRequirement(clubId: string, itemCode: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TRequirementInput }) =>
      id
        ? api<TRequirement>('PUT', `${programmeUrl(clubId)}/requirements/${id}`, input)
        : api<TRequirement>('POST', `${programmeUrl(clubId)}/items/${itemCode}/requirements`, input),
    onSuccess: refresh,
  });
}

export function useRemoveRequirement(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({ mutationFn: (id: string) => api<{ ok: true }>('DELETE', `${programmeUrl(clubId)}/requirements/${id}`), onSuccess: refresh });
}

export function useReorderRequirements(clubId: string, itemCode: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({ mutationFn: (ids: string[]) => api<TRequirement[]>('PUT', `${programmeUrl(clubId)}/items/${itemCode}/requirements/order`, { ids }), onSuccess: refresh });
}
