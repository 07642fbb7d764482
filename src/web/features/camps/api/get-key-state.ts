import { api } from '@web/lib/api';

/** Whether this phone's key is still in force (no: wipe the copy). */
export const getKeyState = (clubId: string, eventId: string, keyId: string) =>
  api<{ in_force: boolean }>('GET', `/api/clubs/${clubId}/events/${eventId}/camp/keys/${keyId}`);
