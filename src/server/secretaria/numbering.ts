import { one, type Queryable } from '../db/index.js';

export type TBook = 'ata' | 'voto' | 'ato' | 'oficio' | 'protocolo';

/**
 * The next number of a club's book for a year (ADR 076). The counter row is written in the caller's
 * transaction: the row lock makes concurrent writers take turns, and a rollback gives the number back,
 * so the numbers of a book have no gaps and are never reused.
 */
export async function nextNumber(tx: Queryable, clubId: string, book: TBook, year: number): Promise<number> {
  const row = await one<{ last: number }>(tx,
    `INSERT INTO secretaria_counters AS c (club_id, book, year, last) VALUES ($1, $2, $3, 1)
     ON CONFLICT (club_id, book, year) DO UPDATE SET last = c.last + 1
     RETURNING last`, [clubId, book, year]);
  return row.last;
}

/** The year of an ISO date. */
export const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4));
