import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOpenCharge } from '@shared/charges';
import { api } from '@web/lib/api';
import { chargesKey } from './keys';

export const listMyCharges = (clubId: string) => api<TOpenCharge[]>('GET', `/api/clubs/${clubId}/my-charges`);

export const myChargesQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: chargesKey(clubId, 'mine'), queryFn: () => listMyCharges(clubId) });

export const useMyCharges = (clubId: string) => useQuery(myChargesQueryOptions(clubId));
