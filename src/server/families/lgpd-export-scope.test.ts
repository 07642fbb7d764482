import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, login, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertBadge, insertSubtask, insertTask } from '../../../test/gamification.js';
import { subjectColumns } from './lgpd-service.js';
import { readZip } from '../../../test/zip.js';

/**
 * Every table 'Meus dados' reads (a column pointing at a person), and what a guardian's link covers in it.
 * 'club': the child's rows of the inviting club only. 'account': the child's own account, never exported
 * to a guardian. A table added to the export fails this test until it is listed (and seeded) here.
 */
const COVERAGE: Record<string, 'club' | 'account'> = {
  assigned_tasks: 'club',
  club_invitations: 'club',
  club_members: 'club',
  health_records: 'club',
  meeting_attendance: 'club',
  member_badges: 'club',
  member_consents: 'club',
  member_guardians: 'club',
  member_point_totals: 'club',
  point_events: 'club',
  savings_goals: 'club',
  subtask_completions: 'club',
  task_completions: 'club',
  task_submissions: 'club',
  transactions: 'club',
  programme_enrolments: 'club',
  programme_instructors: 'club',
  notifications: 'club',
  charges: 'club',
  dues_exceptions: 'club',
  event_invited_members: 'club',
  event_registrations: 'club',
  event_authorisations: 'club',
  camp_leaders: 'club',
  camp_medications: 'club',
  camp_doses: 'club',
  camp_head_marks: 'club',
  camp_incidents: 'club',
  camp_pack_keys: 'club',
  sgc_member_records: 'club',
  member_insurance: 'club',
  diretoria_posts: 'club',
  calendar_feed_tokens: 'club',
  patrimonio_loans: 'club',
  member_sizes: 'club',
  kit_deliveries: 'club',
  kit_order_charges: 'club',
  ata_attendees: 'club',
  atos: 'club',
  carteirinhas: 'club',
  member_documents: 'club',
  deletion_requests: 'account',
  email_change_tokens: 'account',
  login_days: 'account',
  mfa_factors: 'account',
  mfa_recovery_codes: 'account',
  password_reset_tokens: 'account',
  sessions: 'account',
  notification_preferences: 'account',
  notification_quiet_hours: 'account',
  push_subscriptions: 'account',
  notification_versions: 'account',
};

let ctx: TestContext;
const directorAEmail = uniqueEmail('diretor-a');
let directorA: Session;
let directorB: Session;
let clubA: { id: string; name: string };
let clubB: { id: string; name: string };

type Row = Record<string, unknown>;

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  directorA = await signUp(ctx.app, { name: 'Diretor A', email: directorAEmail });
  directorB = await signUp(ctx.app, { name: 'Diretora B' });
  clubA = await createClub(ctx.app, directorA, 'Clube A');
  clubB = await createClub(ctx.app, directorB, 'Clube B');
  for (const [club, as] of [[clubA, directorA], [clubB, directorB]] as const) {
    await call(ctx.app, 'PUT', `/api/clubs/${club.id}/consent-text`, { as, body: { body: 'Autorizo o clube a tratar os dados do meu filho.' } });
  }
});
afterAll(() => ctx.close());

/** An accepted guardian (with consent) of that member record. */
async function guardian(clubId: string, as: Session, memberId: string, who: Session | null, email: string): Promise<Session> {
  const inv = await call(ctx.app, 'POST', `/api/clubs/${clubId}/members/${memberId}/guardians`, {
    as, body: { full_name: `Responsável ${email}`, email, phone: '(11) 98888-0000', relationship: 'Mãe' },
  });
  expect(inv.statusCode).toBe(201);
  const token = inv.json().token as string;
  const session = who ?? (await signUp(ctx.app, { name: 'Responsável', email }));
  const version = (await call(ctx.app, 'GET', `/api/guardian-invitations/${token}`)).json().consent_version;
  expect((await call(ctx.app, 'POST', `/api/guardian-invitations/${token}/accept`, { as: session, body: { accept: true, consent_version: version } })).statusCode).toBe(200);
  return session;
}

/** A row about the child in each club-scoped table, in one club (`tag` marks its texts). */
async function seedClub(clubId: string, as: Session, memberId: string, kidId: string, tag: string): Promise<void> {
  const q = (sql: string, params: unknown[]) => ctx.db.query<{ id: string }>(sql, params);
  await q(`INSERT INTO club_invitations (club_id, token_hash, profile_id) VALUES ($1, $2, $3)`, [clubId, randomBytes(16).toString('hex'), kidId]);
  const task = await insertTask(ctx.db, clubId, { title: `Tarefa ${tag}` });
  const [assignment] = await q(`INSERT INTO assigned_tasks (club_id, task_id, profile_id) VALUES ($1, $2, $3) RETURNING id`, [clubId, task, kidId]);
  await q(`INSERT INTO task_completions (club_id, task_id, profile_id, assignment_id, points) VALUES ($1, $2, $3, $4, 10)`, [clubId, task, kidId, assignment.id]);
  await q(
    `INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, comment, evidence_key, evidence_name, evidence_mime, evidence_size)
     VALUES ($1, $2, $3, $4, $5, 'k', 'foto.jpg', 'image/jpeg', 10)`,
    [clubId, assignment.id, task, kidId, `Envio ${tag}`],
  );
  const subtask = await insertSubtask(ctx.db, await insertTask(ctx.db, clubId, { type: 'milestone' }), { title: 'Sub', points: 2, order: 1 });
  await q(`INSERT INTO subtask_completions (club_id, subtask_id, profile_id, points) VALUES ($1, $2, $3, 2)`, [clubId, subtask, kidId]);
  const [meeting] = await q(`INSERT INTO meetings (club_id, date, starts_at, title) VALUES ($1, '2026-03-07', '2026-03-07T18:00:00Z', $2) RETURNING id`, [clubId, `Reunião ${tag}`]);
  await q(`INSERT INTO meeting_attendance (club_id, meeting_id, member_id, status) VALUES ($1, $2, $3, 'present')`, [clubId, meeting.id, memberId]);
  await q(`INSERT INTO member_badges (club_id, profile_id, badge_id) VALUES ($1, $2, $3)`, [clubId, kidId, await insertBadge(ctx.db, { name: `Badge ${tag}`, type: 'manual' })]);
  await q(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', 5, $3)`, [clubId, kidId, `Pontos ${tag}`]);
  await q(`INSERT INTO savings_goals (club_id, name, goal_amount, profile_id) VALUES ($1, $2, 100, $3)`, [clubId, `Cofre ${tag}`, kidId]);
  await q(`INSERT INTO programme_enrolments (club_id, member_id, item_code, kind) VALUES ($1, $2, 'AMIGO', 'class')`, [clubId, memberId]);
  await q(`INSERT INTO programme_instructors (club_id, member_id, item_code) VALUES ($1, $2, 'AD-001')`, [clubId, memberId]);
  await q(
    `INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link) VALUES ($1, $2, 'tasks', 'task.new', $3, 'Corpo', '/dashboard')`,
    [clubId, kidId, `Aviso ${tag}`],
  );
  await q(`INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin) VALUES ($1, $2, $3, 20, '2026-04-10', 'avulsa')`, [clubId, kidId, `Cobrança ${tag}`]);
  await q(`INSERT INTO dues_exceptions (club_id, profile_id, kind) VALUES ($1, $2, 'isento')`, [clubId, kidId]);
  const [event] = await q(
    `INSERT INTO events (club_id, title, kind, starts_on, ends_on, registration_deadline, place) VALUES ($1, $2, 'acampamento', '2026-07-10', '2026-07-12', '2026-07-01', 'Sítio') RETURNING id`,
    [clubId, `Evento ${tag}`],
  );
  await q(`INSERT INTO event_invited_members (club_id, event_id, member_id) VALUES ($1, $2, $3)`, [clubId, event.id, memberId]);
  const [registration] = await q(`INSERT INTO event_registrations (club_id, event_id, member_id) VALUES ($1, $2, $3) RETURNING id`, [clubId, event.id, memberId]);
  await q(
    `INSERT INTO event_authorisations (club_id, registration_id, member_id, guardian_profile_id, signed_name, text_id, version)
     SELECT $1, $2, $3, $4, $5, t.id, t.version FROM event_authorisation_texts t WHERE t.club_id = $1 ORDER BY t.version DESC LIMIT 1`,
    [clubId, registration.id, memberId, as.profile.id, `Assinatura ${tag}`],
  );
  // Saídas (issue 49): the child named as a leader, a medication with a dose, a head count, an incident, a phone's key.
  await q(`INSERT INTO camps (club_id, event_id) VALUES ($1, $2)`, [clubId, event.id]);
  await q(`INSERT INTO camp_leaders (club_id, event_id, member_id) VALUES ($1, $2, $3)`, [clubId, event.id, memberId]);
  const [medication] = await q(`INSERT INTO camp_medications (club_id, event_id, member_id, name, dose, times) VALUES ($1, $2, $3, $4, '5 ml', ARRAY['08:00']) RETURNING id`, [clubId, event.id, memberId, `Remédio ${tag}`]);
  await q(
    `INSERT INTO camp_doses (id, club_id, event_id, member_id, medication_id, slot, medication, dose, status, given_at) VALUES (gen_random_uuid(), $1, $2, $3, $4, '2026-07-11T08:00', 'Remédio', '5 ml', 'dada', '2026-07-11T11:00:00Z')`,
    [clubId, event.id, memberId, medication.id],
  );
  const [movement] = await q(`INSERT INTO camp_movements (id, club_id, event_id, label, recorded_at) VALUES (gen_random_uuid(), $1, $2, 'Ônibus', '2026-07-10T10:00:00Z') RETURNING id`, [clubId, event.id]);
  await q(`INSERT INTO camp_head_marks (id, club_id, event_id, movement_id, member_id, direction, marked_at) VALUES (gen_random_uuid(), $1, $2, $3, $4, 'saida', '2026-07-10T10:00:00Z')`, [clubId, event.id, movement.id, memberId]);
  await q(`INSERT INTO camp_incidents (id, club_id, event_id, member_id, kind, occurred_at, place, description) VALUES (gen_random_uuid(), $1, $2, $3, 'incidente', '2026-07-11T15:00:00Z', 'Trilha', $4)`, [clubId, event.id, memberId, `Ocorrência ${tag}`]);
  await q(`INSERT INTO camp_pack_keys (club_id, event_id, member_id, sealed_key) VALUES ($1, $2, $3, 'selada')`, [clubId, event.id, memberId]);
  // Associação (issue 48): the SGC fields, the seguro and a diretoria post.
  await q(`INSERT INTO sgc_member_records (member_id, club_id, rg, address) VALUES ($1, $2, '12345', $3)`, [memberId, clubId, `Rua ${tag}`]);
  await q(`INSERT INTO member_insurance (club_id, member_id, year, insured, policy_number, insured_on) VALUES ($1, $2, 2026, true, 'AP-1', '2026-01-10')`, [clubId, memberId]);
  await q(`INSERT INTO diretoria_posts (club_id, post, member_id, starts_on, ends_on) VALUES ($1, 'secretary', $2, '2026-01-01', '2026-12-31')`, [clubId, memberId]);
  // The year's plan (issue 48): the child's own calendar feed (its hash is never exported).
  await q(`INSERT INTO calendar_feed_tokens (club_id, profile_id, token_hash) VALUES ($1, $2, encode(sha256(convert_to($3, 'UTF8')), 'hex'))`, [clubId, kidId, `feed-${tag}-${clubId}`]);
  // Patrimônio (issue 50): a tent lent to the child, their sizes, a kit piece received and charged.
  const [item] = await q(
    `INSERT INTO patrimonio_items (club_id, name, category, quantity, unit_value, acquired_on, acquisition, condition) VALUES ($1, $2, 'barraca', 1, 100, '2026-01-05', 'doado', 'bom') RETURNING id`,
    [clubId, `Barraca ${tag}`],
  );
  await q(`INSERT INTO patrimonio_loans (club_id, item_id, quantity, borrower_kind, member_id, borrower_name, due_on, out_condition) VALUES ($1, $2, 1, 'lider', $3, 'Teen', '2026-07-20', 'bom')`, [clubId, item.id, memberId]);
  await q(`INSERT INTO member_sizes (club_id, member_id, camisa) VALUES ($1, $2, 'M')`, [clubId, memberId]);
  const [kit] = await q(`INSERT INTO kits (club_id, name) VALUES ($1, $2) RETURNING id`, [clubId, `Kit ${tag}`]);
  const [piece] = await q(`INSERT INTO kit_items (club_id, kit_id, name, price, position) VALUES ($1, $2, 'Lenço', 15, 1) RETURNING id`, [clubId, kit.id]);
  await q(`INSERT INTO kit_deliveries (club_id, kit_item_id, member_id, delivered_on) VALUES ($1, $2, $3, '2026-03-01')`, [clubId, piece.id, memberId]);
  const [kitCharge] = await q(`INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin) VALUES ($1, $2, $3, 15, '2026-04-10', 'avulsa') RETURNING id`, [clubId, kidId, `Kit ${tag}`]);
  await q(`INSERT INTO kit_order_charges (club_id, kit_id, member_id, charge_id) VALUES ($1, $2, $3, $4)`, [clubId, kit.id, memberId, kitCharge.id]);
  // Secretaria (issue 47): the child present at an ata and named in an act.
  const [ata] = await q(
    `INSERT INTO atas (club_id, year, number, kind, held_on, place, presided_by, written_by, body) VALUES ($1, 2026, 1, 'regular', '2026-03-07', 'Igreja', 'Diretor', 'Secretária', $2) RETURNING id`,
    [clubId, `Ata ${tag}`],
  );
  await q(`INSERT INTO ata_attendees (club_id, ata_id, member_id, name) VALUES ($1, $2, $3, 'Teen')`, [clubId, ata.id, memberId]);
  await q(`INSERT INTO atos (club_id, year, number, kind, acted_on, member_id, person_name, body) VALUES ($1, 2026, 1, 'admissao', '2026-03-07', $2, 'Teen', $3)`, [clubId, memberId, `Ato ${tag}`]);
  await q(`INSERT INTO carteirinhas (club_id, member_id, token_hash, valid_until) VALUES ($1, $2, $3, '2026-12-31')`, [clubId, memberId, randomBytes(32).toString('hex')]);
  // The member's pasta: a document the club keeps (the row, not the file).
  await q(`INSERT INTO member_documents (club_id, member_id, kind, description, evidence_key, file_name, file_mime, file_size) VALUES ($1, $2, 'rg', $3, 'k', 'rg.png', 'image/png', 10)`, [clubId, memberId, `RG ${tag}`]);
  const account = (await call(ctx.app, 'POST', `/api/clubs/${clubId}/cash-accounts`, { as, body: { name: `Caixa ${tag}`, initial_balance: '10.00' } })).json();
  const tx = await call(ctx.app, 'POST', `/api/clubs/${clubId}/transactions`, {
    as, body: { cash_account_id: account.id, description: `Mensalidade ${tag}`, amount: '12.00', type: 'income', transaction_date: '2026-03-02', profile_id: kidId },
  });
  expect(tx.statusCode).toBe(201);
}

describe(`a guardian's 'Meus dados' on ${engineName()}`, () => {
  it('holds the child only as the inviting club holds them: no other club\'s rows, no account data, no other guardian; the club audits it', async () => {
    const kidEmail = uniqueEmail('teen');
    const kid = await signUp(ctx.app, { name: 'Teen Dois Clubes', email: kidEmail });
    await login(ctx.app, kidEmail); // a second session and a login day of the child's own account
    const memberIn = async (clubId: string, as: Session) => {
      await addMember(ctx.db, clubId, kid.profile.id, 'Desbravador(a)');
      const [m] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [clubId, kid.profile.id]);
      expect((await call(ctx.app, 'PUT', `/api/clubs/${clubId}/members/${m.id}/family`, { as, body: { birth_date: '2011-04-02' } })).statusCode).toBe(200);
      return m.id;
    };
    const memberA = await memberIn(clubA.id, directorA);
    const memberB = await memberIn(clubB.id, directorB);

    // The attack: club A's director makes himself the teen's guardian in A. Club B has its own guardians.
    await guardian(clubA.id, directorA, memberA, directorA, directorAEmail);
    await guardian(clubA.id, directorA, memberA, null, uniqueEmail('outra-mae-a'));
    const parentB = await guardian(clubB.id, directorB, memberB, null, uniqueEmail('mae-b'));
    expect((await call(ctx.app, 'PUT', `/api/family/children/${memberA}/health`, { as: directorA, body: { allergies: 'Alergia A' } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'PUT', `/api/family/children/${memberB}/health`, { as: parentB, body: { allergies: 'Alergia B' } })).statusCode).toBe(200);
    await seedClub(clubA.id, directorA, memberA, kid.profile.id, 'A');
    await seedClub(clubB.id, directorB, memberB, kid.profile.id, 'B');
    expect((await call(ctx.app, 'POST', '/api/me/deletion-request', { as: kid })).statusCode).toBe(201);

    // The map above is exactly the tables the export reads.
    const cols = await subjectColumns(ctx.db);
    const tables = [...new Set(cols.map((c) => c.table_name))].sort();
    expect(tables).toEqual(Object.keys(COVERAGE).sort());

    // The database holds the child in every club table in both clubs, so the checks below can fail.
    const rowsOf = async (table: string, clubId: string | null): Promise<number> => {
      const own = cols.filter((c) => c.table_name === table);
      const where = own.map((c, i) => (c.target === 'profiles' ? `"${c.column_name}" = $${i + 1}::uuid` : `"${c.column_name}" = ANY($${i + 1}::uuid[])`)).join(' OR ');
      const params: unknown[] = own.map((c) => (c.target === 'profiles' ? kid.profile.id : [memberA, memberB]));
      const inClub = clubId ? ` AND club_id = $${params.push(clubId)}::uuid` : '';
      const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE (${where})${inClub}`, params);
      return n;
    };
    for (const [table, scope] of Object.entries(COVERAGE)) {
      if (scope === 'club') {
        expect({ table, a: (await rowsOf(table, clubA.id)) > 0, b: (await rowsOf(table, clubB.id)) > 0 }).toEqual({ table, a: true, b: true });
      }
    }
    for (const table of ['sessions', 'login_days', 'deletion_requests']) expect({ table, n: (await rowsOf(table, null)) > 0 }).toEqual({ table, n: true });

    const res = await call(ctx.app, 'GET', '/api/me/data-export', { as: directorA });
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    const data = JSON.parse(files.get('dados.json')?.toString('utf8') ?? '{}');
    expect(data.children).toHaveLength(1);
    const child = data.children[0] as { member_id: string; club_name: string; data: { profile: Row; tables: Record<string, Row[]> } };
    expect(child).toMatchObject({ member_id: memberA, club_name: clubA.name });
    // The child's account (e-mail, the club that created it) is not club A's to hand out.
    expect(child.data.profile).toEqual({ id: kid.profile.id, full_name: 'Teen Dois Clubes' });

    for (const [table, scope] of Object.entries(COVERAGE)) {
      const rows = child.data.tables[table] ?? [];
      if (scope === 'account') {
        expect({ table, rows }).toEqual({ table, rows: [] });
        continue;
      }
      expect({ table, exported: rows.length > 0 }).toEqual({ table, exported: true });
      for (const row of rows) {
        expect({ table, club_id: row.club_id }).toEqual({ table, club_id: clubA.id });
        if ('member_id' in row) expect({ table, member_id: row.member_id }).toEqual({ table, member_id: memberA });
      }
    }
    // Guardians' rows are the asking guardian's own: the other guardians' names, e-mails and IPs stay theirs.
    expect(child.data.tables.member_guardians.map((g) => g.email)).toEqual([directorAEmail]);
    expect(child.data.tables.member_consents.map((c) => c.guardian_profile_id)).toEqual([directorA.profile.id]);
    expect(child.data.tables.health_records[0].form).toMatchObject({ allergies: 'Alergia A' });

    const everything = [...files.values()].map((f) => f.toString('utf8')).join('\n');
    for (const leak of [clubB.id, memberB, 'Alergia B', 'Tarefa B', 'Envio B', 'Reunião B', 'Pontos B', 'Cofre B', 'Mensalidade B', 'Aviso B', 'Cobrança B', 'Assinatura B', 'mae-b', 'outra-mae-a', kidEmail]) {
      expect({ leak, found: everything.includes(leak) }).toEqual({ leak, found: false });
    }
    expect([...files.keys()].filter((f) => f.startsWith('filhos/') && /sessions|login_days|deletion_requests/.test(f))).toEqual([]);

    // Club A's log records that its member's data left through a guardian; club B's log has nothing of it.
    const audit = await ctx.db.query<{ club_id: string | null; entity_id: string }>(
      `SELECT club_id, entity_id FROM audit_log WHERE action = 'lgpd.guardian_export' AND actor_id = $1`, [directorA.profile.id],
    );
    expect(audit).toEqual([{ club_id: clubA.id, entity_id: memberA }]);
    const log = await call(ctx.app, 'GET', `/api/clubs/${clubA.id}/audit?action=lgpd`, { as: directorA });
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.json())).toContain('lgpd.guardian_export');

    // The child's own export stays whole: both clubs and their account.
    const own = JSON.parse(readZip((await call(ctx.app, 'GET', '/api/me/data-export', { as: kid })).rawPayload).get('dados.json')?.toString('utf8') ?? '{}');
    expect(new Set((own.me.tables.club_members as Row[]).map((m) => m.club_id))).toEqual(new Set([clubA.id, clubB.id]));
    expect(own.me.tables.sessions.length).toBeGreaterThan(0);
    expect(own.me.profile.email).toBe(kidEmail);
  });

  it('a withdrawn consent takes the child out of the guardian\'s export', async () => {
    const kid = await signUp(ctx.app, { name: 'Kid Retirado' });
    await addMember(ctx.db, clubA.id, kid.profile.id, 'Desbravador(a)');
    const [m] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [clubA.id, kid.profile.id]);
    await call(ctx.app, 'PUT', `/api/clubs/${clubA.id}/members/${m.id}/family`, { as: directorA, body: { birth_date: '2012-01-01' } });
    const parent = await guardian(clubA.id, directorA, m.id, null, uniqueEmail('retira'));
    const exportOf = async () => JSON.parse(readZip((await call(ctx.app, 'GET', '/api/me/data-export', { as: parent })).rawPayload).get('dados.json')?.toString('utf8') ?? '{}');
    expect((await exportOf()).children).toHaveLength(1);
    expect((await call(ctx.app, 'DELETE', `/api/family/children/${m.id}/consent`, { as: parent })).statusCode).toBe(200);
    expect((await exportOf()).children).toEqual([]);
  });
});
