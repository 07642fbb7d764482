import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFinanceMember } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

export const listFinanceMembers = (clubId: string) => api<TFinanceMember[]>('GET', `/api/clubs/${clubId}/finance/members`);

export const financeMembersQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: financeKey(clubId, 'members'), queryFn: () => listFinanceMembers(clubId) });

export const useFinanceMembers = (clubId: string) => useQuery(financeMembersQueryOptions(clubId));
