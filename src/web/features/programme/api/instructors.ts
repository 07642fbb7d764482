import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { programmeKey, programmeUrl, useRefreshProgramme } from './keys';

type Instructor = { member_id: string; full_name: string };

/** The instructors assigned to an item. */
export const useItemInstructors = (clubId: string, itemCode: string) =>
  useQuery({ queryKey: programmeKey(clubId, 'instructors', itemCode), queryFn: () => api<Instructor[]>('GET', `${programmeUrl(clubId)}/items/${itemCode}/instructors`), enabled: Boolean(itemCode) });

export function useSetItemInstructors(clubId: string, itemCode: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({
    mutationFn: (memberIds: string[]) => api<Instructor[]>('PUT', `${programmeUrl(clubId)}/items/${itemCode}/instructors`, { member_ids: memberIds }),
    onSuccess: refresh,
  });
}

/** The items one member instructs (from the member's functions). */
export const useInstructorItems = (clubId: string, memberId: string) =>
  useQuery({ queryKey: programmeKey(clubId, 'instructor-items', memberId), queryFn: () => api<{ item_codes: string[] }>('GET', `${programmeUrl(clubId)}/members/${memberId}/instructor-items`) });

export function useSetInstructorItems(clubId: string, memberId: string) {
  const refresh = useRefreshProgramme(clubId);
  return useMutation({
    mutationFn: (itemCodes: string[]) => api<{ item_codes: string[] }>('PUT', `${programmeUrl(clubId)}/members/${memberId}/instructor-items`, { item_codes: itemCodes }),
    onSuccess: refresh,
  });
}
