import type { Queryable } from '../db/index.js';
import type { TAta } from '../../shared/secretaria.js';
import { getAta } from './atas-repo.js';
import { ataIdsOfYear } from './year-book-repo.js';

/** The livro de atas of a year as one volume: every ata in number order, each whole (issue 47). */
export async function yearBook(q: Queryable, clubId: string, year: number): Promise<TAta[]> {
  const ids = await ataIdsOfYear(q, clubId, year);
  const atas: TAta[] = [];
  for (const id of ids) {
    const ata = await getAta(q, clubId, id);
    if (ata) atas.push(ata);
  }
  return atas;
}
