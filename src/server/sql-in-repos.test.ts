import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Issue 44: SQL lives in a domain's repo files (`repo.ts`, `*-repo.ts`), as ADR 082 says; services,
// route modules and helpers call named repo functions. This walk finds SQL text anywhere else under
// src/server and fails on it.

const SERVER = path.dirname(fileURLToPath(import.meta.url));

/** Whole folders that are not a domain, each with why it may hold SQL. */
const INFRASTRUCTURE: Record<string, string> = {
  db: 'the database layer itself: connections, migrations, the club clock and job-run helpers build SQL for the repos',
  core: 'what services stand on (ADR 082): counter-store.ts is the counters\' own table, below every domain',
  demo: 'the demo seed writes demo data straight into the tables, as a migration does',
  health: 'the readiness probe asks the database one SELECT 1',
  metrics: 'operational gauges read the queues\' sizes for /metrics',
  backup: 'the backup copies tables as they are, below every domain',
};

/** Files of a domain that may hold SQL, by name: each domain's demo data, written straight into the tables. */
const ALLOWED_NAMES = new Set(['demo-seed.ts']);
/** A domain's extra demo seeds (`pasta-demo-seed.ts`, …) are seeds too. */
const ALLOWED_SUFFIX = '-demo-seed.ts';

/**
 * SQL outside repos that is still to move (issue 44 follow-up): the number of lines with SQL each file
 * has today. A file may only go down (lower its number here when it does); no other file may start.
 * programme was the largest of the four new domains; the older ones carried theirs before the rule.
 */
const PENDING: Record<string, number> = {};

const SQL_LINE = /\b(SELECT|INSERT INTO|DELETE FROM)\b|\bUPDATE\s+\w+(\s+\w+)?\s+SET\b|sql`|\.query\s*[<(]/;

function isRepo(name: string): boolean {
  return name === 'repo.ts' || name.endsWith('-repo.ts');
}

function candidates(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return candidates(full);
    if (!d.name.endsWith('.ts') || d.name.endsWith('.test.ts') || isRepo(d.name) || ALLOWED_NAMES.has(d.name) || d.name.endsWith(ALLOWED_SUFFIX)) return [];
    return [full];
  });
}

/** Lines with SQL, comments left out. */
export function sqlLines(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/^\s*\/\/.*$/gm, '');
  return code.split('\n').filter((line) => SQL_LINE.test(line)).length;
}

function domainFiles(): { file: string; lines: number }[] {
  return readdirSync(SERVER, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !(d.name in INFRASTRUCTURE))
    .flatMap((d) => candidates(path.join(SERVER, d.name)))
    .map((full) => ({ file: path.relative(SERVER, full).split(path.sep).join('/'), lines: sqlLines(readFileSync(full, 'utf8')) }))
    .filter((f) => f.lines > 0);
}

describe('SQL only in repos (issue 44)', () => {
  it('finds SQL and passes over comments', () => {
    expect(sqlLines('const a = 1;\n// SELECT 1\n/* INSERT INTO x */')).toBe(0);
    expect(sqlLines("await q.query(`SELECT id FROM t`);\nawait tx.query<{ id: string }>(\n`UPDATE t x SET a = 1`")).toBe(3);
    expect(sqlLines('`DELETE FROM t WHERE id = $1`')).toBe(1);
  });

  it('no domain file outside a repo holds SQL, except what is still to move (and that does not grow)', () => {
    const found = domainFiles();
    const offenders = found
      .filter((f) => (PENDING[f.file] ?? 0) < f.lines)
      .map((f) => `${f.file}: ${f.lines} ${f.lines === 1 ? 'linha' : 'linhas'} com SQL (permitidas: ${PENDING[f.file] ?? 0}); mova para repo.ts ou um *-repo.ts do domínio`);
    expect(offenders).toEqual([]);
  });

  it('names only folders that exist', () => {
    const folders = new Set(readdirSync(SERVER, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name));
    expect(Object.keys(INFRASTRUCTURE).filter((f) => !folders.has(f))).toEqual([]);
  });
});
