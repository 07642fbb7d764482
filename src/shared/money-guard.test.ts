import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 44, one rule in one place: money moves between the API's decimal strings and whole cents only in
// src/shared/money.ts (moneyToCents, centsToMoney, sumMoney, splitMoney, percentOff), never through a
// float. This walk reads every source file of src/server, src/shared and src/web and fails on any line
// that looks like a cents conversion anywhere else. Uses of the same shapes that are not money are
// allowed below one by one, with the reason; an allowance that no longer matches a line fails too.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIRS = ['src/server', 'src/shared', 'src/web'];
const MONEY_MODULE = 'src/shared/money.ts';

/** Shapes of a cents conversion: ×/÷ 100, float rounding, float parsing, dropping the point, Number() of an amount. */
const CONVERSIONS: RegExp[] = [
  /\*\s*100n?\b/, /\b100n?\s*\*/, /[\w)\]]\s*\/\s*100n?\b/,
  /Math\.round\(Number\(/, /toFixed\(2\)/, /parseFloat\(/,
  /\.replace\('\.', ''\)/, /\.slice\(0, -2\)/,
  /\bNumber\([^()]*\b(amount|cost|price|balance|total|paid|open)\w*\)/i,
];

/** Lines that have the shape and are not money: the file, a piece of the line, why. */
const ALLOWED: ReadonlyArray<{ file: string; line: string; reason: string }> = [
  { file: 'src/server/finance/repo.ts', line: 'round(g.current_amount * 100 / g.goal_amount)::int AS percent', reason: 'a savings goal in whole percent, not an amount' },
  { file: 'src/server/meetings/report.ts', line: 'Math.round((100 * (c.present + c.late)) / c.total)', reason: 'attendance in percent' },
  { file: 'src/web/features/meetings/pages/report-page.tsx', line: '(100 * w.', reason: 'bar widths in percent of the marks' },
  { file: 'src/web/features/programme/components/card-view.tsx', line: 'Math.round((p.signed / p.total) * 100)', reason: 'requirements signed in percent' },
  { file: 'src/server/charges/statement.ts', line: "normal.replace('.', '').replace(/^0+/, '').length > 14", reason: 'counts the digits of a read amount against numeric(14,2); the conversion is moneyToCents' },
  { file: 'src/shared/pix.ts', line: 'amount: Number(amount)', reason: 'the BR Code library takes a number; at most 12 integer digits and 2 decimals, exact as a double, and it writes 2 decimals back' },
  { file: 'src/web/features/associacao/pages/readiness-page.tsx', line: 'Math.floor((n * 100) / total)', reason: 'members ready for the SGC in percent' },
  { file: 'src/web/features/associacao/pages/evaluation-page.tsx', line: 'Math.floor((e.score * 100) / e.max)', reason: "the evaluation's points in percent" },
  { file: 'src/server/charges/demo-seed.ts', line: 'round(60.00 * (100 - e.percent) / 100, 2)', reason: "the demo's past months in SQL, the very expression of generate_dues; dues-discount.test.ts holds percentOff to it" },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sources(full);
    return /\.tsx?$/.test(d.name) && !/\.(test|spec)\.tsx?$/.test(d.name) ? [full] : [];
  });
}

function conversionLines(): Array<{ file: string; n: number; text: string }> {
  const found: Array<{ file: string; n: number; text: string }> = [];
  for (const dir of DIRS) {
    for (const full of sources(path.join(ROOT, dir))) {
      const file = path.relative(ROOT, full).split(path.sep).join('/');
      if (file === MONEY_MODULE) continue;
      readFileSync(full, 'utf8').split('\n').forEach((text, i) => {
        if (CONVERSIONS.some((re) => re.test(text))) found.push({ file, n: i + 1, text: text.trim() });
      });
    }
  }
  return found;
}

describe('money in one module', () => {
  const lines = conversionLines();
  const allowed = (l: { file: string; text: string }) => ALLOWED.some((a) => a.file === l.file && l.text.includes(a.line));

  it('no module but src/shared/money.ts turns money into cents or back', () => {
    const offenders = lines.filter((l) => !allowed(l)).map((l) => `${l.file}:${l.n}: ${l.text.slice(0, 160)}`);
    expect(offenders, 'use moneyToCents / centsToMoney / sumMoney / splitMoney / percentOff of src/shared/money.ts').toEqual([]);
  });

  it('every allowance still matches a line (a stale one would hide the next conversion)', () => {
    const stale = ALLOWED.filter((a) => !lines.some((l) => l.file === a.file && l.text.includes(a.line)));
    expect(stale).toEqual([]);
  });

  it('the walk sees what it looks for: a float conversion and a cents join would be caught', () => {
    expect(CONVERSIONS.some((re) => re.test('Math.round(Number(planAmount) * 50) / 100'))).toBe(true);
    expect(CONVERSIONS.some((re) => re.test("BigInt(v.replace('.', ''))"))).toBe(true);
    expect(CONVERSIONS.some((re) => re.test("`${s.slice(0, -2)}.${s.slice(-2)}`"))).toBe(true);
    expect(CONVERSIONS.some((re) => re.test('(95.5 + m * 7).toFixed(2)'))).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
  });
});
