import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCard, TCardCheck, TCardRow, TIssueCards, TMyCard } from '@shared/carteirinha';
import { api } from '@web/lib/api';
import { secretariaKey, secretariaPath } from './keys';

/** Every active member and their card in force (with its token, to print the QR). */
export const useCards = (clubId: string) =>
  useQuery({ queryKey: secretariaKey(clubId, 'carteirinhas'), queryFn: () => api<TCardRow[]>('GET', secretariaPath(clubId, '/carteirinhas')) });

export function useIssueCards(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TIssueCards) => api<TCard[]>('POST', secretariaPath(clubId, '/carteirinhas'), input),
    onSuccess: () => qc.invalidateQueries({ queryKey: secretariaKey(clubId, 'carteirinhas') }),
  });
}

export function useRevokeCard(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>('POST', secretariaPath(clubId, `/carteirinhas/${id}/revoke`)),
    onSuccess: () => qc.invalidateQueries({ queryKey: secretariaKey(clubId, 'carteirinhas') }),
  });
}

/** The signed-in member's own card (404 until the secretary issues one). */
export const useMyCard = (clubId: string) =>
  useQuery({ queryKey: ['carteirinha', clubId], queryFn: () => api<TMyCard>('GET', `/api/clubs/${clubId}/carteirinha`), retry: false });

/** The public check of a QR (no session). */
export const useCardCheck = (token: string) =>
  useQuery({ queryKey: ['carteirinha-check', token], queryFn: () => api<TCardCheck>('GET', `/api/carteirinha/${encodeURIComponent(token)}`), retry: false });
