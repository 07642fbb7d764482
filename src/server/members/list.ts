import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { TMemberPage, ZMemberQuery } from '../../shared/members.js';
import { ZCursorTimestamp, decodeCursor, pageOf } from '../http/cursor.js';
import { likeLiteral } from '../admin/repo.js';
import * as repo from './repo.js';

const ZMemberCursor = z.tuple([ZCursorTimestamp, z.uuid()]);

/** /dashboard/members: one page of the club's members with the filters' total and the next page's cursor. */
export async function listMembers(db: Db, clubId: string, withEmail: boolean, query: z.output<typeof ZMemberQuery>): Promise<TMemberPage> {
  const after = decodeCursor(query.after, ZMemberCursor);
  const filter = { search: likeLiteral(query.q), unitId: query.unit_id, status: query.status };
  const { rows, total } = await repo.listMembersPage(db, clubId, withEmail, filter, after, query.limit);
  const page = pageOf(rows, query.limit, (m) => [m.sort_created_at, m.id]);
  return { members: page.rows.map(({ sort_created_at: _, ...m }) => m), total, next_cursor: page.next_cursor };
}
