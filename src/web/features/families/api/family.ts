import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConsentText, TFamilyChild } from '@shared/families';
import type { TSubmissionInfo } from '@shared/progress';
import { api, apiUpload } from '@web/lib/api';

export const familyQueryOptions = () => queryOptions({ queryKey: ['family'], queryFn: () => api<TFamilyChild[]>('GET', '/api/family') });

export function useFamily(enabled = true) {
  return useQuery({ ...familyQueryOptions(), enabled });
}

const child = (memberId: string) => `/api/family/children/${encodeURIComponent(memberId)}`;

export function useChildConsentText(memberId: string | null) {
  return useQuery({
    queryKey: ['family', memberId, 'consent-text'],
    queryFn: () => api<TConsentText>('GET', `${child(memberId ?? '')}/consent-text`),
    enabled: memberId !== null,
  });
}

export function useWithdrawConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api('DELETE', `${child(memberId)}/consent`),
    onSuccess: () => qc.invalidateQueries({ queryKey: familyQueryOptions().queryKey }),
  });
}

export function useGiveConsentAgain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, version }: { memberId: string; version: number }) => api('POST', `${child(memberId)}/consent`, { accept: true, consent_version: version }),
    onSuccess: () => qc.invalidateQueries({ queryKey: familyQueryOptions().queryKey }),
  });
}

/** A guardian sends a task's evidence for a child without an account (when the club allows it). */
export function useSendEvidenceForChild() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, taskId, file, comment }: { memberId: string; taskId: string; file: File; comment: string }) => {
      const form = new FormData();
      form.append('comment', comment);
      form.append('file', file);
      return apiUpload<TSubmissionInfo>(`${child(memberId)}/tasks/${encodeURIComponent(taskId)}/submissions`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: familyQueryOptions().queryKey }),
  });
}

/** The guardian allows (or stops) push notifications to the child's own phone. */
export function useSetChildPush() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, allowed }: { memberId: string; allowed: boolean }) => api('PUT', `${child(memberId)}/push`, { allowed }),
    onSuccess: () => qc.invalidateQueries({ queryKey: familyQueryOptions().queryKey }),
  });
}
