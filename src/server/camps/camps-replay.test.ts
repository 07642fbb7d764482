import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { inviteChild, memberIdOf, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

/**
 * Exactly once (issue 49, ADR 078): two leaders' phones replay their offline queues in any order, any
 * number of times, after a crash or together — the log keeps each check-in and each scheduled dose once,
 * each incident once, and nothing answers 5xx. Then hostile bodies on every write route change nothing.
 */
let ctx: TestContext;
let admin: Session;
let phones: Session[];
let base: string;
let camp: string;
let kids: string[];
let medications: string[];
let today: string;

beforeAll(async () => {
  ctx = await createTestApp();
  let clubId: string;
  ({ admin, base, club: { id: clubId } } = await setUpStaffedClub(ctx, 'Clube Réplicas', { members: [] }));
  [{ today }] = await ctx.db.query<{ today: string }>(`SELECT (now() AT TIME ZONE timezone)::date::text AS today FROM clubs WHERE id = $1`, [clubId]);
  phones = [await signUp(ctx.app, { name: 'Líder Um' }), await signUp(ctx.app, { name: 'Líder Dois' })];
  const unit = (await call(ctx.app, 'POST', `${base}/units`, { as: admin, body: { name: 'Lobos', color: '#1d4ed8' } })).json().id;
  for (const p of phones) await addMember(ctx.db, clubId, p.profile.id, 'counselor', unit);
  const leaders = await Promise.all(phones.map((p) => memberIdOf(ctx.db, clubId, p.profile.id)));
  kids = [];
  for (const name of ['Ana', 'Beto', 'Caio']) kids.push((await inviteChild(ctx, admin, clubId, { name, birthDate: '2014-01-01', guardianName: `Resp ${name}`, relationship: 'Mãe' })).memberId);
  const eventId = (await call(ctx.app, 'POST', `${base}/events`, {
    as: admin, body: { title: 'Campori', kind: 'campori', starts_on: today, ends_on: today, registration_deadline: today, place: 'Parque', cost: '0', instalments: 1, places: null, checklist_items: [] },
  })).json().id;
  for (const k of kids) await call(ctx.app, 'POST', `${base}/events/${eventId}/registrations`, { as: admin, body: { member_id: k } });
  camp = `${base}/events/${eventId}/camp`;
  expect((await call(ctx.app, 'PUT', camp, { as: admin, body: { leader_member_ids: leaders } })).statusCode).toBe(200);
  medications = [];
  for (const k of kids) {
    medications.push((await call(ctx.app, 'PUT', `${camp}/participants/${k}/medications`, { as: admin, body: { items: [{ name: 'Dipirona', dose: '1 comprimido', times: ['00:00', '00:01'] }] } })).json()[0].id);
  }
}, 120_000);
afterAll(() => ctx.close());

const counts = async () => (await ctx.db.query<{ marks: number; doses: number; incidents: number; movements: number }>(
  `SELECT (SELECT count(*)::int FROM camp_head_marks) AS marks, (SELECT count(*)::int FROM camp_doses) AS doses,
          (SELECT count(*)::int FROM camp_incidents) AS incidents, (SELECT count(*)::int FROM camp_movements) AS movements`))[0];

describe(`camp log replays on ${engineName()}`, () => {
  it('any interleaving of two phones replaying their queues keeps each fact once (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ kind: fc.constantFrom('mark', 'dose', 'incident'), kid: fc.nat(2), slot: fc.nat(1), direction: fc.constantFrom('saida', 'chegada') }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(1), fc.nat(50)), { minLength: 1, maxLength: 30 }),
        async (facts, sends) => {
          for (const t of ['camp_head_marks', 'camp_doses', 'camp_incidents', 'camp_movements']) await ctx.db.query(`DELETE FROM ${t}`);
          const movement = randomUUID();
          const now = new Date().toISOString();
          // The movement was created online, before the bus left; the phones count against it.
          expect((await call(ctx.app, 'POST', `${camp}/movements`, { as: phones[0], body: { id: movement, label: 'Ônibus', recorded_at: now } })).statusCode).toBe(200);
          // Each phone recorded every fact under its own ids (the same check-in twice, two leaders).
          const queues = phones.map(() => facts.map((f) => {
            const id = randomUUID();
            if (f.kind === 'mark') return { url: `${camp}/head-marks`, body: { id, movement_id: movement, member_id: kids[f.kid], direction: f.direction, marked_at: now } };
            if (f.kind === 'dose') return { url: `${camp}/doses`, body: { id, member_id: kids[f.kid], medication_id: medications[f.kid], slot: `${today}T00:0${f.slot}`, medication: 'Dipirona', dose: '1 comprimido', status: 'dada', given_at: now } };
            return { url: `${camp}/incidents`, body: { id, member_id: kids[f.kid], kind: 'quase_acidente', occurred_at: now, place: 'Lago', description: 'Escorregou' } };
          }));
          // The sends: a phone (0/1) sends its entry n (any entry again: a replay after a crash), then both drain everything.
          const plan = [...sends.map(([phone, n]) => ({ phone, entry: queues[phone][n % facts.length] })),
            ...queues.flatMap((q, phone) => q.map((entry) => ({ phone, entry })))];
          for (const { phone, entry } of plan) {
            const res = await call(ctx.app, 'POST', entry.url, { as: phones[phone], body: entry.body });
            expect(res.statusCode, res.body).toBe(200);
          }
          const key = (f: (typeof facts)[number]) => f.kind === 'mark' ? `m${f.kid}${f.direction}` : f.kind === 'dose' ? `d${f.kid}${f.slot}` : null;
          const natural = new Set(facts.map(key).filter(Boolean));
          const after = await counts();
          expect(after.movements).toBe(1);
          expect(after.marks).toBe([...natural].filter((k) => k?.startsWith('m')).length);
          expect(after.doses).toBe([...natural].filter((k) => k?.startsWith('d')).length);
          // Incidents have no natural key: each phone's own record counts, each once.
          expect(after.incidents).toBe(2 * facts.filter((f) => f.kind === 'incident').length);
        },
      ),
      { numRuns: 12, seed: 49 },
    );
  });

  const hostile: Record<string, unknown> = {
    empty: '', null: null, negative: -1, huge: 1e308, big: 'x'.repeat(200 * 1024), nul: 'a\u0000b', emoji: '🏕️🔥', wrongType: true,
    impossibleDate: '2026-02-31T10:00:00Z', farFuture: '2199-01-01T00:00:00Z', array: ['a'], object: { a: 1 },
  };

  it('hostile values in each field of each write answer < 500 and change nothing when refused', async () => {
    const movement = randomUUID();
    await call(ctx.app, 'POST', `${camp}/movements`, { as: phones[0], body: { id: movement, label: 'Trilha', recorded_at: new Date().toISOString() } });
    const routes: Record<string, () => Record<string, unknown>> = {
      movements: () => ({ id: randomUUID(), label: 'Noite', recorded_at: new Date().toISOString() }),
      'head-marks': () => ({ id: randomUUID(), movement_id: movement, member_id: kids[0], direction: 'chegada', marked_at: new Date().toISOString() }),
      doses: () => ({ id: randomUUID(), member_id: kids[1], medication_id: null, slot: null, medication: 'Soro', dose: '1 envelope', status: 'dada', given_at: new Date().toISOString() }),
      incidents: () => ({ id: randomUUID(), member_id: kids[2], kind: 'incidente', occurred_at: new Date().toISOString(), place: 'Cozinha', description: 'Corte leve', first_aid: '', guardian_called: false, doctor_needed: false, notice_text: null }),
    };
    const failures: unknown[] = [];
    for (const [name, valid] of Object.entries(routes)) {
      for (const field of Object.keys(valid())) {
        for (const [label, value] of Object.entries(hostile)) {
          const before = await counts();
          const res = await call(ctx.app, 'POST', `${camp}/${name}`, { as: phones[1], body: { ...valid(), [field]: value } });
          const after = await counts();
          if (res.statusCode >= 500 || (res.statusCode >= 400 && JSON.stringify(before) !== JSON.stringify(after))) failures.push({ name, field, label, status: res.statusCode });
          if (label === 'nul' && res.statusCode !== 400 && field !== 'id') failures.push({ name, field, label, expected: 400, status: res.statusCode });
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the sheet PUT refuses hostile values in pt-BR and changes nothing (fast-check)', async () => {
    const state = async () => JSON.stringify(await ctx.db.query(`SELECT transport, places, vote_minutes, vote_number, health_days_after FROM camps`));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('transport', 'places', 'vote_minutes', 'vote_number', 'health_days_after', 'leader_member_ids', 'risks'), fc.anything(), async (field, value) => {
        const before = await state();
        const res = await call(ctx.app, 'PUT', camp, { as: admin, body: { [field]: value } });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(await state()).toBe(before);
          expect(res.json().error.message).toMatch(/[a-zà-ú]/);
        }
      }),
      { numRuns: 60, seed: 49 },
    );
  });
});
