import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddMember, TAddMemberResult } from '@shared/members';
import { api } from '@web/lib/api';

export function addMember(clubId: string, input: TAddMember): Promise<TAddMemberResult> {
  return api<TAddMemberResult>('POST', `/api/clubs/${clubId}/members`, input);
}

/** Adds at once, or answers with an invitation link for an e-mail without account. */
export function useAddMember(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TAddMember) => addMember(clubId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
}
