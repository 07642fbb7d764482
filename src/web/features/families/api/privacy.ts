import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConsentText, TPrivacyNotice, TPrivacySettings } from '@shared/families';
import { api } from '@web/lib/api';

export const consentTextQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'consent-text'], queryFn: () => api<TConsentText>('GET', `/api/clubs/${clubId}/consent-text`) });

export function useConsentText(clubId: string | null) {
  return useQuery({ ...consentTextQueryOptions(clubId ?? ''), enabled: clubId !== null });
}

export function useSaveConsentText(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<TConsentText>('PUT', `/api/clubs/${clubId}/consent-text`, { body }),
    onSuccess: (saved) => qc.setQueryData(consentTextQueryOptions(clubId).queryKey, saved),
  });
}

export const privacySettingsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'privacy-settings'], queryFn: () => api<TPrivacySettings>('GET', `/api/clubs/${clubId}/privacy-settings`) });

export function usePrivacySettings(clubId: string | null) {
  return useQuery({ ...privacySettingsQueryOptions(clubId ?? ''), enabled: clubId !== null });
}

export function useSavePrivacySettings(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TPrivacySettings) => api<TPrivacySettings>('PUT', `/api/clubs/${clubId}/privacy-settings`, input),
    onSuccess: (saved) => qc.setQueryData(privacySettingsQueryOptions(clubId).queryKey, saved),
  });
}

export function usePrivacyNotice(clubId: string) {
  return useQuery({ queryKey: ['privacy', clubId], queryFn: () => api<TPrivacyNotice>('GET', `/api/privacy/${encodeURIComponent(clubId)}`), enabled: clubId !== '', retry: false });
}
