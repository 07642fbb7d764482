import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TMe, TRegister } from '@shared/auth';
import type { TGuardianInvitationPreview } from '@shared/families';
import { api } from '@web/lib/api';

const base = (token: string) => `/api/guardian-invitations/${encodeURIComponent(token)}`;

export const guardianInvitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['guardian-invitation', token], queryFn: () => api<TGuardianInvitationPreview>('GET', base(token)), meta: { once: true }, retry: false });

export function useGuardianInvitation(token: string) {
  return useQuery(guardianInvitationQueryOptions(token));
}

/** How the guardian gets an account before accepting: already signed in, signing in, or registering. */
export type GuardianSignIn = { kind: 'session' } | { kind: 'login'; input: TLogin } | { kind: 'register'; input: TRegister };

/** Signs in (or registers) then accepts with 'Li e aceito': one step, so the page does not flicker. */
export function useAcceptGuardianInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ signIn, version }: { signIn: GuardianSignIn; version: number }) => {
      if (signIn.kind === 'login') await api<TMe>('POST', '/api/auth/login', signIn.input);
      if (signIn.kind === 'register') await api<TMe>('POST', '/api/auth/register', signIn.input);
      return api<{ member_id: string; club_id: string }>('POST', `${base(token)}/accept`, { accept: true, consent_version: version });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['auth', 'me'] }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['family'] }),
  });
}
