import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMemberPage } from '@shared/members';
import type {
  TCard, TCardEnrolment, TCatalogue, TEnrolmentRosterEntry, TGrid, TInvestiture, TInvestitureInput, TProgrammeSettings, TProgrammeSettingsInput, TReadyEntry, TQueueMark, TRequirement, TRequirementInput, TSignInput, TSignResult,
} from '@shared/programme';
import type { TReqImport, TReqImportResult } from '@shared/programme-io';
import type { TReportKind, TReportRows } from '@shared/programme-reports';
import { ApiError, api, apiUpload } from '@web/lib/api';
import { apiKept } from '@web/lib/kept-answers';
import { setServedFromDevice } from '@web/lib/online';
import { loadGrid, storeGrid } from '@web/lib/offline/signature-store';

const base = (clubId: string) => `/api/clubs/${clubId}/programme`;
const key = (clubId: string, ...rest: string[]) => ['clubs', clubId, 'programme', ...rest];

export const catalogueQuery = (clubId: string) =>
  // Platform data that only a new release changes.
  // Kept on the device: the grid opens offline (issue 34).
  queryOptions({ queryKey: key(clubId, 'catalogue'), queryFn: () => apiKept<TCatalogue>(`${base(clubId)}/catalogue`), staleTime: 60 * 60_000 });
export const useCatalogue = (clubId: string) => useQuery(catalogueQuery(clubId));

export const useProgrammeSettings = (clubId: string) =>
  useQuery({ queryKey: key(clubId, 'settings'), queryFn: () => apiKept<TProgrammeSettings>(`${base(clubId)}/settings`) });

export function useSaveProgrammeSettings(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TProgrammeSettingsInput) => api<TProgrammeSettings>('PUT', `${base(clubId)}/settings`, input),
    onSuccess: (data) => qc.setQueryData(key(clubId, 'settings'), data),
  });
}

export const useRequirements = (clubId: string, itemCode: string | null) =>
  useQuery({
    queryKey: key(clubId, 'requirements', itemCode ?? ''),
    queryFn: () => api<TRequirement[]>('GET', `${base(clubId)}/items/${itemCode ?? ''}/requirements`),
    enabled: Boolean(itemCode),
  });

/** Every write of the programme can change lists, cartões and grids: refresh them all. */
function useRefresh(clubId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'clubs' && q.queryKey[1] === clubId && q.queryKey[2] === 'programme' && q.queryKey[3] !== 'catalogue' });
}

export function useSaveRequirement(clubId: string, itemCode: string) {
  const refresh = useRefresh(clubId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TRequirementInput }) =>
      id ? api<TRequirement>('PUT', `${base(clubId)}/requirements/${id}`, input) : api<TRequirement>('POST', `${base(clubId)}/items/${itemCode}/requirements`, input),
    onSuccess: refresh,
  });
}

export function useRemoveRequirement(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({ mutationFn: (id: string) => api<{ ok: true }>('DELETE', `${base(clubId)}/requirements/${id}`), onSuccess: refresh });
}

export function useReorderRequirements(clubId: string, itemCode: string) {
  const refresh = useRefresh(clubId);
  return useMutation({ mutationFn: (ids: string[]) => api<TRequirement[]>('PUT', `${base(clubId)}/items/${itemCode}/requirements/order`, { ids }), onSuccess: refresh });
}

export const useCard = (clubId: string, memberId: string) =>
  useQuery({ queryKey: key(clubId, 'card', memberId), queryFn: () => api<TCard>('GET', `${base(clubId)}/members/${memberId}/card`) });

/** The grid; kept in IndexedDB when opened, and read from there with no connection (as the roll call's sheet). */
export async function getGrid(clubId: string, profileId: string, itemCode: string): Promise<TGrid & { offline: boolean }> {
  try {
    const grid = await api<TGrid>('GET', `${base(clubId)}/items/${itemCode}/grid`);
    await storeGrid(profileId, clubId, grid).catch(() => undefined);
    return { ...grid, offline: false };
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'network') throw err;
    const kept = await loadGrid(profileId, clubId, itemCode).catch(() => null);
    if (!kept) throw err;
    setServedFromDevice(true);
    return { ...kept, offline: true };
  }
}

export const useGrid = (clubId: string, profileId: string, itemCode: string | null) =>
  useQuery({ queryKey: key(clubId, 'grid', itemCode ?? ''), queryFn: () => getGrid(clubId, profileId, itemCode ?? ''), enabled: Boolean(itemCode), networkMode: 'always' });

export const useReady = (clubId: string) => useQuery({ queryKey: key(clubId, 'ready'), queryFn: () => api<TReadyEntry[]>('GET', `${base(clubId)}/ready`) });

export function useSign(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({ mutationFn: (input: TSignInput) => api<TSignResult>('POST', `${base(clubId)}/signatures`, input), onSuccess: refresh });
}

export function useUnsign(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({ mutationFn: (id: string) => api<{ points_reversed: number }>('DELETE', `${base(clubId)}/signatures/${id}`), onSuccess: refresh });
}

export function useEnrol(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({
    mutationFn: (input: { member_id: string; item_code: string }) => api<TCardEnrolment>('POST', `${base(clubId)}/enrolments`, input),
    onSuccess: refresh,
  });
}

/** Removes an enrolment; with signatures, `confirm` undoes them and reverses their points (issue 43). */
export function useUnenrol(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: boolean }) =>
      api<{ ok: true; signatures_removed: number; points_reversed: number }>('DELETE', `${base(clubId)}/enrolments/${id}${confirm ? '?confirm=1' : ''}`),
    onSuccess: refresh,
  });
}

/** Enrols a list of members in one item, all or none. */
export function useEnrolMany(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({
    mutationFn: (input: { member_ids: string[]; item_code: string }) => api<{ enrolled: number }>('POST', `${base(clubId)}/enrolments/bulk`, input),
    onSuccess: refresh,
  });
}

/** Active members (of a unit, or all) with the class their age calls for and their classes em andamento. */
export const useEnrolmentRoster = (clubId: string, unitId: string) =>
  useQuery({
    queryKey: key(clubId, 'roster', unitId),
    queryFn: () => api<TEnrolmentRosterEntry[]>('GET', `${base(clubId)}/enrolments/roster${unitId ? `?unit_id=${unitId}` : ''}`),
  });

/** The instructors assigned to an item. */
export const useItemInstructors = (clubId: string, itemCode: string) =>
  useQuery({ queryKey: key(clubId, 'instructors', itemCode), queryFn: () => api<{ member_id: string; full_name: string }[]>('GET', `${base(clubId)}/items/${itemCode}/instructors`), enabled: Boolean(itemCode) });

export function useSetItemInstructors(clubId: string, itemCode: string) {
  const refresh = useRefresh(clubId);
  return useMutation({
    mutationFn: (memberIds: string[]) => api<{ member_id: string; full_name: string }[]>('PUT', `${base(clubId)}/items/${itemCode}/instructors`, { member_ids: memberIds }),
    onSuccess: refresh,
  });
}

/** The items one member instructs (from the member's functions). */
export const useInstructorItems = (clubId: string, memberId: string) =>
  useQuery({ queryKey: key(clubId, 'instructor-items', memberId), queryFn: () => api<{ item_codes: string[] }>('GET', `${base(clubId)}/members/${memberId}/instructor-items`) });

export function useSetInstructorItems(clubId: string, memberId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({
    mutationFn: (itemCodes: string[]) => api<{ item_codes: string[] }>('PUT', `${base(clubId)}/members/${memberId}/instructor-items`, { item_codes: itemCodes }),
    onSuccess: refresh,
  });
}

/** Past investiduras, latest first: their certificates reopen and reprint. */
export const useInvestitures = (clubId: string) =>
  useQuery({ queryKey: key(clubId, 'investitures'), queryFn: () => api<{ id: string; held_on: string; place: string; count: number }[]>('GET', `${base(clubId)}/investitures`) });

/** Active members by name (up to 200), for enrolling. */
export const useClubMembers = (clubId: string, q: string) =>
  useQuery({
    queryKey: key(clubId, 'members', q),
    queryFn: () => api<TMemberPage>('GET', `/api/clubs/${clubId}/members?${new URLSearchParams({ q, status: 'active', limit: '200' }).toString()}`),
  });

export function useRecordInvestiture(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({ mutationFn: (input: TInvestitureInput) => api<TInvestiture>('POST', `${base(clubId)}/investitures`, input), onSuccess: refresh });
}

export const useInvestiture = (clubId: string, id: string) =>
  useQuery({ queryKey: key(clubId, 'investiture', id), queryFn: () => api<TInvestiture>('GET', `${base(clubId)}/investitures/${id}`) });

/** Requisitos from a CSV or JSON file: a preview (dry_run), then all rows or none. */
export function useImportRequirements(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({
    mutationFn: (input: TReqImport) => api<TReqImportResult>('POST', `${base(clubId)}/requirements/import`, input),
    onSuccess: (res) => (res.imported ? refresh() : undefined),
  });
}

/** Download address of the requisitos the club uses (one item, or all). */
export const requirementsExportUrl = (clubId: string, format: 'csv' | 'json', item?: string) =>
  `${base(clubId)}/requirements/export?${new URLSearchParams({ format, ...(item ? { item } : {}) }).toString()}`;

/** The member marks one of their requisitos done (with the evidence file when it needs one). */
export function useMarkDone(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({
    mutationFn: ({ requirementId, note, file }: { requirementId: string; note: string; file: File | null }) => {
      const form = new FormData();
      form.append('requirement_id', requirementId);
      if (note.trim()) form.append('note', note.trim());
      if (file) form.append('file', file);
      return apiUpload<{ id: string }>(`${base(clubId)}/marks`, form);
    },
    onSuccess: refresh,
  });
}

/** The leaders' queue; its length is the count on the 'Para assinar' tab (refreshed on focus and each minute). */
export const useMarkQueue = (clubId: string, enabled = true) =>
  // Always stale: opening the tab reads the queue again, though the count above it keeps a copy.
  useQuery({ queryKey: key(clubId, 'marks'), queryFn: () => api<TQueueMark[]>('GET', `${base(clubId)}/marks`), enabled, staleTime: 0, refetchInterval: enabled ? 60_000 : false });
export const markEvidenceUrl = (clubId: string, id: string) => `${base(clubId)}/marks/${id}/evidence`;

export function useSignMark(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({ mutationFn: (id: string) => api<TSignResult>('POST', `${base(clubId)}/marks/${id}/sign`, {}), onSuccess: refresh });
}

export function useReturnMark(clubId: string) {
  const refresh = useRefresh(clubId);
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => api<{ ok: true }>('POST', `${base(clubId)}/marks/${id}/return`, { reason }), onSuccess: refresh });
}

/** A report of the programme (secretary and direction); `weeks` is the stale report's window. */
export const useProgrammeReport = <K extends TReportKind>(clubId: string, kind: K, weeks: number) =>
  useQuery({
    queryKey: key(clubId, 'reports', kind, kind === 'stale' ? String(weeks) : ''),
    queryFn: () => api<TReportRows[K]>('GET', `${base(clubId)}/reports/${kind}${kind === 'stale' ? `?weeks=${weeks}` : ''}`),
  });

/** Download address of a report as CSV. */
export const reportCsvUrl = (clubId: string, kind: TReportKind, weeks: number) => `${base(clubId)}/reports/${kind}.csv${kind === 'stale' ? `?weeks=${weeks}` : ''}`;

