import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { timestamptzToIso } from './parsers.js';
import { one } from './index.js';
import { openTestDb, type TestDb } from '../../../test/db.js';

/** What PostgreSQL writes for a timestamptz in a UTC session: microseconds, trailing zeros dropped. */
function postgresText(ms: number, micros: number): string {
  const iso = new Date(ms).toISOString();
  const fraction = String((ms % 1000 + 1000) % 1000 * 1000 + micros).padStart(6, '0').replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('timestamptzToIso', () => {
  it('gives what Date#toISOString gives for any UTC instant PostgreSQL writes', () => {
    const from = Date.UTC(1000, 0, 1);
    const to = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    fc.assert(fc.property(fc.integer({ min: from, max: to }), fc.integer({ min: 0, max: 999 }), (ms, micros) => {
      const text = postgresText(ms, micros);
      expect(timestamptzToIso(text)).toBe(new Date(text).toISOString());
    }), { numRuns: 2_000 });
  });

  it('leaves other offsets, old years and infinity to Date, as before', () => {
    expect(timestamptzToIso('2026-11-30 16:23:43.5-03')).toBe('2026-11-30T19:23:43.500Z');
    expect(timestamptzToIso('2026-11-30 19:23:43+05:30')).toBe('2026-11-30T13:53:43.000Z');
    expect(timestamptzToIso('infinity')).toBe('infinity');
    expect(timestamptzToIso('0999-01-01 00:00:00+00')).toBe(new Date('0999-01-01 00:00:00+00').toISOString());
  });
});

describe('a timestamptz read from the database', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(() => t.dispose());

  it('comes back as the ISO instant of the same moment, to the millisecond', async () => {
    const row = await one<{ at: string; epoch_ms: number }>(t,
      `SELECT v AS at, floor(extract(epoch FROM v) * 1000)::int8 AS epoch_ms
         FROM (VALUES ('2026-11-30 19:23:43.901923+00'::timestamptz)) AS x(v)`);
    expect(row.at).toBe('2026-11-30T19:23:43.901Z');
    expect(Date.parse(row.at)).toBe(row.epoch_ms);
  });
});
