import type { z } from 'zod';
import { PAGINATION_MSG } from '../../shared/pagination.js';
import { badRequest } from './errors.js';

/** The sort key inside a cursor, checked against the shape the list expects; 400 in pt-BR otherwise. */
export function decodeCursor<T extends z.ZodType>(cursor: string | undefined, shape: T): z.output<T> | null {
  if (cursor === undefined || cursor === '') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(PAGINATION_MSG.invalidCursor);
  }
  const parsed = shape.safeParse(raw);
  if (!parsed.success) throw badRequest(PAGINATION_MSG.invalidCursor);
  return parsed.data;
}
