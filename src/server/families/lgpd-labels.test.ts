import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/api.js';
import { subjectColumns } from './lgpd-service.js';
import { COLUMN_LABEL, TABLE_LABEL, localTime } from './lgpd-labels.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe("'Meus dados' in Portuguese", () => {
  it('every table the export reads and every column of it has a pt-BR name (a new one fails here until named)', async () => {
    const tables = [...new Set((await subjectColumns(ctx.db)).map((c) => c.table_name)), 'profiles'];
    expect(tables.filter((t) => !TABLE_LABEL[t])).toEqual([]);
    const columns = await ctx.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name::text, column_name::text FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ANY($1) ORDER BY 1, 2`,
      [tables],
    );
    expect(columns.filter((c) => !COLUMN_LABEL[c.column_name]).map((c) => `${c.table_name}.${c.column_name}`)).toEqual([]);
  });

  it('times read in the club time zone, days as dd/mm/aaaa', () => {
    expect(localTime(new Date('2026-11-26T13:05:09Z'), 'America/Sao_Paulo')).toBe('26/11/2026 10:05:09');
    expect(localTime('2026-11-26T13:05:09.000Z', 'America/Manaus')).toBe('26/11/2026 09:05:09');
    expect(localTime('2026-02-01', 'America/Sao_Paulo')).toBe('01/02/2026');
  });
});
