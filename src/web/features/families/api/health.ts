import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { THealthFormInput, THealthRecord } from '@shared/families';
import { api } from '@web/lib/api';

/** Where a health form lives: a club's member record (staff, the member) or a guardian's child. */
export type HealthTarget = { kind: 'club'; clubId: string; memberId: string } | { kind: 'family'; memberId: string };

const url = (t: HealthTarget) => (t.kind === 'club'
  ? `/api/clubs/${t.clubId}/members/${encodeURIComponent(t.memberId)}/health`
  : `/api/family/children/${encodeURIComponent(t.memberId)}/health`);
const key = (t: HealthTarget) => ['health', t.kind, t.kind === 'club' ? t.clubId : '', t.memberId];

/** Every read is audited on the server, so the form is fetched only when opened. */
export function useHealthForm(target: HealthTarget, enabled: boolean) {
  return useQuery({ queryKey: key(target), queryFn: () => api<THealthRecord>('GET', url(target)), enabled, retry: false, staleTime: 0, gcTime: 0 });
}

export function useSaveHealthForm(target: HealthTarget) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: THealthFormInput) => api<THealthRecord>('PUT', url(target), input),
    onSuccess: (saved) => qc.setQueryData(key(target), saved),
  });
}

export function useHealthForms(clubId: string | null, unitId: string) {
  return useQuery({
    queryKey: ['health', 'print', clubId, unitId],
    queryFn: () => api<THealthRecord[]>('GET', `/api/clubs/${clubId}/health-forms${unitId ? `?unit_id=${unitId}` : ''}`),
    enabled: clubId !== null,
    retry: false,
    gcTime: 0,
  });
}
