import type { Queryable } from '../db/index.js';
import { bumpBookCounter } from './counter-repo.js';

export type TBook = 'ata' | 'voto' | 'ato' | 'oficio' | 'protocolo';

/**
 * The next number of a club's book for a year (ADR 076). The counter row is written in the caller's
 * transaction: the row lock makes concurrent writers take turns, and a rollback gives the number back,
 * so the numbers of a book have no gaps and are never reused.
 */
export async function nextNumber(tx: Queryable, clubId: string, book: TBook, year: number): Promise<number> {
  return bumpBookCounter(tx, clubId, book, year);
}

/** The year of an ISO date. */
export const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4));
