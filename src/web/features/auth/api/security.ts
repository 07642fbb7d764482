import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TChangeEmail, TChangePassword, TClubSecurity, TForgotPassword, TMfaChallenge, TMfaEnrolment, TOutboxList, TOutboxMessage,
  TRecoveryCodes, TResetPassword, TSecurityOverview,
} from '@shared/security';
import { api } from '@web/lib/api';

type Message = { ok: true; message: string };

export const forgotPassword = (input: TForgotPassword) => api<Message>('POST', '/api/auth/password/forgot', input);
export const checkResetToken = (token: string) => api<{ valid: boolean }>('POST', '/api/auth/password/reset/check', { token });
export const resetPassword = (input: TResetPassword) => api<Message>('POST', '/api/auth/password/reset', input);
export const confirmEmail = (token: string) => api<Message>('POST', '/api/auth/email/confirm', { token });

export const securityQuery = () => queryOptions({ queryKey: ['auth', 'security'], queryFn: () => api<TSecurityOverview>('GET', '/api/auth/security') });
export const useSecurity = () => useQuery(securityQuery());

/** Every mutation of the 'Segurança' page refreshes its overview. */
function useSecurityMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['auth', 'security'] }) });
}

export const useChallenge = () => useMutation({ mutationFn: (input: TMfaChallenge) => api<{ ok: true }>('POST', '/api/auth/mfa/challenge', input) });
export const useStartEnrolment = () => useSecurityMutation(() => api<TMfaEnrolment>('POST', '/api/auth/mfa/enroll'));
export const useConfirmEnrolment = () => useSecurityMutation((code: string) => api<TRecoveryCodes>('POST', '/api/auth/mfa/verify', { code }));
export const useDisableMfa = () => useSecurityMutation((code: string) => api<{ ok: true }>('POST', '/api/auth/mfa/disable', { code }));
export const useRegenerateCodes = () => useSecurityMutation((code: string) => api<TRecoveryCodes>('POST', '/api/auth/mfa/recovery-codes', { code }));
export const useRevokeSession = () => useSecurityMutation((id: string) => api<{ ok: true }>('DELETE', `/api/auth/sessions/${id}`));
export const useRevokeOthers = () => useSecurityMutation(() => api<{ revoked: number }>('POST', '/api/auth/sessions/revoke-others'));
export const useChangePassword = () => useSecurityMutation((input: TChangePassword) => api<Message>('POST', '/api/auth/password/change', input));
export const useChangeEmail = () => useSecurityMutation((input: TChangeEmail) => api<Message>('POST', '/api/auth/email/change', input));

export const clubSecurityQuery = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'security'], queryFn: () => api<TClubSecurity>('GET', `/api/clubs/${clubId}/security`) });
export function useSaveClubSecurity(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TClubSecurity) => api<TClubSecurity>('PUT', `/api/clubs/${clubId}/security`, input),
    onSuccess: (data) => qc.setQueryData(clubSecurityQuery(clubId).queryKey, data),
  });
}

export const outboxQuery = () => queryOptions({ queryKey: ['admin', 'outbox'], queryFn: () => api<TOutboxList>('GET', '/api/admin/outbox') });
export const outboxMessageQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'outbox', id], queryFn: () => api<TOutboxMessage>('GET', `/api/admin/outbox/${id}`) });
export function useRetryMail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>('POST', `/api/admin/outbox/${id}/retry`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}
