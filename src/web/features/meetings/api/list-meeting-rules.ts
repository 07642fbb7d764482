import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeetingRule } from '@shared/meetings';
import { api } from '@web/lib/api';

export function listMeetingRules(clubId: string): Promise<TMeetingRule[]> {
  return api<TMeetingRule[]>('GET', `/api/clubs/${clubId}/meeting-rules`);
}

export const meetingRulesQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'meeting-rules'], queryFn: () => listMeetingRules(clubId) });

export function useMeetingRules(clubId: string, enabled: boolean) {
  return useQuery({ ...meetingRulesQueryOptions(clubId), enabled });
}
