import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { ZMemberQuery } from '../../shared/members.js';
import { ZCursorTimestamp } from '../db/cursor.js';
import { decodeCursor } from '../core/cursor.js';
import { pageAnswer } from '../db/json-text.js';
import { likeLiteral } from '../admin/repo.js';
import * as repo from './repo.js';

const ZMemberCursor = z.tuple([ZCursorTimestamp, z.uuid()]);
/** The name sort's key is the folded name; the points sort's, a whole number (as text). */
const ZNameCursor = z.tuple([z.string().max(1000), z.uuid()]);
const ZPointsCursor = z.tuple([z.string().regex(/^-?\d{1,18}$/), z.uuid()]);

/**
 * /dashboard/membros: one page of the club's members with the filters' total and the next page's
 * cursor, as the JSON text of the answer (ZMemberPage).
 */
export async function listMembersJson(db: Db, clubId: string, withEmail: boolean, query: z.output<typeof ZMemberQuery>): Promise<string> {
  const shape = query.sort === 'nome' ? ZNameCursor : query.sort === 'pontos' ? ZPointsCursor : ZMemberCursor;
  const after = decodeCursor(query.after, shape);
  const filter = { search: likeLiteral(query.q), unitId: query.unit_id, status: query.status };
  return pageAnswer('members', await repo.listMembersPage(db, clubId, withEmail, filter, after, query.limit, query.sort));
}
