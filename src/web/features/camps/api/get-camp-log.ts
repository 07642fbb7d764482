import type { TCampLog } from '@shared/camps';
import { api } from '@web/lib/api';

/** The saída's log as the server holds it, every leader's phone merged (named leaders only; no roster, so not a pack download). */
export const getCampLog = (clubId: string, eventId: string) => api<TCampLog>('GET', `/api/clubs/${clubId}/events/${eventId}/camp/log`);
