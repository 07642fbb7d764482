import type { TCampPack } from '@shared/camps';
import { api } from '@web/lib/api';

/** The named leader's pack with its key (audited by the server); the caller seals it at once. */
export const downloadPack = (clubId: string, eventId: string) => api<TCampPack>('GET', `/api/clubs/${clubId}/events/${eventId}/camp/pack`);
