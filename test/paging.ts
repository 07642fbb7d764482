import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Session } from './api.js';

/**
 * Walks every page of a keyset list (`limit` + `after`), checking that only the last page is short;
 * `between` runs once after the first page (rows added meanwhile). Returns the ids in order, each
 * page's total and the number of pages.
 */
export async function walkPages(
  app: FastifyInstance, listUrl: string, key: string, limit: number, as: Session, between?: () => Promise<void>,
): Promise<{ ids: string[]; totals: number[]; pages: number }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const sep = listUrl.includes('?') ? '&' : '?';
    const res = await call(app, 'GET', `${listUrl}${sep}limit=${limit}${after ? `&after=${after}` : ''}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<string, unknown> & { total: number; next_cursor: string | null };
    const rows = body[key] as Array<{ id: string }>;
    expect(rows.length).toBeLessThanOrEqual(limit);
    if (body.next_cursor) expect(rows).toHaveLength(limit);
    ids.push(...rows.map((r) => r.id));
    totals.push(body.total);
    after = body.next_cursor;
    pages += 1;
    if (pages === 1 && between) await between();
    expect(pages).toBeLessThan(500);
  } while (after);
  return { ids, totals, pages };
}
