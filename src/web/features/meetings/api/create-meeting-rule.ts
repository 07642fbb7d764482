import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMeetingRule, TMeetingRuleInput } from '@shared/meetings';
import { api } from '@web/lib/api';
import { meetingsQueryOptions } from './list-meetings';
import { meetingRulesQueryOptions } from './list-meeting-rules';

export function createMeetingRule(clubId: string, input: TMeetingRuleInput): Promise<{ rule: TMeetingRule; created: number }> {
  return api('POST', `/api/clubs/${clubId}/meeting-rules`, input);
}

/** A weekly rule; the server creates the next meetings at once. */
export function useCreateMeetingRule(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TMeetingRuleInput) => createMeetingRule(clubId, input),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: meetingsQueryOptions(clubId).queryKey });
      await qc.invalidateQueries({ queryKey: meetingRulesQueryOptions(clubId).queryKey });
    },
  });
}
