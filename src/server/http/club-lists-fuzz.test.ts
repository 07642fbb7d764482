import { afterAll, beforeAll, describe } from 'vitest';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { fuzzListQueries, type FuzzedList } from '../../../test/fuzz.js';

/**
 * The paged lists' query strings (limit, after and each filter) never make the server answer 5xx:
 * anything is a page (200) or a pt-BR 400. A page never holds more rows than asked (test/fuzz.ts).
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

const list = (name: string, keys: readonly string[]): FuzzedList => ({
  keys,
  get: (query) => call(ctx.app, 'GET', `/api/clubs/${clubId}/${name}?${query}`, { as: admin }),
  rows: (page) => page[name] as unknown[],
});

describe(`paged list query strings on ${engineName()}`, () => {
  fuzzListQueries({
    lists: {
      members: list('members', ['limit', 'after', 'q', 'unit_id', 'status']),
      transactions: list('transactions', ['limit', 'after', 'cash_account_id', 'type', 'from', 'to']),
      submissions: list('submissions', ['limit', 'after', 'status']),
    },
    words: ['none', 'all', 'active', 'inactive', 'income', 'expense', 'submitted', 'approved', 'rejected'],
  });
});
