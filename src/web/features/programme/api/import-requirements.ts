import { useMutation } from '@tanstack/react-query';
import type { TReqImport, TReqImportResult } from '@shared/programme-io';
import { api } from '@web/lib/api';
import { programmeUrl, useRefreshProgramme } from './keys';

/** Requisitos from a CSV or JSON file: a preview (dry_run), then all rows or none. */
export function useImportRequirements(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({
    mutationFn: (input: TReqImport) => api<TReqImportResult>('POST', `${programmeUrl(clubId)}/requirements/import`, input),
    onSuccess: (res) => (res.imported ? refresh() : undefined),
  });
}

/** Download address of the requisitos the club uses (one item, or all). */
export const requirementsExportUrl = (clubId: string, format: 'csv' | 'json', item?: string) =>
  `${programmeUrl(clubId)}/requirements/export?${new URLSearchParams({ format, ...(item ? { item } : {}) }).toString()}`;
