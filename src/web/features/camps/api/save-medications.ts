import { api } from '@web/lib/api';
import type { TMedication } from '@shared/camps';

/** A participant's medication and times for the saída. */
export const saveMedications = (clubId: string, eventId: string, memberId: string, items: { name: string; dose: string; times: string[] }[]) =>
  api<TMedication[]>('PUT', `/api/clubs/${clubId}/events/${eventId}/camp/participants/${memberId}/medications`, { items });
