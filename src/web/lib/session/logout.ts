import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { forgetKeptAnswers } from '@web/lib/kept-answers';
import { meQueryOptions } from './me';
import { clearSelectedClub } from './selected-club-store';
import { clearOfflineRollCallData } from '@web/lib/offline/roll-call-store';
import { clearCampData } from '@web/lib/offline/camp-store';
import { clearOfflineGridData } from '@web/lib/offline/signature-store';

export function logout(): Promise<{ ok: true }> {
  return api('POST', '/api/auth/logout');
}

/** Revokes the session on the server, then drops every cached datum and the user. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Everything is dropped below; re-reading with the revoked session would only answer 401s.
    meta: { keepAnswers: true },
    onSettled: () => {
      qc.clear();
      clearSelectedClub();
      void clearOfflineRollCallData();
      void clearCampData();
      void clearOfflineGridData();
      forgetKeptAnswers();
      qc.setQueryData(meQueryOptions().queryKey, null);
    },
  });
}
