import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConsentText, TFamilyChild } from '@shared/families';
import { api } from '@web/lib/api';

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
