import { useQuery } from '@tanstack/react-query';
import type { TMember, TMemberPage } from '@shared/members';
import { MAX_PAGE_LIMIT } from '@shared/pagination';
import { api } from '@web/lib/api';

const LEADERSHIP = new Set(['admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor']);

/** The club's active leadership (who may be named on a saída), names in pt-BR order as the server sorts them. */
async function listLeaderCandidates(clubId: string): Promise<TMember[]> {
  const all: TMember[] = [];
  let after: string | null = null;
  do {
    const params = new URLSearchParams({ status: 'active', sort: 'nome', limit: String(MAX_PAGE_LIMIT) });
    if (after) params.set('after', after);
    const page: TMemberPage = await api<TMemberPage>('GET', `/api/clubs/${clubId}/members?${params.toString()}`);
    all.push(...page.members);
    after = page.next_cursor;
  } while (after);
  return all.filter((m) => LEADERSHIP.has(m.role));
}

export const useLeaderCandidates = (clubId: string, enabled: boolean) =>
  useQuery({ queryKey: ['clubs', clubId, 'camps', 'leader-candidates'], queryFn: () => listLeaderCandidates(clubId), enabled });
