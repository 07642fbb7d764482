import { useQuery } from '@tanstack/react-query';
import type { TCampReport } from '@shared/camps';
import { api } from '@web/lib/api';

/** The saída's report (participants, head counts, doses, incidents, the event's money). */
export const useCampReport = (clubId: string, eventId: string, enabled: boolean) =>
  useQuery({ queryKey: ['clubs', clubId, 'camps', eventId, 'report'], queryFn: () => api<TCampReport>('GET', `/api/clubs/${clubId}/events/${eventId}/camp/report`), enabled });
