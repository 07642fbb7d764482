import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEC_MSG } from '../../shared/secretaria.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { call, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let secretary: Session;
let treasurer: Session;
let member: Session;
let stranger: Session;
let base: string;
let strangerBase: string;
let present: string[];

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const count = async (table: string) => Number((await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

const ata = (over: Record<string, unknown> = {}) => ({
  kind: 'diretoria', held_on: '2026-03-10', place: 'Sala do clube', presided_by: 'Diretora', written_by: 'Secretário',
  present_member_ids: present, visitors: ['Pr. Visitante'], agenda: '1. Acampamento\n2. Uniformes', body: 'Aos dez dias de março reuniu-se a comissão diretiva…',
  votos: [
    { subject: 'Aprovado o acampamento de abril', votes_for: 3, votes_against: 0, abstentions: 0 },
    { subject: 'Aprovada a compra de uniformes', votes_for: 2, votes_against: 1, abstentions: 0 },
  ],
  ...over,
});

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = `----trilha${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const receive = (as: Session, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) => {
  const { payload, headers } = multipart(fields, file);
  return ctx.app.inject({ method: 'POST', url: `${base}/secretaria/oficios/recebidos`, payload, headers: { ...headers, cookie: as.cookie, 'x-trilha-client': 'web' } });
};

beforeAll(async () => {
  ctx = await createTestApp();
  let club: { id: string };
  ({ admin, secretary, treasurer, members: [member], stranger, club, base } = await setUpStaffedClub(ctx, 'Clube Secretaria', { members: ['Ana Membro'] }));
  present = [await memberIdOf(ctx.db, club.id, admin.profile.id), await memberIdOf(ctx.db, club.id, secretary.profile.id), await memberIdOf(ctx.db, club.id, treasurer.profile.id)];
  const [other] = await ctx.db.query<{ club_id: string }>(`SELECT club_id FROM club_members WHERE profile_id = $1`, [stranger.profile.id]);
  strangerBase = `/api/clubs/${other.club_id}`;
});
afterAll(() => ctx.close());

describe(`secretaria on ${engineName()}`, () => {
  let closedId = '';
  let votoId = '';

  it('the secretary writes an ata with two votos, approves it (the votos get numbers) and closes it; a closed ata is never edited', async () => {
    const res = await call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: secretary, body: ata() });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.label).toBe('Ata nº 1/2026');
    expect(created.status).toBe('rascunho');
    expect(created.present.map((p: { name: string }) => p.name)).toEqual(['Diretora', 'Secretário', 'Tesoureira']);
    expect(created.votos.map((v: { label: string | null }) => v.label)).toEqual([null, null]);

    const closeDraft = await call(ctx.app, 'POST', `${base}/secretaria/atas/${created.id}/close`, { as: secretary });
    expect(closeDraft.json().error.message).toBe(SEC_MSG.notApproved);

    const approved = await call(ctx.app, 'POST', `${base}/secretaria/atas/${created.id}/approve`, { as: secretary, body: {} });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().votos.map((v: { label: string }) => v.label)).toEqual(['Voto 2026-001', 'Voto 2026-002']);
    expect((await call(ctx.app, 'PUT', `${base}/secretaria/atas/${created.id}`, { as: secretary, body: ata({ body: 'Mudado' }) })).json().error.message).toBe(SEC_MSG.notDraft);

    const closed = await call(ctx.app, 'POST', `${base}/secretaria/atas/${created.id}/close`, { as: secretary });
    expect(closed.json().status).toBe('encerrada');
    const edit = await call(ctx.app, 'PUT', `${base}/secretaria/atas/${created.id}`, { as: admin, body: ata({ body: 'Mudado depois' }) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(SEC_MSG.closedImmutable);
    const read = (await call(ctx.app, 'GET', `${base}/secretaria/atas/${created.id}`, { as: treasurer })).json();
    expect(read.body).toBe(ata().body);
    closedId = created.id;
    votoId = read.votos[0].id;
  });

  it('a correction is a new ata that references the closed one; a draft is not corrected, it is edited', async () => {
    const fix = await call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: secretary, body: ata({ corrects_id: closedId, votos: [], body: 'Onde se lê abril, leia-se maio.' }) });
    expect(fix.statusCode).toBe(201);
    expect(fix.json().corrects).toEqual({ id: closedId, label: 'Ata nº 1/2026' });
    expect((await call(ctx.app, 'GET', `${base}/secretaria/atas/${closedId}`, { as: secretary })).json().corrected_by).toEqual([{ id: fix.json().id, label: 'Ata nº 2/2026' }]);
    const ofDraft = await call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: secretary, body: ata({ corrects_id: fix.json().id, votos: [] }) });
    expect(ofDraft.json().error.message).toBe(SEC_MSG.correctsNotClosed);
  });

  it('bad atas get a pt-BR message and write nothing: no date, counts past the present, 200 KB text, NUL, emoji in a count', async () => {
    const before = [await count('atas'), await count('ata_votos'), await count('secretaria_counters')];
    const cases: Array<[Record<string, unknown>, string]> = [
      [ata({ held_on: '' }), SEC_MSG.dateRequired],
      [ata({ held_on: '2026-02-30' }), SEC_MSG.dateInvalid],
      [ata({ votos: [{ subject: 'Demais', votes_for: 4, votes_against: 1, abstentions: 0 }] }), SEC_MSG.countTooMany(5, 4)],
      [ata({ present_member_ids: [], visitors: [], votos: [{ subject: 'Sem presentes', votes_for: 1, votes_against: 0, abstentions: 0 }] }), SEC_MSG.noPresentForVotos],
      [ata({ votos: [{ subject: 'Zero', votes_for: 0, votes_against: 0, abstentions: 0 }] }), SEC_MSG.countZero],
      [ata({ body: 'x'.repeat(200 * 1024) }), SEC_MSG.ataBodyTooLong],
      [ata({ votos: [{ subject: 'Emoji', votes_for: '🎉', votes_against: 0, abstentions: 0 }] }), SEC_MSG.countInvalid],
      [ata({ votos: [{ subject: 'Fração', votes_for: 1.5, votes_against: 0, abstentions: 0 }] }), SEC_MSG.countInvalid],
      [ata({ present_member_ids: [present[0], present[0]] }), SEC_MSG.duplicatePresent],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: secretary, body });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const nul = await call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: secretary, body: ata({ place: 'Sala\u0000' }) });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).not.toMatch(/invalid|expected/i);
    expect([await count('atas'), await count('ata_votos'), await count('secretaria_counters')]).toEqual(before);
  });

  it('an act cites a voto of the club; another club\'s voto or an unnumbered one is refused in pt-BR', async () => {
    const ato = { kind: 'nomeacao', acted_on: '2026-03-12', member_id: present[2], role_title: 'Tesoureira', term_start: '2026-03-12', term_end: '2026-12-31', body: 'Nomeada.', voto_id: votoId };
    const res = await call(ctx.app, 'POST', `${base}/secretaria/atos`, { as: secretary, body: ato });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ label: 'Ato nº 01/2026', person_name: 'Tesoureira', voto: { label: 'Voto 2026-001', ata_label: 'Ata nº 1/2026' } });
    expect((await call(ctx.app, 'POST', `${base}/secretaria/atos`, { as: secretary, body: { ...ato, term_end: null } })).json().error.message).toBe(SEC_MSG.termRequired);

    // The other club's director writes and approves an ata: its voto is not ours to cite.
    const theirs = await call(ctx.app, 'POST', `${strangerBase}/secretaria/atas`, { as: stranger, body: ata({ present_member_ids: [], visitors: ['A', 'B'], votos: [{ subject: 'Deles', votes_for: 2, votes_against: 0, abstentions: 0 }] }) });
    const approvedTheirs = await call(ctx.app, 'POST', `${strangerBase}/secretaria/atas/${theirs.json().id}/approve`, { as: stranger, body: {} });
    const before = await count('atos');
    const cross = await call(ctx.app, 'POST', `${base}/secretaria/atos`, { as: secretary, body: { ...ato, voto_id: approvedTheirs.json().votos[0].id } });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.message).toBe(SEC_MSG.votoNotFound);
    const draft = await call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: secretary, body: ata({ held_on: '2026-04-01' }) });
    const unnumbered = await call(ctx.app, 'POST', `${base}/secretaria/atos`, { as: secretary, body: { ...ato, voto_id: draft.json().votos[0].id } });
    expect(unnumbered.json().error.message).toBe(SEC_MSG.votoNotNumbered);
    expect(await count('atos')).toBe(before);
  });

  it('ofícios are numbered per year; received ones carry a PDF/JPEG/PNG checked by content, and each read of the file is audited', async () => {
    const sent = await call(ctx.app, 'POST', `${base}/secretaria/oficios`, { as: secretary, body: { dated_on: '2026-05-02', counterpart: 'Associação Paulista', subject: 'Inscrição no campori', body: 'Prezados…' } });
    expect(sent.json().label).toBe('Ofício nº 01/2026');
    const ok = await receive(secretary, { dated_on: '2026-05-03', counterpart: 'Igreja Central', subject: 'Convite' }, { name: 'convite.png', bytes: PNG, type: 'image/png' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().label).toBe('Protocolo nº 01/2026');
    const renamed = await receive(secretary, { dated_on: '2026-05-03', counterpart: 'X', subject: 'Falso' }, { name: 'virus.pdf', bytes: Buffer.from('MZ not a pdf'), type: 'application/pdf' });
    expect(renamed.json().error.message).toBe(SEC_MSG.fileType);
    const big = await receive(secretary, { dated_on: '2026-05-03', counterpart: 'X', subject: 'Grande' }, { name: 'g.png', bytes: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), type: 'image/png' });
    expect(big.json().error.message).toBe(SEC_MSG.fileTooBig);
    const file = await call(ctx.app, 'GET', `${base}/secretaria/oficios/${ok.json().id}/arquivo`, { as: treasurer });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(await count(`audit_log WHERE action = 'oficio.file_read'`)).toBe(1);
    const search = (await call(ctx.app, 'GET', `${base}/secretaria/oficios?q=campori`, { as: treasurer })).json();
    expect(search.map((o: { label: string }) => o.label)).toEqual(['Ofício nº 01/2026']);
    expect(await count('oficios')).toBe(2);
  });

  it('a leader hands the phone to a visitor; members do not read the books; another club gets 404', async () => {
    const signed = await call(ctx.app, 'POST', `${base}/secretaria/visitas`, { as: treasurer, body: { visited_on: '2026-05-09', name: 'João Visitante', origin: 'Clube Águias do Vale', note: 'Belo clube!' } });
    expect(signed.statusCode).toBe(201);
    expect((await call(ctx.app, 'GET', `${base}/secretaria/visitas`, { as: secretary })).json()[0].name).toBe('João Visitante');
    expect((await call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: treasurer, body: ata() })).json().error.message).toBe(PERMISSION_MSG.forbidden('secretaria.manage'));
    expect((await call(ctx.app, 'GET', `${base}/secretaria/atas`, { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${base}/secretaria/atas`, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${base}/secretaria/atas/${closedId}`, { as: stranger })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${strangerBase}/secretaria/atas/${closedId}`, { as: stranger })).statusCode).toBe(404);
  });

  it('20 writers at once: the atas and ofícios of a year are numbered without gaps nor repeats', async () => {
    const [{ n: atasBefore }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM atas a JOIN club_members cm ON cm.club_id = a.club_id WHERE cm.profile_id = $1 AND a.year = 2027`, [secretary.profile.id]);
    expect(atasBefore).toBe(0);
    const writers = Array.from({ length: 20 }, (_, i) => i);
    const results = await Promise.all(writers.flatMap((i) => [
      call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: i % 2 ? secretary : admin, body: ata({ held_on: '2027-02-01', body: `Ata ${i}` }) }),
      call(ctx.app, 'POST', `${base}/secretaria/oficios`, { as: i % 2 ? secretary : admin, body: { dated_on: '2027-02-01', counterpart: 'Associação', subject: `Ofício ${i}`, body: 'Texto' } }),
    ]));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    const ataNumbers = results.filter((_, i) => i % 2 === 0).map((r) => Number(/nº (\d+)\//.exec(r.json().label)?.[1])).sort((a, b) => a - b);
    const oficioNumbers = results.filter((_, i) => i % 2 === 1).map((r) => Number(/nº (\d+)\//.exec(r.json().label)?.[1])).sort((a, b) => a - b);
    expect(ataNumbers).toEqual(writers.map((i) => i + 1));
    expect(oficioNumbers).toEqual(writers.map((i) => i + 1));
    // And the approvals of 20 drafts at once number their 40 votos 1..40.
    const ids = results.filter((_, i) => i % 2 === 0).map((r) => r.json().id as string);
    const approvals = await Promise.all(ids.map((id) => call(ctx.app, 'POST', `${base}/secretaria/atas/${id}/approve`, { as: secretary, body: {} })));
    const votos = approvals.flatMap((r) => r.json().votos.map((v: { label: string }) => Number(v.label.slice(-3)))).sort((a: number, b: number) => a - b);
    expect(votos).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
