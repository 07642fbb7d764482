import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCamp } from '@shared/camps';
import { api } from '@web/lib/api';

export const campQueryOptions = (clubId: string, eventId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'camps', eventId], queryFn: () => api<TCamp>('GET', `/api/clubs/${clubId}/events/${eventId}/camp`) });

/** The saída sheet (transport, vote, leaders with the ratio, APCR). */
export const useCamp = (clubId: string, eventId: string) => useQuery(campQueryOptions(clubId, eventId));
