import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { meQueryOptions } from './me';
import { clearSelectedClub } from './selected-club-store';
import { clearOfflineRollCallData } from '@web/lib/offline/roll-call-store';

export function logout(): Promise<{ ok: true }> {
  return api('POST', '/api/auth/logout');
}

/** Revokes the session on the server, then drops every cached datum and the user. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      qc.clear();
      clearSelectedClub();
      void clearOfflineRollCallData();
      qc.setQueryData(meQueryOptions().queryKey, null);
    },
  });
}
