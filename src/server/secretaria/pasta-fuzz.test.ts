import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HOSTILE, fuzzWriteRoutes, type Sent } from '../../../test/fuzz.js';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

/** The pasta's writes (upload, remove) through the one fuzz harness: no 5xx, a refusal writes nothing and speaks pt-BR. */
let ctx: TestContext;
let admin: Session;
let clubId: string;
let memberId: string;
let docId = '';
let seq = 0;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const base = () => `/api/clubs/${clubId}/secretaria/pastas/${memberId}`;

/** A multipart field carries text: a hostile value goes as the text a browser would send (null: the field left out). */
const asText = (v: unknown): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v) ?? String(v));

function multipart(fields: Record<string, unknown>) {
  const boundary = `----trilha${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const { file_name: fileName, ...rest } = fields;
  for (const [k, v] of Object.entries(rest)) {
    const text = asText(v);
    if (text !== null) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${text}\r\n`));
  }
  const name = asText(fileName);
  if (name !== null) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name.replace(/["\r\n]/g, '_')}"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface WriteRoute {
  state: () => Promise<unknown>;
  valid: () => Record<string, unknown>;
  send: (body: Record<string, unknown>) => Promise<{ statusCode: number; body: string }>;
  reset?: () => Promise<void>;
}

const routes: Record<string, WriteRoute> = {
  upload: {
    state: async () => ctx.db.query('SELECT count(*)::int AS n, coalesce(sum(file_size), 0)::int AS s FROM member_documents'),
    valid: () => ({ kind: 'rg', description: `RG ${++seq}`, visibility: 'restrita', file_name: 'rg.png' }),
    send: (body) => {
      const { payload, headers } = multipart(body);
      return ctx.app.inject({ method: 'POST', url: `${base()}/documentos`, payload, headers: { ...headers, cookie: admin.cookie, 'x-trilha-client': 'web' } });
    },
  },
  remove: {
    state: async () => ctx.db.query(`SELECT count(*)::int AS n FROM member_documents WHERE removed_at IS NOT NULL`),
    valid: () => ({ reason: `Documento vencido ${++seq}` }),
    send: (body) => call(ctx.app, 'POST', `${base()}/documentos/${docId}/remove`, { as: admin, body }),
    // Each removal needs a document still in the pasta.
    reset: async () => {
      const [row] = await ctx.db.query<{ id: string }>(
        `INSERT INTO member_documents (club_id, member_id, kind, evidence_key, file_name, file_mime, file_size) VALUES ($1, $2, 'outro', $3, 'doc.png', 'image/png', 1) RETURNING id`,
        [clubId, memberId, `evidence/${clubId}/fuzz-${++seq}.png`]);
      docId = row.id;
    },
  },
};

async function send(route: WriteRoute, body: Record<string, unknown>): Promise<Sent> {
  await route.reset?.();
  const before = JSON.stringify(await route.state());
  const res = await route.send(body);
  return { status: res.statusCode, changed: before !== JSON.stringify(await route.state()), body: res.body };
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  clubId = (await createClub(ctx.app, admin, 'Fuzz Pasta')).id;
  memberId = await memberIdOf(ctx.db, clubId, admin.profile.id);
});
afterAll(() => ctx.close());

describe(`hostile bodies on the pasta routes on ${engineName()}`, () => {
  fuzzWriteRoutes({
    routes,
    valid: (route) => route.valid(),
    send: (route, _name, body) => send(route, body),
    hostile: HOSTILE,
    seed: 4711,
    numRuns: 60,
    title: (_route, name) => `POST ${name}`,
  });

  it('the id routes answer < 500 for any id (pasta, file, remove)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (id) => {
        const e = encodeURIComponent(id);
        for (const [method, url] of [
          ['GET', `/api/clubs/${clubId}/secretaria/pastas/${e}`],
          ['GET', `${base()}/documentos/${e}/arquivo`],
          ['POST', `${base()}/documentos/${e}/remove`],
          ['GET', `/api/family/children/${e}/pasta`],
        ] as const) {
          const res = await call(ctx.app, method, url, { as: admin, body: method === 'POST' ? { reason: 'x' } : undefined });
          expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        }
      }),
      { numRuns: 25, seed: 4711 },
    );
  });
});
