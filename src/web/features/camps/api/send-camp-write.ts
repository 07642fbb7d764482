import { api } from '@web/lib/api';
import type { CampWriteKind } from '@web/lib/offline/camp-store';

/** One log entry (movement, head mark, dose, incident) with the phone's uuid: a resend is answered as a duplicate. */
export const sendCampWrite = (clubId: string, eventId: string, kind: CampWriteKind, body: unknown) =>
  api<{ id: string; duplicate: boolean }>('POST', `/api/clubs/${clubId}/events/${eventId}/camp/${kind}`, body);
