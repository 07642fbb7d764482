import { useQuery } from '@tanstack/react-query';
import type { TCampRoster } from '@shared/camps';
import { api } from '@web/lib/api';

/** The roster with the health summaries: named leaders only, in the window; every read is audited by the server (never cached). */
export const useCampRoster = (clubId: string, eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['clubs', clubId, 'camps', eventId, 'roster'],
    queryFn: () => api<TCampRoster>('GET', `/api/clubs/${clubId}/events/${eventId}/camp/roster`),
    enabled, staleTime: 0, gcTime: 0, retry: false,
  });
