import { one, type Queryable } from '../db/index.js';

/** Counts one more in a club's book for a year and returns the new last number (the row stays locked). */
export async function bumpBookCounter(tx: Queryable, clubId: string, book: string, year: number): Promise<number> {
  const row = await one<{ last: number }>(tx,
    `INSERT INTO secretaria_counters AS c (club_id, book, year, last) VALUES ($1, $2, $3, 1)
     ON CONFLICT (club_id, book, year) DO UPDATE SET last = c.last + 1
     RETURNING last`, [clubId, book, year]);
  return row.last;
}
