import { useQuery } from '@tanstack/react-query';
import type { TMember } from '@shared/members';
import { listActiveMembersByName } from '@web/lib/active-members';

const LEADERSHIP = new Set(['admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor']);

/** The club's active leadership (who may be named on a saída), names in pt-BR order as the server sorts them. */
async function listLeaderCandidates(clubId: string): Promise<TMember[]> {
  return (await listActiveMembersByName(clubId)).filter((m) => LEADERSHIP.has(m.role));
}

export const useLeaderCandidates = (clubId: string, enabled: boolean) =>
  useQuery({ queryKey: ['clubs', clubId, 'camps', 'leader-candidates'], queryFn: () => listLeaderCandidates(clubId), enabled });
