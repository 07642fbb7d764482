import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { ZMemberQuery } from '../../shared/members.js';
import { ZCursorTimestamp } from '../db/cursor.js';
import { decodeCursor } from '../http/cursor.js';
import { pageAnswer } from '../db/json-text.js';
import { likeLiteral } from '../admin/repo.js';
import * as repo from './repo.js';

const ZMemberCursor = z.tuple([ZCursorTimestamp, z.uuid()]);

/**
 * /dashboard/members: one page of the club's members with the filters' total and the next page's
 * cursor, as the JSON text of the answer (ZMemberPage).
 */
export async function listMembersJson(db: Db, clubId: string, withEmail: boolean, query: z.output<typeof ZMemberQuery>): Promise<string> {
  const after = decodeCursor(query.after, ZMemberCursor);
  const filter = { search: likeLiteral(query.q), unitId: query.unit_id, status: query.status };
  return pageAnswer('members', await repo.listMembersPage(db, clubId, withEmail, filter, after, query.limit));
}
