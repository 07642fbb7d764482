import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TMe, TRegister } from '@shared/auth';
import type { TInvitationPreview } from '@shared/members';
import { api } from '@web/lib/api';

export function getInvitation(token: string): Promise<TInvitationPreview> {
  return api<TInvitationPreview>('GET', `/api/invitations/${encodeURIComponent(token)}`);
}

export const invitationQueryOptions = (token: string) =>
  // Read once: after joining, the link is used, and a refetch would only log a 404 (issue 43).
  queryOptions({ queryKey: ['invitation', token], queryFn: () => getInvitation(token), meta: { once: true }, retry: false, staleTime: Infinity, refetchOnMount: false, refetchOnWindowFocus: false, refetchOnReconnect: false });

/** A clean cache for the new session, keeping the invitation the page still shows (refetching a used link answers 404). */
const clearAllButInvitations = (qc: ReturnType<typeof useQueryClient>) => qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'invitation' });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export function acceptInvitation(token: string): Promise<{ club_id: string }> {
  return api('POST', `/api/invitations/${encodeURIComponent(token)}/accept`);
}

export function registerWithInvitation(token: string, input: TRegister): Promise<TMe & { club_id: string }> {
  return api('POST', `/api/invitations/${encodeURIComponent(token)}/register`, input);
}

/** Joining changes the user's clubs (and, after registering, the user): start from a clean cache. */
export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => acceptInvitation(token), onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs'] }) });
}

export function useRegisterWithInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TRegister) => registerWithInvitation(token, input),
    onSuccess: () => clearAllButInvitations(qc),
  });
}

/** Signs in with an existing account, then accepts: one step, so the page does not flicker between. */
export function useSignInAndAccept(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: TLogin) => {
      await api<TMe>('POST', '/api/auth/login', input);
      return acceptInvitation(token);
    },
    onSuccess: () => clearAllButInvitations(qc),
  });
}
