import { useMutation, useQuery } from '@tanstack/react-query';
import type { TCardEnrolment, TEnrolmentRosterEntry } from '@shared/programme';
import { api } from '@web/lib/api';
import { programmeKey, programmeUrl, useRefreshProgramme } from './keys';

export function useEnrol(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({
    mutationFn: (input: { member_id: string; item_code: string }) => api<TCardEnrolment>('POST', `${programmeUrl(clubId)}/enrolments`, input),
    onSuccess: refresh,
  });
}

/** Removes an enrolment; with signatures, `confirm` undoes them and reverses their points (issue 43). */
export function useUnenrol(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: boolean }) =>
      api<{ ok: true; signatures_removed: number; points_reversed: number }>('DELETE', `${programmeUrl(clubId)}/enrolments/${id}${confirm ? '?confirm=1' : ''}`),
    onSuccess: refresh,
  });
}

/** Enrols a list of members in one item, all or none. */
export function useEnrolMany(clubId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({
    mutationFn: (input: { member_ids: string[]; item_code: string }) => api<{ enrolled: number }>('POST', `${programmeUrl(clubId)}/enrolments/bulk`, input),
    onSuccess: refresh,
  });
}

/** Active members (of a unit, or all) with the class their age calls for and their classes em andamento. */
export const useEnrolmentRoster = (clubId: string, unitId: string) =>
  useQuery({
    queryKey: programmeKey(clubId, 'roster', unitId),
    queryFn: () => api<TEnrolmentRosterEntry[]>('GET', `${programmeUrl(clubId)}/enrolments/roster${unitId ? `?unit_id=${unitId}` : ''}`),
  });
