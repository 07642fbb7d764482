import type { Queryable } from './index.js';
import { maybeOne, one } from './index.js';

/** A table of club-owned records edited whole by a form (units, periods). */
export interface ClubTableSpec<F> {
  /** The table and the alias `columns` and `orderBy` use. */
  table: string;
  alias: string;
  /** The columns an answer carries (may hold subqueries on the alias). */
  columns: string;
  /** The columns a form writes, in the order they are bound. */
  fields: ReadonlyArray<keyof F & string>;
  orderBy: string;
}

/** The SQL of a club table's list, read, insert, update and delete, written once; every statement filters by the club. */
export interface ClubTable<T, F> {
  list(q: Queryable, clubId: string): Promise<T[]>;
  get(q: Queryable, clubId: string, id: string): Promise<T | null>;
  insert(q: Queryable, clubId: string, fields: F): Promise<T>;
  /** The record after the update, or null when the club has no such record. */
  update(q: Queryable, clubId: string, id: string, fields: F): Promise<T | null>;
  /** The deleted record, or null when the club has no such record; a foreign key may refuse it (see isInUse). */
  remove(q: Queryable, clubId: string, id: string): Promise<T | null>;
}

export function clubTable<T, F>(spec: ClubTableSpec<F>): ClubTable<T, F> {
  const { table, alias: a, columns, fields } = spec;
  const values = (f: F) => fields.map((k) => f[k]);
  const inserted = fields.map((_, i) => `$${i + 2}`).join(', ');
  const assigned = fields.map((k, i) => `${k} = $${i + 3}`).join(', ');
  const mine = `${a}.club_id = $1 AND ${a}.id = $2`;
  return {
    list: (q, clubId) => q.query<T>(`SELECT ${columns} FROM ${table} ${a} WHERE ${a}.club_id = $1 ORDER BY ${spec.orderBy}`, [clubId]),
    get: (q, clubId, id) => maybeOne<T>(q, `SELECT ${columns} FROM ${table} ${a} WHERE ${mine}`, [clubId, id]),
    insert: (q, clubId, f) => one<T>(
      q, `INSERT INTO ${table} AS ${a} (club_id, ${fields.join(', ')}) VALUES ($1, ${inserted}) RETURNING ${columns}`, [clubId, ...values(f)],
    ),
    update: (q, clubId, id, f) => maybeOne<T>(
      q, `UPDATE ${table} AS ${a} SET ${assigned}, updated_at = now() WHERE ${mine} RETURNING ${columns}`, [clubId, id, ...values(f)],
    ),
    remove: (q, clubId, id) => maybeOne<T>(q, `DELETE FROM ${table} AS ${a} WHERE ${mine} RETURNING ${columns}`, [clubId, id]),
  };
}
