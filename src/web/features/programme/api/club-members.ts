import { useQuery } from '@tanstack/react-query';
import type { TMemberPage } from '@shared/members';
import { api } from '@web/lib/api';
import { programmeKey } from './keys';

/** Active members by name (up to 200), for picking instructors (read here: a feature never imports another feature). */
export const useClubMembers = (clubId: string, q: string) =>
  useQuery({
    queryKey: programmeKey(clubId, 'members', q),
    queryFn: () => api<TMemberPage>('GET', `/api/clubs/${clubId}/members?${new URLSearchParams({ q, status: 'active', limit: '200' }).toString()}`),
  });
