import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGINATION_MSG } from '../../shared/pagination.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { walkPages } from '../../../test/paging.js';
import { engineName } from '../../../test/db.js';
import { insertTask, insertUnit } from '../../../test/gamification.js';

/**
 * Keyset pages of the club's long lists (members, transactions, approvals): walking every page gives
 * each row once, with no gap, even when rows are added between two pages; a forged cursor is a pt-BR
 * 400; another club's lists answer 404.
 */
let ctx: TestContext;
let director: Session;
let member: Session;
let stranger: Session;
let club: { id: string };
let otherClub: { id: string };
let unitA: string;
let cashA: string;
let cashB: string;
let taskId: string;

const url = (path: string) => `/api/clubs/${club.id}${path}`;

/** Inserts `n` accountless members sharing one created_at (so only the id orders them), half in unit A, a third inactive. */
async function bulkMembers(n: number, tag: string, at = "now() - interval '1 day'"): Promise<void> {
  await ctx.db.query(
    `WITH p AS (INSERT INTO profiles (full_name) SELECT $2 || ' ' || lpad(g::text, 3, '0') FROM generate_series(1, $3) g RETURNING id, full_name)
     INSERT INTO club_members (club_id, profile_id, unit_id, active, created_at)
     SELECT $1, p.id, CASE WHEN right(p.full_name, 1)::int % 2 = 0 THEN $4::uuid END, right(p.full_name, 1)::int % 3 <> 0, ${at} FROM p`,
    [club.id, tag, n, unitA],
  );
}

/** Walks every page of a list; `between` runs once after the first page (rows added meanwhile). */
/** Walks every page of a club list; `between` runs once after the first page (rows added meanwhile). */
const walk = (path: string, key: string, limit: number, as: Session = director, between?: () => Promise<void>) =>
  walkPages(ctx.app, url(path), key, limit, as, between);

async function dbIds(sql: string, params: unknown[]): Promise<string[]> {
  return (await ctx.db.query<{ id: string }>(sql, params)).map((r) => r.id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora Paginada' });
  member = await signUp(ctx.app, { name: 'Membro Paginado' });
  stranger = await signUp(ctx.app, { name: 'Diretor de Outro Clube' });
  club = await createClub(ctx.app, director, 'Clube das Páginas');
  otherClub = await createClub(ctx.app, stranger, 'Outro Clube');
  await addMember(ctx.db, club.id, member.profile.id);
  unitA = await insertUnit(ctx.db, club.id, 'Águias');
  cashA = (await call(ctx.app, 'POST', url('/cash-accounts'), { as: director, body: { name: 'Caixa A', initial_balance: '1000.00' } })).json().id;
  cashB = (await call(ctx.app, 'POST', url('/cash-accounts'), { as: director, body: { name: 'Caixa B', initial_balance: '0' } })).json().id;
  taskId = await insertTask(ctx.db, club.id, { title: 'Foto', type: 'submission' });
});
afterAll(() => ctx.close());

describe(`keyset pages of the club's lists on ${engineName()}`, () => {
  it('members: every page once, no gaps, newcomers between pages do not shift them; filters work with the cursor', async () => {
    await bulkMembers(57, 'Pessoa Lote');
    const expected = await dbIds(`SELECT id FROM club_members WHERE club_id = $1 ORDER BY created_at DESC, id DESC`, [club.id]);
    const { ids, totals } = await walk('/members', 'members', 7, director, () => bulkMembers(3, 'Chegou Depois', 'now()'));
    expect(new Set(ids).size).toBe(ids.length);
    // The newcomers are newer than the first page: they appear on a fresh first page, not later in this walk.
    expect(ids).toEqual(expected);
    expect(totals[0]).toBe(expected.length);

    const active = await walk('/members?status=active&q=lote', 'members', 5);
    const activeDb = await dbIds(
      `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND cm.active AND p.full_name ILIKE '%lote%' ORDER BY cm.created_at DESC, cm.id DESC`, [club.id]);
    expect(active.ids).toEqual(activeDb);
    expect(active.totals.every((t) => t === activeDb.length)).toBe(true);

    const inUnit = await walk(`/members?unit_id=${unitA}&status=inactive`, 'members', 4);
    expect(inUnit.ids).toEqual(await dbIds(`SELECT id FROM club_members WHERE club_id = $1 AND unit_id = $2 AND NOT active ORDER BY created_at DESC, id DESC`, [club.id, unitA]));
    const noUnit = await walk('/members?unit_id=none', 'members', 200);
    expect(noUnit.ids).toEqual(await dbIds(`SELECT id FROM club_members WHERE club_id = $1 AND unit_id IS NULL ORDER BY created_at DESC, id DESC`, [club.id]));

    // A plain member pages too (the list is for every member), without e-mails; the e-mail is not searchable for them.
    const seen = (await call(ctx.app, 'GET', url('/members?q=paginada'), { as: member })).json();
    expect(seen.members.map((m: { full_name: string }) => m.full_name)).toEqual(['Diretora Paginada']);
    expect(seen.members[0].email).toBeNull();
    const byEmail = (director.profile.email ?? '').split('@')[0] ?? '';
    expect((await call(ctx.app, 'GET', url(`/members?q=${encodeURIComponent(byEmail)}`), { as: member })).json().total).toBe(0);
    expect((await call(ctx.app, 'GET', url(`/members?q=${encodeURIComponent(byEmail)}`), { as: director })).json().total).toBe(1);
    // LIKE wildcards are searched literally.
    expect((await call(ctx.app, 'GET', url('/members?q=%25'), { as: director })).json().total).toBe(0);
  });

  it('transactions: the first page is the last 20; every page once, also after a new one; filters by account, type and dates', async () => {
    await ctx.db.query(
      `INSERT INTO transactions (club_id, cash_account_id, type, amount, description, transaction_date, created_at)
       SELECT $1, CASE WHEN g % 3 = 0 THEN $3::uuid ELSE $2::uuid END, CASE WHEN g % 4 = 0 THEN 'expense' ELSE 'income' END, 1,
              'Lote ' || g, date '2026-03-01' + (g / 5), timestamptz '2026-03-01 10:00+00'
         FROM generate_series(1, 64) g`,
      [club.id, cashA, cashB],
    );
    const first = (await call(ctx.app, 'GET', url('/transactions'), { as: director })).json();
    expect(first.transactions).toHaveLength(20);
    expect(first.total).toBe(64);
    const expected = await dbIds(`SELECT id FROM transactions WHERE club_id = $1 ORDER BY transaction_date DESC, created_at DESC, id DESC`, [club.id]);
    const { ids } = await walk('/transactions', 'transactions', 9, director, async () => {
      await call(ctx.app, 'POST', url('/transactions'), { as: director, body: { cash_account_id: cashA, description: 'No meio', amount: '2.00', transaction_date: '2026-03-02' } });
    });
    expect(new Set(ids).size).toBe(ids.length);
    // The new one (2 March) lands behind the cursor of page 1 and is listed in its place; nothing else moves.
    const after = await dbIds(`SELECT id FROM transactions WHERE club_id = $1 ORDER BY transaction_date DESC, created_at DESC, id DESC`, [club.id]);
    expect(ids).toEqual(after);
    expect(after.filter((id) => !expected.includes(id))).toHaveLength(1);

    const filtered = await walk(`/transactions?cash_account_id=${cashB}&type=income&from=2026-03-03&to=2026-03-10`, 'transactions', 4);
    expect(filtered.ids).toEqual(await dbIds(
      `SELECT id FROM transactions WHERE club_id = $1 AND cash_account_id = $2 AND type = 'income' AND transaction_date BETWEEN '2026-03-03' AND '2026-03-10'
        ORDER BY transaction_date DESC, created_at DESC, id DESC`, [club.id, cashB]));
    expect(filtered.ids.length).toBeGreaterThan(4);
    const backwards = await call(ctx.app, 'GET', url('/transactions?from=2026-03-10&to=2026-03-01'), { as: director });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('A data final deve ser igual ou posterior à data inicial.');
  });

  it('approvals: the waiting queue oldest first and the reviewed ones newest first, each row once, also with a submission sent meanwhile', async () => {
    const kids = await ctx.db.query<{ profile_id: string }>(`SELECT profile_id FROM club_members WHERE club_id = $1 AND role = 'member' ORDER BY id LIMIT 40`, [club.id]);
    const submit = async (profileId: string, status: string, at: string) => {
      const [a] = await ctx.db.query<{ id: string }>(`INSERT INTO assigned_tasks (club_id, task_id, profile_id, status) VALUES ($1, $2, $3, $4) RETURNING id`, [club.id, taskId, profileId, status]);
      await ctx.db.query(
        `INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, evidence_key, evidence_name, evidence_mime, evidence_size, status, reviewed_at, reject_reason, created_at)
         VALUES ($1, $2, $3, $4, 'k', 'foto.png', 'image/png', 10, $5, CASE WHEN $5 <> 'submitted' THEN $6::timestamptz END, CASE WHEN $5 = 'rejected' THEN 'Borrada' END, $6::timestamptz)`,
        [club.id, a?.id, taskId, profileId, status, at],
      );
    };
    let i = 0;
    for (const k of kids.slice(0, 36)) {
      i += 1;
      await submit(k.profile_id, i % 3 === 0 ? 'approved' : 'submitted', `2026-03-01 10:0${i % 4}:00+00`);
    }
    const late = kids[37];
    const waiting = await walk('/submissions', 'submissions', 5, director, async () => {
      if (late) await submit(late.profile_id, 'submitted', '2026-03-05 10:00:00+00');
    });
    expect(new Set(waiting.ids).size).toBe(waiting.ids.length);
    expect(waiting.ids).toEqual(await dbIds(`SELECT id FROM task_submissions WHERE club_id = $1 AND status = 'submitted' ORDER BY created_at, id`, [club.id]));
    expect(waiting.ids).toHaveLength(25);
    expect((await call(ctx.app, 'GET', url('/submissions/pending-count'), { as: director })).json().pending).toBe(25);

    const approved = await walk('/submissions?status=approved', 'submissions', 5);
    expect(approved.ids).toEqual(await dbIds(`SELECT id FROM task_submissions WHERE club_id = $1 AND status = 'approved' ORDER BY reviewed_at DESC, id DESC`, [club.id]));
    expect(approved.totals[0]).toBe(12);
  });

  it('a forged or garbled cursor is a pt-BR 400 on every list, never a 500', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const uuid = '00000000-0000-4000-8000-000000000000';
    const forged = [
      'nao-e-cursor', '!!!', b64('x'), b64([]), b64([1, 2]), b64(['2026-02-30 10:00:00+00', uuid]), b64(['2026-03-01 25:00:00+00', uuid]),
      b64(['2026-03-01 10:00:00+00', 'nao-uuid']), b64(['2026-03-01 10:00:00+00', uuid, 'extra']), b64({ a: 1 }), 'x'.repeat(501),
    ];
    const forgedTx = [b64(['2026-02-30', '2026-03-01 10:00:00+00', uuid]), b64(['2026-03-01', 'ontem', uuid]), b64(['2026-03-01 10:00:00+00', uuid])];
    for (const [path, cursors] of [['/members', forged], ['/transactions', [...forged, ...forgedTx]], ['/submissions', forged], ['/submissions?status=rejected', forged]] as const) {
      for (const bad of cursors) {
        const res = await call(ctx.app, 'GET', url(`${path}${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(bad)}`), { as: director });
        expect(res.statusCode, `${path} ${bad}`).toBe(400);
        expect(res.json().error.message).toBe(PAGINATION_MSG.invalidCursor);
      }
    }
    for (const limit of ['0', '201', '-1', '1.5', 'dez']) {
      const res = await call(ctx.app, 'GET', url(`/members?limit=${limit}`), { as: director });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(PAGINATION_MSG.limit);
    }
    // A valid cursor from another list is just a position: it never leaks rows of another club.
    const firstPage = (await call(ctx.app, 'GET', url('/members?limit=1'), { as: director })).json();
    const res = await call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/members?after=${firstPage.next_cursor}`, { as: stranger });
    expect(res.statusCode).toBe(200);
    expect(res.json().members.every((m: { club_id: string }) => m.club_id === otherClub.id)).toBe(true);
  });

  it('another club answers 404 on every list and page; a plain member gets 403 on transactions and approvals; anonymous 401', async () => {
    const page = (await call(ctx.app, 'GET', url('/members?limit=2'), { as: director })).json();
    for (const path of ['/members', `/members?limit=2&after=${page.next_cursor}`, '/transactions', '/submissions', '/submissions?status=approved']) {
      expect((await call(ctx.app, 'GET', url(path), { as: stranger })).statusCode, path).toBe(404);
      expect((await call(ctx.app, 'GET', url(path), { as: null })).statusCode, path).toBe(401);
    }
    expect((await call(ctx.app, 'GET', url('/transactions'), { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url('/submissions'), { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', url('/members'), { as: member })).statusCode).toBe(200);
  });
});
