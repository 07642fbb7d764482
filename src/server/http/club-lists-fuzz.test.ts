import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

/**
 * The paged lists' query strings (limit, after and each filter) never make the server answer 5xx:
 * anything is a page (200) or a pt-BR 400. A page never holds more rows than asked.
 */
let ctx: TestContext;
let admin: Session;
let clubId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpClubWithMember(ctx, 'Fuzz Listas');
  admin = setup.admin;
  clubId = setup.club.id;
});
afterAll(() => ctx.close());

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v) ?? 'null').toString('base64url');
const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('', ' ', 'none', 'all', 'active', 'inactive', 'income', 'expense', 'submitted', 'approved', 'rejected', '2026-02-30', '2026-03-01',
    '00000000-0000-4000-8000-000000000000', '%', '_', '\\', "'", '0', '200', '201', '-1', 'NaN', 'Infinity', '1e3', '\u0000'),
  fc.jsonValue().map(b64),
  fc.tuple(fc.string(), fc.string()).map(b64),
  fc.tuple(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().replace('T', ' ').replace('Z', '+00')), fc.uuid()).map(b64),
  fc.tuple(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.string(), fc.uuid()).map(b64),
);

const lists = {
  members: ['limit', 'after', 'q', 'unit_id', 'status'],
  transactions: ['limit', 'after', 'cash_account_id', 'type', 'from', 'to'],
  submissions: ['limit', 'after', 'status'],
} as const;

describe(`paged list query strings on ${engineName()}`, () => {
  it('never answer 5xx; a 400 carries a pt-BR message; a page respects the limit', async () => {
    const names = Object.keys(lists) as Array<keyof typeof lists>;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.array(fc.tuple(fc.nat(), hostile), { minLength: 1, maxLength: 4 }),
        async (list, params) => {
          const keys = lists[list];
          const qs = new URLSearchParams();
          for (const [pick, value] of params) qs.append(keys[pick % keys.length] ?? 'limit', value);
          const res = await call(ctx.app, 'GET', `/api/clubs/${clubId}/${list}?${qs.toString()}`, { as: admin });
          expect(res.statusCode, `${list}?${qs.toString()} → ${res.body}`).toBeLessThan(500);
          if (res.statusCode === 400) {
            const message: string = res.json().error.message;
            expect(message.length).toBeGreaterThan(0);
            // Zod's English defaults ('Invalid input', 'Expected …', 'Too big') never reach the user.
            expect(message).not.toMatch(/invalid input|expected|too (big|small)|received/i);
          } else {
            expect(res.statusCode).toBe(200);
            const body = res.json();
            const limit = Number(qs.getAll('limit').at(-1) ?? NaN);
            if (Number.isInteger(limit)) expect(body[list].length).toBeLessThanOrEqual(limit);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
