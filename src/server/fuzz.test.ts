import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../../test/api.js';
import { engineName } from '../../test/db.js';
import { fuzzWriteRoutes, HOSTILE, HOSTILE_EXTRA } from '../../test/fuzz.js';

/**
 * Issue 11: no body makes a write route answer 5xx, and a refused body writes nothing. Each route starts
 * from a valid body and gets one field at a time replaced by a hostile value.
 */
let ctx: TestContext;
let admin: Session;
let clubId: string;
let cashAccountId: string;
let seq = 0;

interface WriteRoute {
  url: () => string;
  table: string;
  as: () => Session | null;
  /** A body the route accepts (unique fields fresh on every call). */
  valid: () => Record<string, unknown>;
}

const routes: Record<string, WriteRoute> = {
  register: {
    url: () => '/api/auth/register',
    table: 'profiles',
    as: () => null,
    valid: () => ({ full_name: 'Pessoa Fuzz', email: `fuzz.${process.pid}.${++seq}@teste.com`, password: 'segredo123', confirm_password: 'segredo123' }),
  },
  club: {
    url: () => '/api/clubs',
    table: 'clubs',
    as: () => admin,
    valid: () => ({ name: `Clube Fuzz ${++seq}`, slug: `clube-fuzz-${process.pid}-${++seq}`, timezone: 'America/Sao_Paulo' }),
  },
  unit: {
    url: () => `/api/clubs/${clubId}/units`,
    table: 'units',
    as: () => admin,
    valid: () => ({ name: `Unidade ${++seq}`, color: '#0ea5e9', description: 'Uma unidade', active: true }),
  },
  task: {
    url: () => `/api/clubs/${clubId}/tasks`,
    table: 'tasks',
    as: () => admin,
    valid: () => ({ title: `Tarefa ${++seq}`, description: 'Fazer', type: 'quiz', points: 10, available_date: '2026-03-01T10:00:00.000Z', due_date: '2026-03-10T10:00:00.000Z', active: true }),
  },
  cashAccount: {
    url: () => `/api/clubs/${clubId}/cash-accounts`,
    table: 'cash_accounts',
    as: () => admin,
    valid: () => ({ name: `Caixa ${++seq}`, description: 'Caixa', initial_balance: '10.00' }),
  },
  transaction: {
    url: () => `/api/clubs/${clubId}/transactions`,
    table: 'transactions',
    as: () => admin,
    valid: () => ({ cash_account_id: cashAccountId, description: `Lançamento ${++seq}`, amount: '1.50', type: 'income', transaction_date: '2026-03-02' }),
  },
  period: {
    url: () => `/api/clubs/${clubId}/periods`,
    table: 'periods',
    as: () => admin,
    valid: () => ({ name: `Período ${++seq}`, description: '', start_date: '2026-01-01T03:00:00.000Z', end_date: '2026-03-31T23:00:00-03:00', active: true }),
  },
};

const hostile = { ...HOSTILE, farDate: HOSTILE_EXTRA.farDate };

async function rowCount(table: string): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row.n;
}

async function send(route: WriteRoute, body: Record<string, unknown>) {
  const before = await rowCount(route.table);
  const res = await call(ctx.app, 'POST', route.url(), { as: route.as(), body });
  const after = await rowCount(route.table);
  return { status: res.statusCode, changed: after !== before, body: res.body };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const setup = await setUpClubWithMember(ctx, 'Clube Fuzz');
  admin = setup.admin;
  clubId = setup.club.id;
  const account = await call(ctx.app, 'POST', `/api/clubs/${clubId}/cash-accounts`, { as: admin, body: { name: 'Caixa Base', initial_balance: '100.00' } });
  cashAccountId = account.json().id;
});
afterAll(() => ctx.close());

describe(`hostile request bodies on ${engineName()}`, () => {
  // A NUL is refused whatever the route: PostgreSQL cannot store it.
  fuzzWriteRoutes({
    routes,
    hostile,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    title: (_route, name) => `POST ${name}`,
    // The registration route stays out of the random bodies, as it did before the shared harness.
    randomNames: Object.keys(routes).filter((n) => n !== 'register'),
    seed: 11,
    numRuns: 150,
  });

  it('a timestamp JavaScript cannot hold is read back as PostgreSQL wrote it instead of throwing', async () => {
    const [row] = await ctx.db.query<{ a: string; b: string }>("SELECT 'infinity'::timestamptz AS a, '294000-01-01 00:00:00+00'::timestamptz AS b");
    expect(row.a).toBe('infinity');
    expect(row.b).toMatch(/^294000-01-01/);
  });
});
