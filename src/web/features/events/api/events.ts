import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAuthorisationText, TEvent, TEventInput, TRoster, TFamilyEvents, TSignAuthorisation, TAuthorisation,
} from '@shared/events';
import { listActiveMembersByName } from '@web/lib/active-members';
import { api } from '@web/lib/api';
import { WAITING_POLL_MS } from '@web/lib/polling';

/** Every event query of a club lives under ['events', clubId]: a change refreshes the list, the detail and the roster. */
export const eventsKey = (clubId: string, ...rest: unknown[]) => ['events', clubId, ...rest] as const;
/** A child's events in /familia (the guardian's view). */
export const familyEventsKey = (memberId: string) => ['family-events', memberId] as const;

/** The list follows the families registering (places used) while it is open, besides the refresh on focus. */
export const eventsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: eventsKey(clubId, 'list'), queryFn: () => api<TEvent[]>('GET', `/api/clubs/${clubId}/events`), refetchInterval: WAITING_POLL_MS });
export const useEvents = (clubId: string) => useQuery(eventsQueryOptions(clubId));

/**
 * The roster follows the families registering and the treasurer's payments while it is open: it reads
 * again on focus, after every change and every WAITING_POLL_MS. The browser revalidates with the answer's
 * ETag, so an unchanged roster comes back as 304: nothing handed out, and for those who see the fichas
 * médicas no new line in the audit log ('event.roster_health').
 */
export const useRoster = (clubId: string, id: string) =>
  useQuery({ queryKey: eventsKey(clubId, 'roster', id), queryFn: () => api<TRoster>('GET', `/api/clubs/${clubId}/events/${id}/roster`), refetchInterval: WAITING_POLL_MS });

export const rosterCsvHref = (clubId: string, id: string) => `/api/clubs/${clubId}/events/${id}/roster.csv`;

export const useAuthorisationText = (clubId: string) =>
  useQuery({ queryKey: eventsKey(clubId, 'authorisation-text'), queryFn: () => api<TAuthorisationText>('GET', `/api/clubs/${clubId}/event-authorisation-text`) });

function useEventMutation<I, O>(clubId: string, fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: eventsKey(clubId) }) });
}

export const useSaveEvent = (clubId: string) =>
  useEventMutation(clubId, ({ id, input }: { id: string | null; input: TEventInput }) =>
    id ? api<TEvent>('PUT', `/api/clubs/${clubId}/events/${id}`, input) : api<TEvent>('POST', `/api/clubs/${clubId}/events`, input));

export const useDeleteEvent = (clubId: string) =>
  useEventMutation(clubId, (id: string) => api<{ ok: true }>('DELETE', `/api/clubs/${clubId}/events/${id}`));

export const useCancelEvent = (clubId: string) =>
  useEventMutation(clubId, ({ id, reason }: { id: string; reason: string }) => api<TEvent>('POST', `/api/clubs/${clubId}/events/${id}/cancel`, { reason }));

export const useRegisterMember = (clubId: string, eventId: string) =>
  useEventMutation(clubId, (memberId: string) =>
    api<{ registration_id: string; charge_ids: string[]; warnings?: string[] }>('POST', `/api/clubs/${clubId}/events/${eventId}/registrations`, { member_id: memberId }));

export const useCancelRegistration = (clubId: string, eventId: string) =>
  useEventMutation(clubId, (registrationId: string) =>
    api<{ cancelled_charges: number; kept_charges: number }>('DELETE', `/api/clubs/${clubId}/events/${eventId}/registrations/${registrationId}`));

export const useTickChecklist = (clubId: string, eventId: string) =>
  useEventMutation(clubId, ({ registrationId, itemId, done }: { registrationId: string; itemId: string; done: boolean }) =>
    api<{ ok: true }>('PUT', `/api/clubs/${clubId}/events/${eventId}/registrations/${registrationId}/checklist/${itemId}`, { done }));

export const useSaveAuthorisationText = (clubId: string) =>
  useEventMutation(clubId, (body: string) => api<TAuthorisationText>('PUT', `/api/clubs/${clubId}/event-authorisation-text`, { body }));

/** What the event form and the roster choose from. */
export const useEventMembers = (clubId: string, enabled = true) =>
  useQuery({ queryKey: eventsKey(clubId, 'members'), queryFn: () => listActiveMembersByName(clubId), enabled });

// ——— /familia ———

export const useFamilyEvents = (memberId: string) =>
  useQuery({ queryKey: familyEventsKey(memberId), queryFn: () => api<TFamilyEvents>('GET', `/api/family/children/${memberId}/events`) });

function useFamilyMutation<I, O>(memberId: string, fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: familyEventsKey(memberId) });
      // Registering writes the event's charges, cancelling cancels them: the child's open charges read again.
      await qc.invalidateQueries({ queryKey: ['family-charges', memberId] });
    },
  });
}

const childEvent = (memberId: string, eventId: string) => `/api/family/children/${memberId}/events/${eventId}`;

export const useFamilyRegister = (memberId: string) =>
  useFamilyMutation(memberId, (eventId: string) => api<{ registration_id: string; charge_ids: string[] }>('POST', `${childEvent(memberId, eventId)}/registration`));

export const useFamilyUnregister = (memberId: string) =>
  useFamilyMutation(memberId, (eventId: string) => api<{ cancelled_charges: number; kept_charges: number }>('DELETE', `${childEvent(memberId, eventId)}/registration`));

export const useSignAuthorisation = (memberId: string) =>
  useFamilyMutation(memberId, ({ eventId, input }: { eventId: string; input: TSignAuthorisation }) =>
    api<TAuthorisation>('POST', `${childEvent(memberId, eventId)}/authorisation`, input));

/** A saída: whether the authorisation must name the accompanying adults (under 16, ECA art. 83) and the leaders to pick. */
export const useCampCompanions = (memberId: string, eventId: string) =>
  useQuery({
    queryKey: [...familyEventsKey(memberId), eventId, 'camp-companions'],
    queryFn: () => api<{ is_camp: boolean; required: boolean; leaders: string[] }>('GET', `${childEvent(memberId, eventId)}/camp-companions`),
  });

export const useRevokeAuthorisation = (memberId: string) =>
  useFamilyMutation(memberId, (eventId: string) => api<{ ok: true }>('DELETE', `${childEvent(memberId, eventId)}/authorisation`));
