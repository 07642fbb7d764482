import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConsentStatus } from '@shared/families';
import { api } from '@web/lib/api';

type Row = { member_id: string; birth_date: string | null; consent: TConsentStatus; health_access: boolean };

export const consentStatusQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'consent-status'], queryFn: () => api<Row[]>('GET', `/api/clubs/${clubId}/consent-status`) });

/** Consent of every member record of the club (directors only): one request for the whole list. */
export function useConsentStatuses(clubId: string) {
  return useQuery(consentStatusQueryOptions(clubId));
}
