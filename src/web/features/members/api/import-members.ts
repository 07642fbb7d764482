import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCsvImport, TCsvImportResult } from '@shared/members';
import { api } from '@web/lib/api';

export function importMembers(clubId: string, input: TCsvImport): Promise<TCsvImportResult> {
  return api<TCsvImportResult>('POST', `/api/clubs/${clubId}/members/import`, input);
}

/** dry_run true previews with per-row errors; false writes every row or none. */
export function useImportMembers(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TCsvImport) => importMembers(clubId, input),
    onSuccess: (result) => {
      if (result.imported > 0) void qc.invalidateQueries({ queryKey: ['clubs', clubId] });
    },
  });
}
