import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDeliverySource, TGoneReason, TKit, TKitInput, TKitOrder, TKitPending, TMemberSizes, TMyPatrimonio } from '@shared/patrimonio';
import { api } from '@web/lib/api';

/** Uniformes e kits: sizes, kits, deliveries, who still lacks each piece, the order and its charges. */
const base = (clubId: string) => `/api/clubs/${clubId}/uniformes`;
const root = (clubId: string) => ['clubs', clubId, 'uniformes'] as const;

export const useMine = (clubId: string) => useQuery({ queryKey: [...root(clubId), 'me'], queryFn: () => api<TMyPatrimonio>('GET', `${base(clubId)}/me`) });
export const useSizes = (clubId: string, enabled: boolean) => useQuery({ queryKey: [...root(clubId), 'sizes'], queryFn: () => api<TMemberSizes[]>('GET', `${base(clubId)}/sizes`), enabled });
export const useKits = (clubId: string, enabled: boolean) => useQuery({ queryKey: [...root(clubId), 'kits'], queryFn: () => api<TKit[]>('GET', `${base(clubId)}/kits`), enabled });
export const usePending = (clubId: string, kitId: string | null) =>
  useQuery({ queryKey: [...root(clubId), 'pending', kitId], queryFn: () => api<TKitPending[]>('GET', `${base(clubId)}/kits/${kitId}/pending`), enabled: kitId !== null });
export const useOrder = (clubId: string, kitId: string | null, enabled: boolean) =>
  useQuery({ queryKey: [...root(clubId), 'order', kitId], queryFn: () => api<TKitOrder>('GET', `${base(clubId)}/kits/${kitId}/order`), enabled: enabled && kitId !== null });

function useUniformMutation<V, R>(clubId: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: root(clubId) }) });
}

export const useSaveSizes = (clubId: string) =>
  useUniformMutation(clubId, ({ memberId, sizes }: { memberId: string; sizes: Record<'camisa' | 'calca_saia' | 'sapato' | 'bone', string> }) =>
    api<TMemberSizes>('PUT', `${base(clubId)}/sizes/${memberId}`, sizes));
export const useCreateKit = (clubId: string) => useUniformMutation(clubId, (input: TKitInput) => api<TKit>('POST', `${base(clubId)}/kits`, input));
export const useUpdateKit = (clubId: string, kitId: string) => useUniformMutation(clubId, (input: TKitInput) => api<TKit>('PUT', `${base(clubId)}/kits/${kitId}`, input));
export const useDeliver = (clubId: string) =>
  useUniformMutation(clubId, ({ kitId, kitItemId, memberIds, on, source }: { kitId: string; kitItemId: string; memberIds: string[]; on: string; source: TDeliverySource }) =>
    api<TKit>('POST', `${base(clubId)}/kits/${kitId}/deliveries`, { kit_item_id: kitItemId, member_ids: memberIds, delivered_on: on, source }));
export const usePieceGone = (clubId: string) =>
  useUniformMutation(clubId, ({ kitId, kitItemId, memberId, on, reason }: { kitId: string; kitItemId: string; memberId: string; on: string; reason: TGoneReason }) =>
    api<TKit>('POST', `${base(clubId)}/kits/${kitId}/pieces-gone`, { kit_item_id: kitItemId, member_id: memberId, gone_on: on, reason }));
export const useChargeOrder = (clubId: string) =>
  useUniformMutation(clubId, ({ kitId, dueOn }: { kitId: string; dueOn: string }) =>
    api<{ charges: number; total: string }>('POST', `${base(clubId)}/kits/${kitId}/order/charges`, { due_on: dueOn }));
