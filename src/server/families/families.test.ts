import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_MSG, REMOVED_MEMBER_NAME, type TFamilyChild } from '../../shared/families.js';
import { addMember, call, createClub, createTestApp, login, signUp, uniqueEmail, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { executeDueDeletions, subjectColumns } from './lgpd-service.js';
import { readZip } from '../../../test/zip.js';
import { insertTask } from '../../../test/gamification.js';

let ctx: TestContext;
let director: Session;
let club: { id: string; name: string };
let sibling: { id: string; name: string };
let unitId: string;

const CONSENT = 'Autorizo o clube a tratar os dados do meu filho para as atividades do clube.';

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, director, 'Família');
  sibling = await createClub(ctx.app, director, 'Clube Irmão');
  unitId = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: director, body: { name: 'Águias', color: '#0ea5e9', active: true } })).json().id;
  await call(ctx.app, 'PUT', `/api/clubs/${club.id}/consent-text`, { as: director, body: { body: CONSENT } });
  await call(ctx.app, 'PUT', `/api/clubs/${sibling.id}/consent-text`, { as: director, body: { body: CONSENT } });
});
afterAll(() => ctx.close());

async function addKid(clubId: string, name: string, birth = '2014-05-10'): Promise<{ id: string; profile_id: string }> {
  const res = await call(ctx.app, 'POST', `/api/clubs/${clubId}/members`, { as: director, body: { mode: 'accountless', full_name: name, role: 'Desbravador(a)', unit_id: clubId === club.id ? unitId : null } });
  const member = res.json().member;
  expect((await call(ctx.app, 'PUT', `/api/clubs/${clubId}/members/${member.id}/family`, { as: director, body: { birth_date: birth } })).statusCode).toBe(200);
  return member;
}

async function inviteGuardian(clubId: string, memberId: string, email: string) {
  const res = await call(ctx.app, 'POST', `/api/clubs/${clubId}/members/${memberId}/guardians`, {
    as: director, body: { full_name: 'Maria Responsável', email, phone: '(11) 99999-0000', relationship: 'Mãe' },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; path: string; guardian: { id: string }; message: { subject: string; body: string } };
}

/** A guardian account that accepted (with consent) the link for that child. */
async function guardianOf(clubId: string, memberId: string, email = uniqueEmail('mae')): Promise<Session> {
  const { token } = await inviteGuardian(clubId, memberId, email);
  let session: Session;
  try {
    session = await login(ctx.app, email);
  } catch {
    session = await signUp(ctx.app, { name: 'Maria', email });
  }
  const version = (await call(ctx.app, 'GET', `/api/guardian-invitations/${token}`)).json().consent_version;
  const res = await call(ctx.app, 'POST', `/api/guardian-invitations/${token}/accept`, { as: session, body: { accept: true, consent_version: version } });
  expect(res.statusCode).toBe(200);
  return session;
}

describe(`guardians and consent on ${engineName()}`, () => {
  it('invites a guardian by link bound to the e-mail; accepting needs the box ticked and records who, when, version and IP', async () => {
    const kid = await addKid(club.id, 'Pedrinho');
    const status = await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${kid.id}/family`, { as: director });
    expect(status.json()).toMatchObject({ minor: true, consent: 'pending', guardians: [] });

    const email = uniqueEmail('mae');
    const inv = await inviteGuardian(club.id, kid.id, email);
    expect(inv.path).toBe(`/responsavel/${inv.token}`);
    expect(inv.message.subject).toContain('Pedrinho');
    expect(inv.message.body).toContain(inv.path);
    const stored = await ctx.db.query<{ token_hash: string }>(`SELECT token_hash FROM member_guardians WHERE id = $1`, [inv.guardian.id]);
    expect(stored[0].token_hash).not.toBe(inv.token);

    const preview = await call(ctx.app, 'GET', `/api/guardian-invitations/${inv.token}`);
    expect(preview.json()).toMatchObject({ club_name: club.name, child_name: 'Pedrinho', email, consent_text: CONSENT, consent_version: 2 });

    const stranger = await signUp(ctx.app);
    const wrong = await call(ctx.app, 'POST', `/api/guardian-invitations/${inv.token}/accept`, { as: stranger, body: { accept: true, consent_version: 2 } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(FAMILY_MSG.invitationWrongEmail);

    const guardian = await signUp(ctx.app, { name: 'Maria', email });
    const unticked = await call(ctx.app, 'POST', `/api/guardian-invitations/${inv.token}/accept`, { as: guardian, body: { accept: false, consent_version: 2 } });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().error.message).toBe(FAMILY_MSG.mustAccept);
    const res = await call(ctx.app, 'POST', `/api/guardian-invitations/${inv.token}/accept`, { as: guardian, body: { accept: true, consent_version: 2 }, from: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    const consent = await ctx.db.query<{ guardian_profile_id: string; version: number; ip: string }>(`SELECT guardian_profile_id, version, ip FROM member_consents WHERE member_id = $1`, [kid.id]);
    expect(consent).toEqual([{ guardian_profile_id: guardian.profile.id, version: 2, ip: '203.0.113.9' }]);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${kid.id}/family`, { as: director })).json()).toMatchObject({ consent: 'granted', guardians: [{ status: 'active', relationship: 'Mãe' }] });
    // Single use.
    expect((await call(ctx.app, 'GET', `/api/guardian-invitations/${inv.token}`)).statusCode).toBe(404);
  });

  it('a guardian reads exactly their children, across clubs, and is refused (404) everything else', async () => {
    const kid = await addKid(club.id, 'Ana');
    const otherKid = await addKid(club.id, 'Bia');
    const siblingKid = await addKid(sibling.id, 'Caio');
    const email = uniqueEmail('pai');
    const guardian = await guardianOf(club.id, kid.id, email);
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason) VALUES ($1, $2, $3, 'manual', 40, 'Acampamento')`, [club.id, kid.profile_id, unitId]);
    const family: TFamilyChild[] = (await call(ctx.app, 'GET', '/api/family', { as: guardian })).json();
    expect(family).toHaveLength(1);
    expect(family[0]).toMatchObject({ member_id: kid.id, full_name: 'Ana', club_name: club.name, consent: 'granted', total_points: 40, ranking: 1, unit_name: 'Águias' });

    const refused = [
      call(ctx.app, 'GET', `/api/family/children/${otherKid.id}/health`, { as: guardian }),
      call(ctx.app, 'GET', `/api/family/children/${siblingKid.id}/health`, { as: guardian }),
      call(ctx.app, 'DELETE', `/api/family/children/${otherKid.id}/consent`, { as: guardian }),
      call(ctx.app, 'GET', `/api/family/children/not-a-uuid/health`, { as: guardian }),
    ];
    // Every club route: a guardian is not a member of the club.
    for (const clubId of [club.id, sibling.id]) {
      for (const url of ['', '/members', '/ranking/individual', '/tasks', '/periods', '/units', `/members/${kid.id}/health`, `/members/${kid.id}/guardians`, `/members/${kid.id}/family`, '/health-forms', '/consent-text', '/savings-goals', '/transactions']) {
        refused.push(call(ctx.app, 'GET', `/api/clubs/${clubId}${url}`, { as: guardian }));
      }
    }
    for (const res of await Promise.all(refused)) expect(res.statusCode).toBe(404);

    // The same guardian follows a child in the sibling club too.
    await guardianOf(sibling.id, siblingKid.id, email);
    const both: TFamilyChild[] = (await call(ctx.app, 'GET', '/api/family', { as: guardian })).json();
    expect(both.map((c) => c.full_name).sort()).toEqual(['Ana', 'Caio']);
    expect((await call(ctx.app, 'GET', `/api/clubs/${sibling.id}/members`, { as: guardian })).statusCode).toBe(404);
  });

  it("the guardian sees the child's attendance once the club calls the roll", async () => {
    const kid = await addKid(club.id, 'Davi Presente');
    const guardian = await guardianOf(club.id, kid.id);
    const before = (await call(ctx.app, 'GET', '/api/family', { as: guardian })).json() as TFamilyChild[];
    expect(before.find((c) => c.member_id === kid.id)?.attendance?.counts.total).toBe(0);
    const meeting = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/meetings`, { as: director, body: { date: '2026-03-07', title: 'Reunião de sábado', type: 'regular' } })).json();
    const saved = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/meetings/${meeting.id}/attendance`, {
      as: director, body: { marks: [{ member_id: kid.id, status: 'late', criteria: [] }] },
    });
    expect(saved.statusCode).toBe(200);
    const after = (await call(ctx.app, 'GET', '/api/family', { as: guardian })).json() as TFamilyChild[];
    const child = after.find((c) => c.member_id === kid.id);
    expect(child?.attendance?.counts).toMatchObject({ late: 1, total: 1, attendance_pct: 100 });
    expect(child?.attendance?.recent[0]).toMatchObject({ title: 'Reunião de sábado', status: 'late' });
  });

  it('withdrawing consent hides the child\'s data and marks the member; consent can be given again', async () => {
    const kid = await addKid(club.id, 'Davi');
    const guardian = await guardianOf(club.id, kid.id);
    expect((await call(ctx.app, 'DELETE', `/api/family/children/${kid.id}/consent`, { as: guardian })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${kid.id}/family`, { as: director })).json().consent).toBe('withdrawn');
    const [child] = (await call(ctx.app, 'GET', '/api/family', { as: guardian })).json();
    expect(child).toMatchObject({ consent: 'withdrawn', total_points: 0, badges: [], tasks_done: [] });
    expect((await call(ctx.app, 'GET', `/api/family/children/${kid.id}/health`, { as: guardian })).statusCode).toBe(404);
    const health = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/${kid.id}/health`, { as: director, body: { blood_type: 'O+' } });
    expect(health.statusCode).toBe(409);
    const again = await call(ctx.app, 'POST', `/api/family/children/${kid.id}/consent`, { as: guardian, body: { accept: true, consent_version: 2 } });
    expect(again.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${kid.id}/family`, { as: director })).json().consent).toBe('granted');
  });

  it('a new club starts with a pt-BR consent term; a guardian is invited by e-mail, shown as sent only once it left, and can be sent again', async () => {
    const owner = await signUp(ctx.app, { name: 'Diretor Novo' });
    const fresh = await createClub(ctx.app, owner, 'Clube Recém-criado');
    const term = (await call(ctx.app, 'GET', `/api/clubs/${fresh.id}/consent-text`, { as: owner })).json();
    expect(term.version).toBe(1);
    for (const part of ['LGPD', 'art. 14', 'Clube Recém-criado', 'O que é coletado', 'Para quê', 'Por quanto tempo', 'Como retirar']) expect(term.body).toContain(part);

    const kidRes = await call(ctx.app, 'POST', `/api/clubs/${fresh.id}/members`, { as: owner, body: { mode: 'accountless', full_name: 'Caio', role: 'Desbravador(a)' } });
    const kid = kidRes.json().member;
    const email = uniqueEmail('mae.nova');
    const guardiansUrl = `/api/clubs/${fresh.id}/members/${kid.id}/guardians`;
    const invited = await call(ctx.app, 'POST', guardiansUrl, { as: owner, body: { full_name: 'Marta', email, relationship: 'Mãe' } });
    expect(invited.statusCode).toBe(201);
    const first = invited.json();
    expect(first.guardian.invitation_mail).toBe('pending');
    const mails = () => ctx.db.query<{ subject: string; text_body: string; status: string }>(`SELECT subject, text_body, status FROM mail_queue WHERE to_address = $1 ORDER BY created_at`, [email]);
    expect((await mails())[0].text_body).toContain(`/responsavel/${first.token}`);
    expect((await mails())[0].subject).toContain('Caio');
    await ctx.app.mail.drain();
    expect((await mails()).map((m) => m.status)).toEqual(['sent']);
    const listed = (await call(ctx.app, 'GET', guardiansUrl, { as: owner })).json();
    expect(listed[0]).toMatchObject({ status: 'invited', invitation_mail: 'sent' });

    // 'Reenviar e-mail': a new link e-mailed again; the old one stops working. Others cannot.
    const stranger = await signUp(ctx.app);
    await createClub(ctx.app, stranger, 'Intruso');
    expect((await call(ctx.app, 'POST', `${guardiansUrl}/${first.guardian.id}/link`, { as: stranger })).statusCode).toBe(404);
    const again = await call(ctx.app, 'POST', `${guardiansUrl}/${first.guardian.id}/link`, { as: owner });
    expect(again.statusCode).toBe(201);
    expect(again.json().guardian.invitation_mail).toBe('pending');
    expect((await mails()).map((m) => m.text_body.includes(`/responsavel/${again.json().token}`))).toEqual([false, true]);
    expect((await call(ctx.app, 'GET', `/api/guardian-invitations/${first.token}`)).statusCode).toBe(404);

    // The acceptance page shows the default term; accepting it is consent to version 1.
    const preview = (await call(ctx.app, 'GET', `/api/guardian-invitations/${again.json().token}`)).json();
    expect(preview).toMatchObject({ consent_text: term.body, consent_version: 1 });
    const marta = await signUp(ctx.app, { email });
    expect((await call(ctx.app, 'POST', `/api/guardian-invitations/${again.json().token}/accept`, { as: marta, body: { accept: true, consent_version: 1 } })).statusCode).toBe(200);
    // Editing the term makes version 2.
    expect((await call(ctx.app, 'PUT', `/api/clubs/${fresh.id}/consent-text`, { as: owner, body: { body: `${term.body}\n\nContato: diretoria@clube.org` } })).json().version).toBe(2);
  });

  it('a new consent text is a new version; accepting an old version is refused', async () => {
    const kid = await addKid(club.id, 'Eva');
    const email = uniqueEmail('avo');
    const { token } = await inviteGuardian(club.id, kid.id, email);
    const session = await signUp(ctx.app, { email });
    const v2 = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/consent-text`, { as: director, body: { body: `${CONSENT} Versão 3.` } });
    expect(v2.json().version).toBe(3);
    const stale = await call(ctx.app, 'POST', `/api/guardian-invitations/${token}/accept`, { as: session, body: { accept: true, consent_version: 2 } });
    expect(stale.statusCode).toBe(409);
    expect((await call(ctx.app, 'POST', `/api/guardian-invitations/${token}/accept`, { as: session, body: { accept: true, consent_version: 3 } })).statusCode).toBe(200);
  });
});

// Smallest valid PNG (1×1).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
function sendEvidence(as: Session, memberId: string, taskId: string) {
  const boundary = `----trilha${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\nFeito em casa\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from('\r\n'),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST', url: `/api/family/children/${memberId}/tasks/${taskId}/submissions`, payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: as.cookie, 'x-trilha-client': 'web' },
  });
}

describe(`guardian evidence on ${engineName()}`, () => {
  it('a guardian sends a task\'s evidence for a child without an account only when the club allows it', async () => {
    const kid = await addKid(club.id, 'Ivo');
    const guardian = await guardianOf(club.id, kid.id);
    const taskId = await insertTask(ctx.db, club.id, { title: 'Foto da horta', type: 'submission', points: 20 });
    const [child] = ((await call(ctx.app, 'GET', '/api/family', { as: guardian })).json() as TFamilyChild[]).filter((c) => c.member_id === kid.id);
    expect(child.can_submit_evidence).toBe(false);
    expect(child.tasks_pending).toEqual(expect.arrayContaining([expect.objectContaining({ task_id: taskId, type: 'submission' })]));
    const refused = await sendEvidence(guardian, kid.id, taskId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(FAMILY_MSG.evidenceNotAllowed);

    await call(ctx.app, 'PUT', `/api/clubs/${club.id}/privacy-settings`, { as: director, body: { guardian_evidence: true } });
    const sent = await sendEvidence(guardian, kid.id, taskId);
    expect(sent.statusCode).toBe(201);
    const waiting = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/submissions?status=submitted`, { as: director })).body;
    expect(waiting).toContain('Foto da horta');
    const audit = await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'guardian.submit_evidence' AND actor_id = $1`, [guardian.profile.id]);
    expect(audit).toHaveLength(1);
    // Another child of the club: 404, whatever the setting.
    const other = await addKid(club.id, 'Jade');
    expect((await sendEvidence(guardian, other.id, taskId)).statusCode).toBe(404);
    await call(ctx.app, 'PUT', `/api/clubs/${club.id}/privacy-settings`, { as: director, body: { guardian_evidence: false } });
  });

  it('the guardian\'s audit line is in the submission\'s transaction: a failure after it keeps neither', async () => {
    const kid = await addKid(club.id, 'Lia');
    const guardian = await guardianOf(club.id, kid.id);
    const taskId = await insertTask(ctx.db, club.id, { title: 'Foto do acampamento', type: 'submission', points: 10 });
    await call(ctx.app, 'PUT', `/api/clubs/${club.id}/privacy-settings`, { as: director, body: { guardian_evidence: true } });
    // Fails at commit, after the audit line was written: what the transaction wrote must all go.
    await ctx.db.exec(`
      CREATE FUNCTION test_fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'falha depois da auditoria'; END $$;
      CREATE CONSTRAINT TRIGGER test_fail_guardian_audit AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.action = 'guardian.submit_evidence') EXECUTE FUNCTION test_fail_at_commit();`);
    try {
      expect((await sendEvidence(guardian, kid.id, taskId)).statusCode).toBe(500);
    } finally {
      await ctx.db.exec('DROP TRIGGER test_fail_guardian_audit ON audit_log; DROP FUNCTION test_fail_at_commit();');
    }
    const kept = await ctx.db.query(
      `SELECT 1 FROM task_submissions s JOIN club_members cm ON cm.profile_id = s.profile_id AND cm.club_id = s.club_id WHERE cm.id = $1 AND s.task_id = $2`,
      [kid.id, taskId],
    );
    expect(kept).toEqual([]);
    expect(await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'guardian.submit_evidence' AND actor_id = $1`, [guardian.profile.id])).toEqual([]);
    // Without the failure, both are written.
    expect((await sendEvidence(guardian, kid.id, taskId)).statusCode).toBe(201);
    expect(await ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'guardian.submit_evidence' AND actor_id = $1`, [guardian.profile.id])).toHaveLength(1);
    await call(ctx.app, 'PUT', `/api/clubs/${club.id}/privacy-settings`, { as: director, body: { guardian_evidence: false } });
  });
});

describe(`health form on ${engineName()}`, () => {
  it('consent gates the form; only directors, the saúde permission, the member and the guardian read it; every read is audited; stored encrypted', async () => {
    const kid = await addKid(club.id, 'Fábio');
    const form = { blood_type: 'A+', allergies: 'Amendoim', medications: '', conditions: 'Asma', health_plan: 'Unimed', emergency_contacts: [{ name: 'Maria', phone: '(11) 98888-7777', relationship: 'Mãe' }] };
    const gated = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/${kid.id}/health`, { as: director, body: form });
    expect(gated.statusCode).toBe(409);
    expect(gated.json().error.message).toBe(FAMILY_MSG.consentNeeded);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${kid.id}/health`, { as: director })).statusCode).toBe(409);

    const guardian = await guardianOf(club.id, kid.id);
    const saved = await call(ctx.app, 'PUT', `/api/family/children/${kid.id}/health`, { as: guardian, body: form });
    expect(saved.statusCode).toBe(200);
    const [row] = await ctx.db.query<{ ciphertext: string }>(`SELECT ciphertext FROM health_records WHERE member_id = $1`, [kid.id]);
    expect(row.ciphertext).not.toContain('Amendoim');
    expect(row.ciphertext).toMatch(/^v1\./);

    const instructor = await signUp(ctx.app, { name: 'Instrutor' });
    await addMember(ctx.db, club.id, instructor.profile.id, 'Instrutor(a)');
    const nurse = await signUp(ctx.app, { name: 'Enfermeira' });
    await addMember(ctx.db, club.id, nurse.profile.id, 'Desbravador(a)');
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${kid.id}/health`, { as: instructor })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/health-forms`, { as: instructor })).statusCode).toBe(403);
    const nurseMember = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/members`, { as: director })).json().members.find((m: { profile_id: string }) => m.profile_id === nurse.profile.id);
    await call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/${nurseMember.id}/family`, { as: director, body: { health_access: true } });

    const before = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'health.read' AND entity_id = $1`, [kid.id]);
    for (const as of [director, nurse]) {
      const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${kid.id}/health`, { as });
      expect(res.statusCode).toBe(200);
      expect(res.json().form).toMatchObject({ blood_type: 'A+', allergies: 'Amendoim', medications: null, emergency_contacts: [{ name: 'Maria' }] });
    }
    expect((await call(ctx.app, 'GET', `/api/family/children/${kid.id}/health`, { as: guardian })).json().form.conditions).toBe('Asma');
    const after = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'health.read' AND entity_id = $1`, [kid.id]);
    expect(after[0].n - before[0].n).toBe(3);

    const unit = await call(ctx.app, 'GET', `/api/clubs/${club.id}/health-forms?unit_id=${unitId}`, { as: nurse });
    expect(unit.statusCode).toBe(200);
    expect(unit.json().find((r: { member_id: string }) => r.member_id === kid.id).form.allergies).toBe('Amendoim');
    // Another child of the unit without consent is listed without data.
    const pending = await addKid(club.id, 'Gabi');
    expect(unit.json().length).toBeGreaterThan(0);
    const again = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/health-forms?unit_id=${unitId}`, { as: director })).json();
    expect(again.find((r: { member_id: string }) => r.member_id === pending.id).form).toBeNull();

    const otherDirector = await signUp(ctx.app);
    await createClub(ctx.app, otherDirector, 'Estranho');
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${kid.id}/health`, { as: otherDirector })).statusCode).toBe(404);
  });

  it('a member without a birth date is a minor (consent pending) until the club marks them an adult or records the date', async () => {
    const adult = await signUp(ctx.app, { name: 'Adulto' });
    await addMember(ctx.db, club.id, adult.profile.id, 'Desbravador(a)');
    const me = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/members`, { as: director })).json().members.find((m: { profile_id: string }) => m.profile_id === adult.profile.id);
    const family = () => call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${me.id}/family`, { as: director });
    const setFamily = (body: unknown) => call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/${me.id}/family`, { as: director, body });
    const save = () => call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/${me.id}/health`, { as: adult, body: { blood_type: 'B-', emergency_contacts: [] } });
    expect((await family()).json()).toMatchObject({ birth_date: null, adult_confirmed: false, minor: true, consent: 'pending' });
    const statuses = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/consent-status`, { as: director })).json() as Array<{ member_id: string; consent: string }>;
    expect(statuses.find((s) => s.member_id === me.id)?.consent).toBe('pending');
    expect((await save()).json().error.message).toBe(FAMILY_MSG.consentNeeded);
    // The club's creator is an adult from the start.
    const creator = statuses.find((s) => s.member_id !== me.id && s.consent === 'not_required');
    expect(creator).toBeDefined();
    const wrongType = await setFamily({ adult_confirmed: 'sim' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toContain('maior de idade');
    // Another club's director cannot mark this member.
    const stranger = await signUp(ctx.app);
    await createClub(ctx.app, stranger, 'Outro Clube');
    expect((await call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/${me.id}/family`, { as: stranger, body: { adult_confirmed: true } })).statusCode).toBe(404);
    expect((await family()).json().minor).toBe(true);

    expect((await setFamily({ adult_confirmed: true })).statusCode).toBe(200);
    expect((await family()).json()).toMatchObject({ adult_confirmed: true, minor: false, consent: 'not_required' });
    // A recorded birth date decides over the mark: 15 years old is a minor again.
    const fifteen = `${new Date().getFullYear() - 15}-01-01`;
    expect((await setFamily({ birth_date: fifteen })).statusCode).toBe(200);
    expect((await family()).json()).toMatchObject({ minor: true, consent: 'pending' });
    expect((await setFamily({ birth_date: '1990-03-04' })).statusCode).toBe(200);
    expect((await family()).json()).toMatchObject({ minor: false, consent: 'not_required' });
    const res = await save();
    expect(res.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${me.id}/health`, { as: adult })).json().form.blood_type).toBe('B-');
  });
});

describe(`LGPD rights on ${engineName()}`, () => {
  it('the export zip holds every table\'s rows about the person (and what the guardian\'s link covers of each child), as JSON and CSV, without secrets', async () => {
    const kid = await addKid(club.id, 'Helena');
    const email = uniqueEmail('exporta');
    const guardian = await guardianOf(club.id, kid.id, email);
    await call(ctx.app, 'PUT', `/api/family/children/${kid.id}/health`, { as: guardian, body: { allergies: 'Lactose' } });
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', 5, 'Ajuda')`, [club.id, kid.profile_id]);
    const res = await call(ctx.app, 'GET', '/api/me/data-export', { as: guardian });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = readZip(res.rawPayload);
    const data = JSON.parse(files.get('dados.json')?.toString('utf8') ?? '{}');
    expect(data.me.profile).toMatchObject({ id: guardian.profile.id, email });
    expect(JSON.stringify(data)).not.toMatch(/password_hash|token_hash|ciphertext/);

    // Every table with a column pointing at a person: the export has exactly the rows the database has.
    const check = async (profileId: string, exported: Record<string, unknown[]>) => {
      const memberIds = (await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE profile_id = $1`, [profileId])).map((r) => r.id);
      const cols = await subjectColumns(ctx.db);
      for (const table of new Set(cols.map((c) => c.table_name))) {
        const own = cols.filter((c) => c.table_name === table);
        const where = own.map((c, i) => (c.target === 'profiles' ? `"${c.column_name}" = $${i + 1}::uuid` : `"${c.column_name}" = ANY($${i + 1}::uuid[])`)).join(' OR ');
        const params = own.map((c) => (c.target === 'profiles' ? profileId : memberIds));
        const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
        expect({ table, n: exported[table]?.length ?? 0 }).toEqual({ table, n });
      }
    };
    await check(guardian.profile.id, data.me.tables);
    expect(data.children).toHaveLength(1);
    // The child as the inviting club holds them (lgpd-export-scope.test.ts walks every table of it).
    expect(Object.keys(data.children[0].data.tables).sort()).toEqual(['atos', 'club_members', 'health_records', 'member_consents', 'member_guardians', 'member_point_totals', 'point_events']);
    expect(data.children[0].data.tables.health_records[0].form.allergies).toBe('Lactose');
    expect(data.children[0].data.tables.point_events.length).toBeGreaterThan(0);
    expect(data.me.tables.member_consents).toHaveLength(1);
    expect(data.me.tables.sessions.length).toBeGreaterThan(0);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['dados.json', 'perfil.csv', 'responsaveis.csv', 'sessoes.csv']));
    expect([...files.keys()].some((f) => f.startsWith('filhos/') && f.endsWith('/pontos.csv'))).toBe(true);
    // The CSVs a person reads: pt-BR column names and times in the club's time zone, not UTC.
    const profileCsv = files.get('perfil.csv')?.toString('utf8') ?? '';
    expect(profileCsv).toContain(email);
    expect(profileCsv.split(/\r?\n/)[0]).toMatch(/nome completo.*e-mail.*criado em/);
    expect(profileCsv).not.toMatch(/full_name|created_at|\d{4}-\d{2}-\d{2}T/);
    const pointsCsv = [...files.entries()].find(([f]) => f.endsWith('/pontos.csv'))?.[1].toString('utf8') ?? '';
    const [{ local }] = await ctx.db.query<{ local: string }>(
      `SELECT to_char(pe.occurred_at AT TIME ZONE c.timezone, 'DD/MM/YYYY HH24:MI:SS') AS local
         FROM point_events pe JOIN clubs c ON c.id = pe.club_id WHERE pe.profile_id = $1 ORDER BY pe.occurred_at DESC LIMIT 1`, [kid.profile_id]);
    expect(pointsCsv).toContain(local);
  });

  it('deletion: 7 days to cancel, then the person is anonymised and Σ balances and rankings stay identical', async () => {
    const email = uniqueEmail('sai');
    const leaving = await signUp(ctx.app, { name: 'Quem Sai', email });
    await addMember(ctx.db, club.id, leaving.profile.id, 'Desbravador(a)', unitId);
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason) VALUES ($1, $2, $3, 'manual', 70, 'Campori')`, [club.id, leaving.profile.id, unitId]);
    const account = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/cash-accounts`, { as: director, body: { name: 'Caixa LGPD', initial_balance: '100.00' } })).json();
    const tx = await call(ctx.app, 'POST', `/api/clubs/${club.id}/transactions`, {
      as: director, body: { cash_account_id: account.id, description: 'Mensalidade', amount: '25.50', type: 'income', transaction_date: '2026-03-02', profile_id: leaving.profile.id },
    });
    expect(tx.statusCode).toBe(201);

    const snapshot = async () => ({
      balances: await ctx.db.query(`SELECT sum(current_balance)::text AS total FROM cash_accounts WHERE club_id = $1`, [club.id]),
      ranking: await ctx.db.query(`SELECT profile_id, ranking, total_points, total_tasks FROM v_individual_ranking WHERE club_id = $1 ORDER BY profile_id`, [club.id]),
      units: await ctx.db.query(`SELECT unit_id, ranking, total_points, total_members FROM v_unit_ranking WHERE club_id = $1 ORDER BY unit_id`, [club.id]),
      transactions: await ctx.db.query(`SELECT id, amount::text, profile_id FROM transactions WHERE club_id = $1 ORDER BY id`, [club.id]),
    });
    const before = await snapshot();

    const requested = await call(ctx.app, 'POST', '/api/me/deletion-request', { as: leaving });
    expect(requested.statusCode).toBe(201);
    expect(requested.json().pending).toBe(true);
    const days = (Date.parse(requested.json().execute_after) - Date.parse(requested.json().requested_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    expect((await call(ctx.app, 'POST', '/api/me/deletion-request', { as: leaving })).statusCode).toBe(409);
    expect((await call(ctx.app, 'DELETE', '/api/me/deletion-request', { as: leaving })).json().pending).toBe(false);
    await call(ctx.app, 'POST', '/api/me/deletion-request', { as: leaving });
    expect(await executeDueDeletions(ctx.db)).toBe(0);

    await ctx.db.query(`UPDATE deletion_requests SET execute_after = now() - interval '1 second' WHERE profile_id = $1 AND executed_at IS NULL AND cancelled_at IS NULL`, [leaving.profile.id]);
    expect(await executeDueDeletions(ctx.db)).toBe(1);
    expect(await snapshot()).toEqual(before);
    const [profile] = await ctx.db.query<{ full_name: string; email: string | null; password_hash: string | null }>(`SELECT full_name, email, password_hash FROM profiles WHERE id = $1`, [leaving.profile.id]);
    expect(profile).toEqual({ full_name: REMOVED_MEMBER_NAME, email: null, password_hash: null });
    expect((await call(ctx.app, 'GET', '/api/auth/me', { as: leaving })).statusCode).toBe(401);
    const ranking = (await call(ctx.app, 'GET', `/api/clubs/${club.id}/ranking/individual`, { as: director })).body;
    expect(ranking).toContain(REMOVED_MEMBER_NAME);
    expect(ranking).not.toContain('Quem Sai');
  });

  it('the only director of a club cannot ask to delete their account', async () => {
    const res = await call(ctx.app, 'POST', '/api/me/deletion-request', { as: director });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(FAMILY_MSG.deletionLastAdmin);
  });

  it('the privacy page is built from the club\'s settings', async () => {
    const saved = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/privacy-settings`, {
      as: director, body: { controller_name: 'Clube Família (CNPJ 00.000.000/0001-00)', controller_contact: 'privacidade@clube.org', retention_text: 'Enquanto a pessoa for membro e 5 anos depois.' },
    });
    expect(saved.statusCode).toBe(200);
    const page = await call(ctx.app, 'GET', `/api/privacy/${club.id}`);
    expect(page.json()).toMatchObject({ club_name: club.name, controller_contact: 'privacidade@clube.org', consent_version: 3 });
    expect((await call(ctx.app, 'GET', `/api/privacy/not-a-club`)).statusCode).toBe(404);
  });
});
