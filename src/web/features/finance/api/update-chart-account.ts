import type { TChartAccount, TUpdateChartAccount } from '@shared/finance';
import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

/** Rename and/or (de)activate an account. */
export const updateChartAccount = (clubId: string, id: string, input: TUpdateChartAccount) =>
  api<TChartAccount>('PATCH', `/api/clubs/${clubId}/chart-of-accounts/${id}`, input);

export const useUpdateChartAccount = (clubId: string) =>
  useFinanceMutation(clubId, ({ id, input }: { id: string; input: TUpdateChartAccount }) => updateChartAccount(clubId, id, input));
