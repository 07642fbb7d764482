import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ADR 075 and 092: behind a transaction pooler, the next statement of the same pool client may run on
// another server connection. Anything that lives in a session (a setting changed with SET, a session
// advisory lock, LISTEN, a temporary table, a prepared statement by name, a cursor kept after the
// transaction) would be lost there, or found by another client. The server uses them in two places
// only: the migrations, on the direct connections of withSession (db/migrate.ts), and the embedded
// PGlite, which has no pooler (db/pglite.ts). Transaction-scoped forms (SET LOCAL,
// pg_advisory_xact_lock) are free.

const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ALLOWED = [path.join('db', 'migrate.ts'), path.join('db', 'pglite.ts')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

/**
 * Session state in SQL text: a SET that is not LOCAL (and not an UPDATE's SET: that one follows a table
 * name), set_config(…, false), a session advisory lock, LISTEN, a temporary table, PREPARE, a cursor
 * WITH HOLD.
 */
const SESSION_STATE = [
  /(?:^|[`'";]\s*)SET\s+(?!LOCAL\b)(?:SESSION\s+)?[\w.${}]+\s*(?:=|TO\b)/im,
  /set_config\s*\([^)]*,\s*false\s*\)/i,
  /pg_(?:try_)?advisory_lock(?:_shared)?\s*\(/i,
  /(?:^|[`'";]\s*)LISTEN\s+\w/im,
  /CREATE\s+(?:LOCAL\s+|GLOBAL\s+)?TEMP(?:ORARY)?\s+TABLE/i,
  /(?:^|[`'";]\s*)PREPARE\s+[\w${}]+\s+(?:\(|AS\b)/im,
  /\bCURSOR\s+WITH\s+HOLD\b/i,
];

const holdsSessionState = (text: string) => SESSION_STATE.some((re) => re.test(text));

describe('no session state behind the pooler', () => {
  it('only the migrations and PGlite hold state in a database session', () => {
    const found = sourceFiles(SERVER)
      .filter((f) => holdsSessionState(readFileSync(f, 'utf8')))
      .map((f) => path.relative(SERVER, f))
      .sort();
    expect(found).toEqual([...ALLOWED].sort());
  });

  it('the guard sees the forms session state could take, and lets the transaction-scoped ones by', () => {
    for (const sql of [
      "'SET statement_timeout = 0'",
      '`SET search_path TO trilha`',
      "'SET SESSION work_mem = 1024'",
      "`SELECT set_config('app.club', $1, false)`",
      "'SELECT pg_advisory_lock($1)'",
      "'SELECT pg_try_advisory_lock($1)'",
      "'LISTEN club_changes'",
      "'CREATE TEMP TABLE x (id int)'",
      "'CREATE TEMPORARY TABLE x (id int)'",
      '`PREPARE q1 AS SELECT 1`',
      '`PREPARE ${name} AS ${sql}`',
      "'DECLARE c CURSOR WITH HOLD FOR SELECT 1'",
    ]) {
      expect(holdsSessionState(sql), sql).toBe(true);
    }
    for (const sql of [
      "'BEGIN; SET LOCAL statement_timeout = 5000'",
      "`UPDATE badges SET name = $1 WHERE id = $2`",
      "`INSERT INTO t VALUES (1) ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n`",
      "'SELECT pg_advisory_xact_lock($1)'",
      "`SELECT set_config('app.club', $1, true)`",
      '// the reset sets the counter to zero',
    ]) {
      expect(holdsSessionState(sql), sql).toBe(false);
    }
  });
});
