import type { TChartAccount, TCreateChartAccount } from '@shared/finance';
import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

export const createChartAccount = (clubId: string, input: TCreateChartAccount) =>
  api<TChartAccount>('POST', `/api/clubs/${clubId}/chart-of-accounts`, input);

export const useCreateChartAccount = (clubId: string) => useFinanceMutation(clubId, (input: TCreateChartAccount) => createChartAccount(clubId, input));
