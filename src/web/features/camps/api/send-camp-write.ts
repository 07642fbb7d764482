import { api, apiUpload } from '@web/lib/api';
import type { CampWriteKind } from '@web/lib/offline/camp-store';

/** One log entry (movement, head mark, dose, incident) with the phone's uuid: a resend is answered as a duplicate. */
export const sendCampWrite = (clubId: string, eventId: string, kind: CampWriteKind, body: unknown) =>
  api<{ id: string; duplicate: boolean }>('POST', `/api/clubs/${clubId}/events/${eventId}/camp/${kind}`, body);

/** A photo of an ocorrência (after the incident itself): the phone's id makes a resend a repeat. */
export function sendCampPhoto(clubId: string, eventId: string, incidentId: string, photoId: string, file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return apiUpload<{ id: string; duplicate: boolean }>(`/api/clubs/${clubId}/events/${eventId}/camp/incidents/${incidentId}/photos/${photoId}`, form);
}
