import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { PAT_MSG } from '../../shared/patrimonio.js';

let ctx: TestContext;
let s: StaffedClub;
let counselor: Session;
let instructor: Session;
let unitId: string;
let otherUnitId: string;
let instructorMemberId: string;

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export const tentBody = (over: Record<string, unknown> = {}) => ({
  name: 'Barraca Iglu 4 pessoas', category: 'barraca', quantity: 1, unit_value: '1.234,56'.replace('.', '').replace(',', '.'), acquired_on: '2025-03-10',
  acquisition: 'doado', church_vote: 'Ata nº 12/2025, voto nº 3', location: 'Almoxarifado', condition: 'bom', ...over,
});

function multipart(file: { name: string; bytes: Buffer; type: string }) {
  const boundary = '----trilha' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(as: Session, itemId: string, kind: string, file: { name: string; bytes: Buffer; type: string }) {
  const { payload, headers } = multipart(file);
  return ctx.app.inject({ method: 'POST', url: `${s.base}/patrimonio/items/${itemId}/files?kind=${kind}`, payload, headers: { ...headers, cookie: as.cookie, 'x-trilha-client': 'web' } });
}

async function newItem(over: Record<string, unknown> = {}): Promise<string> {
  const res = await call(ctx.app, 'POST', `${s.base}/patrimonio/items`, { as: s.treasurer, body: tentBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const count = async (table: string) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Clube Patrimônio', { members: ['Ana Membro'] });
  unitId = (await call(ctx.app, 'POST', `${s.base}/units`, { as: s.admin, body: { name: 'Águias', color: '#ff0000' } })).json().id;
  otherUnitId = (await call(ctx.app, 'POST', `${s.base}/units`, { as: s.admin, body: { name: 'Falcões', color: '#00ff00' } })).json().id;
  counselor = await signUp(ctx.app, { name: 'Conselheiro Caio' });
  await addMember(ctx.db, s.club.id, counselor.profile.id, 'counselor', unitId);
  instructor = await signUp(ctx.app, { name: 'Instrutora Iara' });
  await addMember(ctx.db, s.club.id, instructor.profile.id, 'instructor');
  instructorMemberId = await memberIdOf(ctx.db, s.club.id, instructor.profile.id);
});
afterAll(() => ctx.close());

describe(`patrimônio items on ${engineName()}`, () => {
  it('the treasurer registers a donated tent; the value reads as money, the history opens with the registration', async () => {
    const id = await newItem();
    const detail = (await call(ctx.app, 'GET', `${s.base}/patrimonio/items/${id}`, { as: s.admin })).json();
    expect(detail).toMatchObject({ name: 'Barraca Iglu 4 pessoas', unit_value: '1234.56', total_value: '1234.56', available: 1, out: 0, church_vote: 'Ata nº 12/2025, voto nº 3' });
    expect(detail.history.map((h: { kind: string }) => h.kind)).toEqual(['cadastro']);
  });

  it('a negative quantity, a bought item without NF-e and a negative value are refused in pt-BR and write nothing', async () => {
    const before = await count('patrimonio_items');
    const neg = await call(ctx.app, 'POST', `${s.base}/patrimonio/items`, { as: s.treasurer, body: tentBody({ quantity: -2 }) });
    expect(neg.statusCode).toBe(400);
    expect(neg.body).toContain(PAT_MSG.quantityNegative);
    const nfe = await call(ctx.app, 'POST', `${s.base}/patrimonio/items`, { as: s.treasurer, body: tentBody({ acquisition: 'comprado' }) });
    expect(nfe.body).toContain(PAT_MSG.nfeRequired);
    const value = await call(ctx.app, 'POST', `${s.base}/patrimonio/items`, { as: s.treasurer, body: tentBody({ unit_value: '-5' }) });
    expect(value.body).toContain(PAT_MSG.valueNegative);
    const emoji = await call(ctx.app, 'POST', `${s.base}/patrimonio/items`, { as: s.treasurer, body: tentBody({ quantity: '🏕️' }) });
    expect(emoji.body).toContain(PAT_MSG.quantityInvalid);
    expect(await count('patrimonio_items')).toBe(before);
  });

  it('a photo must be an image by its content, 10 MB at most; the termo may be a PDF; the file reads back', async () => {
    const id = await newItem();
    const fake = await upload(s.treasurer, id, 'foto', { name: 'foto.png', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe(PAT_MSG.photoNotImage);
    const pdfAsPhoto = await upload(s.treasurer, id, 'foto', { name: 'termo.pdf', bytes: PDF, type: 'application/pdf' });
    expect(pdfAsPhoto.json().error.message).toBe(PAT_MSG.photoNotImage);
    const big = await upload(s.treasurer, id, 'foto', { name: 'grande.png', bytes: Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]), type: 'image/png' });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(PAT_MSG.fileTooBig);
    expect(await count('patrimonio_files')).toBe(0);
    const termo = await upload(s.treasurer, id, 'termo', { name: 'termo.pdf', bytes: PDF, type: 'application/pdf' });
    expect(termo.statusCode, termo.body).toBe(201);
    const photo = await upload(s.treasurer, id, 'foto', { name: 'barraca.png', bytes: PNG, type: 'image/png' });
    expect(photo.statusCode).toBe(201);
    expect(photo.json().photo_id).toBeTruthy();
    const read = await call(ctx.app, 'GET', `${s.base}/patrimonio/files/${photo.json().photo_id}`, { as: instructor });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    const other = await call(ctx.app, 'GET', `/api/clubs/${(await call(ctx.app, 'GET', '/api/clubs', { as: s.stranger })).json()[0].id}/patrimonio/files/${photo.json().photo_id}`, { as: s.stranger });
    expect(other.statusCode).toBe(404);
  });

  it('the history is append-only: a condition check, a maintenance and a write-off with its vote stay; the table refuses updates and deletes', async () => {
    const id = await newItem({ name: 'Fogareiro 2 bocas', category: 'cozinha', quantity: 2, unit_value: '150' });
    await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/history`, { as: s.treasurer, body: { kind: 'vistoria', condition: 'regular', note: 'Mangueira ressecada' } });
    const noVote = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/write-off`, { as: s.admin, body: { kind: 'baixa', quantity: 1, reason: 'Queimador quebrado' } });
    expect(noVote.json().error.message).toBe(PAT_MSG.voteRequired);
    const off = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/write-off`, { as: s.admin, body: { kind: 'baixa', quantity: 1, reason: 'Queimador quebrado', church_vote: 'Ata 3/2026 voto 7' } });
    expect(off.statusCode).toBe(201);
    expect(off.json()).toMatchObject({ written_off: 1, available: 1, total_value: '150.00', condition: 'regular' });
    expect(off.json().history.map((h: { kind: string }) => h.kind)).toEqual(['baixa', 'vistoria', 'cadastro']);
    const tooMany = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/write-off`, { as: s.admin, body: { kind: 'perda', quantity: 2, reason: 'Sumiu' } });
    expect(tooMany.statusCode).toBe(409);
    await expect(ctx.db.query(`UPDATE patrimonio_history SET note = 'outro' WHERE item_id = $1`, [id])).rejects.toThrow(/não pode ser alterado/);
    await expect(ctx.db.query(`DELETE FROM patrimonio_history WHERE item_id = $1`, [id])).rejects.toThrow(/não pode ser apagado/);
    const summary = (await call(ctx.app, 'GET', `${s.base}/patrimonio/summary`, { as: s.admin })).json();
    expect(summary.written_off_this_year).toBeGreaterThanOrEqual(1);
  });
});

describe(`lending on ${engineName()}`, () => {
  it('lent to a unit, it shows as out; returned with a torn floor, the condition and the history say so; a second check-in is refused', async () => {
    const id = await newItem();
    const out = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/check-out`, { as: s.treasurer, body: { borrower_kind: 'unidade', borrower_id: unitId, due_on: day(7) } });
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json()).toMatchObject({ out: 1, available: 0 });
    const loans = (await call(ctx.app, 'GET', `${s.base}/patrimonio/loans`, { as: counselor })).json();
    expect(loans.find((l: { item_id: string }) => l.item_id === id)).toMatchObject({ borrower_name: 'Águias', overdue: false });
    const back = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/check-in`, { as: counselor, body: { condition: 'ruim', note: 'Piso rasgado' } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ condition: 'ruim', out: 0, available: 1 });
    expect(back.json().history[0]).toMatchObject({ kind: 'devolucao', condition_before: 'bom', condition_after: 'ruim', note: 'Piso rasgado' });
    const again = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/check-in`, { as: s.admin, body: { condition: 'bom' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PAT_MSG.notOut);
  });

  it('an overdue loan shows at a glance; a due date in the past is refused', async () => {
    const id = await newItem({ name: 'Lanterna', category: 'iluminacao' });
    const past = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/check-out`, { as: s.admin, body: { borrower_kind: 'lider', borrower_id: instructorMemberId, due_on: day(-3) } });
    expect(past.json().error.message).toBe(PAT_MSG.dueBeforeToday);
    const loanId = (await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/check-out`, { as: s.admin, body: { borrower_kind: 'lider', borrower_id: instructorMemberId, due_on: day(1) } })).json().loans[0].id;
    await ctx.db.query(`UPDATE patrimonio_loans SET due_on = current_date - 5 WHERE id = $1`, [loanId]);
    const items = (await call(ctx.app, 'GET', `${s.base}/patrimonio/items`, { as: s.admin })).json();
    expect(items.find((i: { id: string }) => i.id === id).overdue).toBe(true);
    expect((await call(ctx.app, 'GET', `${s.base}/patrimonio/summary`, { as: s.admin })).json().overdue).toBeGreaterThanOrEqual(1);
  });

  it('two leaders lending the last tent at once leave one loan', async () => {
    const id = await newItem({ name: 'Barraca Última' });
    const results = await Promise.all([s.admin, instructor, s.treasurer].map((as) =>
      call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/check-out`, { as, body: { borrower_kind: 'unidade', borrower_id: unitId, due_on: day(5) } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM patrimonio_loans WHERE item_id = $1`, [id]);
    expect(n).toBe(1);
    expect(results.find((r) => r.statusCode === 409)?.json().error.message).toBe(PAT_MSG.notAvailable(0));
  });

  it('a counsellor lends only to their own unit; a member may not lend; another club gets 404', async () => {
    const id = await newItem({ name: 'Lona', quantity: 3 });
    const other = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/check-out`, { as: counselor, body: { borrower_kind: 'unidade', borrower_id: otherUnitId, due_on: day(5) } });
    expect(other.statusCode).toBe(403);
    const own = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/check-out`, { as: counselor, body: { borrower_kind: 'unidade', borrower_id: unitId, due_on: day(5) } });
    expect(own.statusCode).toBe(201);
    const member = await call(ctx.app, 'POST', `${s.base}/patrimonio/items/${id}/check-out`, { as: s.members[0], body: { borrower_kind: 'unidade', borrower_id: unitId, due_on: day(5) } });
    expect(member.statusCode).toBe(403);
    const create = await call(ctx.app, 'POST', `${s.base}/patrimonio/items`, { as: instructor, body: tentBody() });
    expect(create.statusCode).toBe(403);
    const stranger = await call(ctx.app, 'GET', `${s.base}/patrimonio/items/${id}`, { as: s.stranger });
    expect(stranger.statusCode).toBe(404);
    const strangerClub = (await call(ctx.app, 'GET', '/api/clubs', { as: s.stranger })).json()[0].id;
    const cross = await call(ctx.app, 'GET', `/api/clubs/${strangerClub}/patrimonio/items/${id}`, { as: s.stranger });
    expect(cross.statusCode).toBe(404);
    const crossLend = await call(ctx.app, 'POST', `/api/clubs/${strangerClub}/patrimonio/items/${id}/check-out`, { as: s.stranger, body: { borrower_kind: 'unidade', borrower_id: unitId, due_on: day(5) } });
    expect(crossLend.statusCode).toBe(404);
  });
});
