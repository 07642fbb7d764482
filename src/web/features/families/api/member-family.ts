import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGuardianInput, TGuardianInvitation, TMemberFamily } from '@shared/families';
import { api } from '@web/lib/api';

const base = (clubId: string, memberId: string) => `/api/clubs/${clubId}/members/${encodeURIComponent(memberId)}`;

export const memberFamilyQueryOptions = (clubId: string, memberId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'member-family', memberId], queryFn: () => api<TMemberFamily>('GET', `${base(clubId, memberId)}/family`) });

/** How often the panel reads again while an invitation e-mail is still on its way. */
const MAIL_POLL_MS = 3_000;

export function useMemberFamily(clubId: string | null, memberId: string, enabled: boolean) {
  return useQuery({
    ...memberFamilyQueryOptions(clubId ?? '', memberId),
    enabled: enabled && clubId !== null,
    // 'Enviando convite…' turns into 'Convite enviado' (or the failure) without F5.
    refetchInterval: (q) => (q.state.data?.guardians.some((g) => g.invitation_mail === 'pending' || g.invitation_mail === 'sending') ? MAIL_POLL_MS : false),
  });
}

function useInvalidate(clubId: string, memberId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['clubs', clubId] }).then(() => qc.invalidateQueries({ queryKey: memberFamilyQueryOptions(clubId, memberId).queryKey }));
}

export function useUpdateMemberFamily(clubId: string, memberId: string) {
  const invalidate = useInvalidate(clubId, memberId);
  return useMutation({
    mutationFn: (input: { birth_date?: string | null; adult_confirmed?: boolean; health_access?: boolean }) => api('PUT', `${base(clubId, memberId)}/family`, input),
    onSuccess: invalidate,
  });
}

export function useAddGuardian(clubId: string, memberId: string) {
  const invalidate = useInvalidate(clubId, memberId);
  return useMutation({
    mutationFn: (input: TGuardianInput) => api<TGuardianInvitation>('POST', `${base(clubId, memberId)}/guardians`, input),
    onSuccess: invalidate,
  });
}

export function useRenewGuardianLink(clubId: string, memberId: string) {
  return useMutation({ mutationFn: (guardianId: string) => api<TGuardianInvitation>('POST', `${base(clubId, memberId)}/guardians/${guardianId}/link`) });
}

export function useRemoveGuardian(clubId: string, memberId: string) {
  const invalidate = useInvalidate(clubId, memberId);
  return useMutation({ mutationFn: (guardianId: string) => api('DELETE', `${base(clubId, memberId)}/guardians/${guardianId}`), onSuccess: invalidate });
}
