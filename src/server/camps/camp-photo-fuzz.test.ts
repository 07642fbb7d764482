import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HOSTILE, fuzzWriteRoutes, watch, type Sent } from '../../../test/fuzz.js';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

/**
 * The photo of an ocorrência (multipart, the phone's id in the path) through the one fuzz harness: the
 * file's name, its declared type, its bytes and the photo id replaced by hostile values answer < 500,
 * a refusal stores no photo and speaks pt-BR.
 */
let ctx: TestContext;
let admin: Session;
let clubId: string;
let camp: string;
let incidentId: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

/** A multipart part carries text: a hostile value goes as the text a browser would send (null: left out). */
const asText = (v: unknown): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v) ?? String(v));

/** The photo as a phone sends it: `bytes` 'png' or 'jpg' are real images, anything else is sent as its text. */
function photoForm(body: Record<string, unknown>) {
  const boundary = `----trilha${Math.random().toString(16).slice(2)}`;
  const name = asText(body.file_name);
  const type = asText(body.content_type);
  const raw = asText(body.bytes);
  const bytes = raw === 'png' ? PNG : raw === 'jpg' ? JPEG : Buffer.from(raw ?? '');
  const parts: Buffer[] = [];
  if (name !== null) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name.replace(/["\r\n]/g, '_')}"\r\n`));
    parts.push(Buffer.from(type === null ? '\r\n' : `Content-Type: ${type.replace(/[\r\n]/g, ' ')}\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const routes = {
  photo: {
    valid: () => ({ photo_id: randomUUID(), file_name: 'tornozelo.png', content_type: 'image/png', bytes: 'png' }),
  },
};

const stored = async () => (await ctx.db.query(
  `SELECT count(*)::int AS n, coalesce(sum(size), 0)::int AS bytes, (SELECT count(*)::int FROM audit_log WHERE action = 'camp.incident_photo') AS audited
     FROM camp_incident_photos WHERE club_id = $1`, [clubId]))[0];

async function send(body: Record<string, unknown>): Promise<Sent> {
  // Six photos at most per ocorrência: each send starts from none.
  await ctx.db.query(`DELETE FROM camp_incident_photos WHERE club_id = $1`, [clubId]);
  const id = encodeURIComponent(asText(body.photo_id) ?? '');
  const { payload, headers } = photoForm(body);
  return watch(stored, () => ctx.app.inject({
    method: 'POST', url: `${camp}/incidents/${incidentId}/photos/${id}`, payload, headers: { ...headers, cookie: admin.cookie, 'x-trilha-client': 'web' },
  }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  clubId = (await createClub(ctx.app, admin, 'Fuzz Ocorrências')).id;
  const base = `/api/clubs/${clubId}`;
  const [{ today }] = await ctx.db.query<{ today: string }>(`SELECT (now() AT TIME ZONE timezone)::date::text AS today FROM clubs WHERE id = $1`, [clubId]);
  const end = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  const event = await call(ctx.app, 'POST', `${base}/events`, {
    as: admin, body: { title: 'Acampamento do Vale', kind: 'acampamento', starts_on: today, ends_on: end, registration_deadline: today, place: 'Vale', cost: '0', instalments: 1, places: null, checklist_items: [] },
  });
  expect(event.statusCode, event.body).toBe(201);
  camp = `${base}/events/${event.json().id}/camp`;
  const lead = await call(ctx.app, 'PUT', camp, { as: admin, body: { leader_member_ids: [await memberIdOf(ctx.db, clubId, admin.profile.id)], schedule: [] } });
  expect(lead.statusCode, lead.body).toBe(200);
  incidentId = randomUUID();
  const incident = await call(ctx.app, 'POST', `${camp}/incidents`, {
    as: admin, body: { id: incidentId, kind: 'quase_acidente', occurred_at: new Date().toISOString(), place: 'Trilha', description: 'Galho caiu perto da barraca' },
  });
  expect(incident.statusCode, incident.body).toBe(200);
}, 120_000);
afterAll(() => ctx.close());

describe(`hostile uploads on the ocorrência photo route on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    valid: (route) => route.valid(),
    send: (_route, _name, body) => send(body),
    // A NUL in the part's name or type is dropped, not refused: the name is kept only when it ends as a
    // photo does, without control characters, and the type comes from the bytes (checked below).
    hostile: Object.fromEntries(Object.entries(HOSTILE).filter(([label]) => label !== 'nul')),
    seed: 4949,
    numRuns: 60,
    title: () => 'POST incident photo',
  });

  it('a NUL or another control character in the name or the declared type never reaches the database', async () => {
    for (const body of [
      { file_name: 'a\u0000b', content_type: 'image/png' },
      { file_name: 'tornozelo\u0000\u0007.png', content_type: 'image/png' },
      { file_name: 'tornozelo.png', content_type: 'image/png\u0000' },
    ]) {
      const photoId = randomUUID();
      const r = await send({ photo_id: photoId, bytes: 'png', ...body });
      expect(r.status, r.body).toBe(200);
      const [row] = await ctx.db.query<{ name: string; mime: string }>(`SELECT name, mime FROM camp_incident_photos WHERE id = $1`, [photoId]);
      expect(row.mime).toBe('image/png');
      expect([...row.name].every((ch) => ch >= ' ')).toBe(true);
    }
  });

  it('random bytes under any declared type are refused by their content, and nothing is stored (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html'), fc.constantFrom('a.png', 'a.jpg', 'a.svg', ''), async (bytes, type, name) => {
        // A random array that starts as a PNG or a JPEG does is rare enough at this size; skip those few.
        fc.pre(!(bytes[0] === 0x89 && bytes[1] === 0x50) && !(bytes[0] === 0xff && bytes[1] === 0xd8));
        const r = await send({ photo_id: randomUUID(), file_name: name, content_type: type, bytes: Buffer.from(bytes).toString('latin1') });
        expect(r.status, r.body).toBe(400);
        expect(r.changed).toBe(false);
      }),
      { numRuns: 40, seed: 4949 },
    );
  });
});
