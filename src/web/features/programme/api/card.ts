import { useQuery } from '@tanstack/react-query';
import type { TCard } from '@shared/programme';
import { api } from '@web/lib/api';
import { programmeKey, programmeUrl } from './keys';

/** A member's cartão: their classes and especialidades with every requisito. */
export const useCard = (clubId: string, memberId: string) =>
  useQuery({ queryKey: programmeKey(clubId, 'card', memberId), queryFn: () => api<TCard>('GET', `${programmeUrl(clubId)}/members/${memberId}/card`) });

/** A child's cartão in /familia (read-only: the server answers can_sign false). */
export const useChildCard = (memberId: string) =>
  useQuery({ queryKey: ['family', memberId, 'programme-card'], queryFn: () => api<TCard>('GET', `/api/family/children/${memberId}/programme-card`) });
