import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

// Issue 18: <input type="number"> drops the comma a Brazilian types ('1234,56' became 123456) and
// turns letters into '' that a form read as 0. Money uses MoneyInput, whole numbers IntegerInput.
describe('web inputs', () => {
  it('no <input type="number"> anywhere in src/web (chart axes are not inputs)', () => {
    const offenders = sources(WEB).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(WEB, file)}:${i + 1}` }))
        .filter(({ line }) => /type=["'{]*number/.test(line) && !/<[XY]Axis\b/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  // An English Chromium shows <input type="date"> as mm/dd/yyyy and times as 03:00 PM; Trilha's
  // dates are dd/mm/aaaa and its times hh:mm (spec 9).
  it('no native date, date-time or time input anywhere in src/web: DateInput, DateTimeInput and TimeInput', () => {
    const offenders = sources(WEB).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(WEB, file)}:${i + 1}` }))
        .filter(({ line }) => /type=["'{]*(date|datetime-local|time|month|week)["'}]/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
