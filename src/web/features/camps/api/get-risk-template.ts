import { useQuery } from '@tanstack/react-query';
import type { TRiskInput } from '@shared/camps';
import { api } from '@web/lib/api';

export interface TRiskTemplate { items: Required<TRiskInput>[]; is_default: boolean }

/** The club's APCR template (the pt-BR default until the club saves its own). */
export const useRiskTemplate = (clubId: string, enabled: boolean) =>
  useQuery({ queryKey: ['clubs', clubId, 'camp-risk-template'], queryFn: () => api<TRiskTemplate>('GET', `/api/clubs/${clubId}/camp-risk-template`), enabled });
