import { useMutation, useQuery } from '@tanstack/react-query';
import type { TQueueMark, TSignResult } from '@shared/programme';
import { api, apiUpload } from '@web/lib/api';
import { programmeKey, programmeUrl, useRefreshProgramme } from './keys';

/** The member marks one of their requisitos done (with the evidence file when it needs one). */
export function useMarkDone(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({
    mutationFn: ({ requirementId, note, file }: { requirementId: string; note: string; file: File | null }) => {
      const form = new FormData();
      form.append('requirement_id', requirementId);
      if (note.trim()) form.append('note', note.trim());
      if (file) form.append('file', file);
      return apiUpload<{ id: string }>(`${programmeUrl(clubId)}/marks`, form);
    },
    onSuccess: refresh,
  });
}

/** The leaders' queue; its length is the count on the 'Para assinar' tab (refreshed on focus and each minute). */
export const useMarkQueue = (clubId: string, enabled = true) =>
  // Always stale: opening the tab reads the queue again, though the count above it keeps a copy.
  useQuery({ queryKey: programmeKey(clubId, 'marks'), queryFn: () => api<TQueueMark[]>('GET', `${programmeUrl(clubId)}/marks`), enabled, staleTime: 0, refetchInterval: enabled ? 60_000 : false });

export const markEvidenceUrl = (clubId: string, id: string) => `${programmeUrl(clubId)}/marks/${id}/evidence`;

export function useSignMark(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({ mutationFn: (id: string) => api<TSignResult>('POST', `${programmeUrl(clubId)}/marks/${id}/sign`, {}), onSuccess: refresh });
}

export function useReturnMark(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => api<{ ok: true }>('POST', `${programmeUrl(clubId)}/marks/${id}/return`, { reason }), onSuccess: refresh });
}
