import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { ZSubmissionQuery } from '../../shared/progress.js';
import { ZCursorTimestamp } from '../db/cursor.js';
import { decodeCursor } from '../core/cursor.js';
import { pageAnswer } from '../db/json-text.js';
import * as repo from './repo.js';

const ZQueueCursor = z.tuple([ZCursorTimestamp, z.uuid()]);

/**
 * 'Aprovações': one page of a status, its total (within the reviewer's unit, for a counsellor) and the
 * next cursor, as the JSON text of the answer (ZSubmissionPage).
 */
export async function listQueueJson(db: Db, clubId: string, unitId: string | null, query: z.output<typeof ZSubmissionQuery>): Promise<string> {
  const after = decodeCursor(query.after, ZQueueCursor);
  return pageAnswer('submissions', await repo.listSubmissionsPage(db, clubId, query.status, unitId, after, query.limit));
}
