import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCalendar, TEntryInput, TFeed, TImportInput, TImportResult, TPlan, TPlanInput } from '@shared/associacao-plan';
import { api } from '@web/lib/api';

/** The year's plan (issue 48): the club's calendar, its dates, the import, the annual plan and the calendar feed. */

export const calendarQueryOptions = (clubId: string, year: number) =>
  queryOptions({ queryKey: ['clubs', clubId, 'associacao', 'calendar', year], queryFn: () => api<TCalendar>('GET', `/api/clubs/${clubId}/associacao/calendar?year=${year}`) });

export function useCalendar(clubId: string, year: number) {
  return useQuery(calendarQueryOptions(clubId, year));
}

const calendarKey = (clubId: string) => ['clubs', clubId, 'associacao', 'calendar'];
const planKey = (clubId: string) => ['clubs', clubId, 'associacao', 'plan'];

export function useSaveEntry(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TEntryInput }) =>
      id ? api<{ id: string }>('PUT', `/api/clubs/${clubId}/associacao/calendar/entries/${id}`, input) : api<{ id: string }>('POST', `/api/clubs/${clubId}/associacao/calendar/entries`, input),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: calendarKey(clubId) }), qc.invalidateQueries({ queryKey: planKey(clubId) })]),
  });
}

export function useRemoveEntry(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>('DELETE', `/api/clubs/${clubId}/associacao/calendar/entries/${id}`),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: calendarKey(clubId) }), qc.invalidateQueries({ queryKey: planKey(clubId) })]),
  });
}

export function useImportDates(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TImportInput) => api<TImportResult>('POST', `/api/clubs/${clubId}/associacao/calendar/import`, input),
    onSuccess: (r) => (r.imported > 0 ? Promise.all([qc.invalidateQueries({ queryKey: calendarKey(clubId) }), qc.invalidateQueries({ queryKey: planKey(clubId) })]) : undefined),
  });
}

export const planQueryOptions = (clubId: string, year: number) =>
  queryOptions({ queryKey: [...planKey(clubId), year], queryFn: () => api<TPlan>('GET', `/api/clubs/${clubId}/associacao/plan?year=${year}`) });

export function usePlan(clubId: string, year: number) {
  return useQuery(planQueryOptions(clubId, year));
}

export function useSavePlan(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TPlanInput) => api<{ ok: true }>('PUT', `/api/clubs/${clubId}/associacao/plan`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: planKey(clubId) }),
  });
}

/** Where the person's feed lives: their own in a club, or a guardian's for their child's club. */
export type FeedOwner = { clubId: string } | { childId: string };
const feedPath = (o: FeedOwner) => ('clubId' in o ? `/api/clubs/${o.clubId}/associacao/calendar/feed` : `/api/family/children/${o.childId}/calendar/feed`);
const feedKey = (o: FeedOwner) => ['calendar-feed', 'clubId' in o ? o.clubId : `child:${o.childId}`];

export function useFeed(owner: FeedOwner) {
  return useQuery({ queryKey: feedKey(owner), queryFn: () => api<TFeed>('GET', feedPath(owner)) });
}

export function useRegenerateFeed(owner: FeedOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<TFeed>('POST', feedPath(owner)),
    onSuccess: (feed) => qc.setQueryData(feedKey(owner), { url: null, created_at: feed.created_at }),
  });
}

export function useRevokeFeed(owner: FeedOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('DELETE', feedPath(owner)),
    onSuccess: () => qc.setQueryData(feedKey(owner), { url: null, created_at: null }),
  });
}

export function useFamilyCalendar(childId: string, year: number) {
  return useQuery({ queryKey: ['family', childId, 'calendar', year], queryFn: () => api<TCalendar>('GET', `/api/family/children/${childId}/calendar?year=${year}`) });
}
