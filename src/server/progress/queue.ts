import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { TSubmissionPage, ZSubmissionQuery } from '../../shared/progress.js';
import { ZCursorTimestamp, decodeCursor, pageOf } from '../http/cursor.js';
import * as repo from './repo.js';

const ZQueueCursor = z.tuple([ZCursorTimestamp, z.uuid()]);

/** 'Aprovações': one page of a status, its total (within the reviewer's unit, for a counsellor) and the next cursor. */
export async function listQueue(db: Db, clubId: string, unitId: string | null, query: z.output<typeof ZSubmissionQuery>): Promise<TSubmissionPage> {
  const after = decodeCursor(query.after, ZQueueCursor);
  const { rows, total } = await repo.listSubmissionsPage(db, clubId, query.status, unitId, after, query.limit);
  const page = pageOf(rows, query.limit, (s) => [s.sort_at, s.id]);
  return { submissions: page.rows.map(({ sort_at: _, ...s }) => s), total, next_cursor: page.next_cursor };
}
