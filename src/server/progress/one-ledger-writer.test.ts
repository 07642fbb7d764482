import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 44 (ADR 071): the points ledger has one writer. The unit at the moment, the instant, the
// once-only key and reversals are decided in progress/ledger-repo.ts; any other file of src/server that
// appends to point_events would decide them again on its own. Reads of the ledger are free.

const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const WRITER = path.join('progress', 'ledger-repo.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

/** An append to the ledger in SQL (any case, any spacing, quoted or not) or through a query builder. */
const APPENDS = /insert\s+into\s+(?:"?public"?\.)?"?point_events"?\b|insertInto\(\s*['"]point_events['"]/i;

describe('the points ledger', () => {
  it('is appended to by one file of src/server: progress/ledger-repo.ts', () => {
    const writers = sourceFiles(SERVER).filter((f) => APPENDS.test(readFileSync(f, 'utf8'))).map((f) => path.relative(SERVER, f));
    expect(writers).toEqual([WRITER]);
  });

  it('the guard sees the forms an append could take', () => {
    for (const sql of ['INSERT INTO point_events (club_id)', 'insert  into\n point_events', 'INSERT INTO public.point_events', 'INSERT INTO "point_events"', "db.insertInto('point_events')"]) {
      expect(APPENDS.test(sql), sql).toBe(true);
    }
    expect(APPENDS.test('SELECT sum(points) FROM point_events')).toBe(false);
    expect(APPENDS.test('INSERT INTO point_events_archive')).toBe(false);
  });
});
