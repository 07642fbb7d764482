import type { TMember, TMemberPage } from '@shared/members';
import { MAX_PAGE_LIMIT } from '@shared/pagination';
import { api } from './api';

/**
 * Every active member of the club, names in pt-BR order as the server sorts them: follows the cursor to
 * the last page, so no one is left out of a picker however big the club is (events' form, the saída's leaders).
 */
export async function listActiveMembersByName(clubId: string): Promise<TMember[]> {
  const all: TMember[] = [];
  let after: string | null = null;
  do {
    const params = new URLSearchParams({ status: 'active', sort: 'nome', limit: String(MAX_PAGE_LIMIT) });
    if (after) params.set('after', after);
    const page: TMemberPage = await api<TMemberPage>('GET', `/api/clubs/${clubId}/members?${params.toString()}`);
    all.push(...page.members);
    after = page.next_cursor;
  } while (after);
  return all;
}
