import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { call, createTestApp, setUpClubWithMember, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let clubId: string;
// The same app serving a built SPA (one index.html and one script asset).
let web: FastifyInstance;
let webDir: string;
const script = `export const rotas = [${Array.from({ length: 200 }, (_, i) => `'/rota-${i}'`).join(', ')}];\n`;

beforeAll(async () => {
  ctx = await createTestApp();
  const fixture = await setUpClubWithMember(ctx, 'Compressão');
  admin = fixture.admin;
  clubId = fixture.club.id;
  // Enough members for the list to pass the 1 KB threshold.
  await ctx.db.query(
    `WITH p AS (INSERT INTO profiles (full_name) SELECT 'Desbravador ' || g FROM generate_series(1, 20) g RETURNING id)
     INSERT INTO club_members (club_id, profile_id) SELECT $1, id FROM p`,
    [clubId],
  );
  webDir = await mkdtemp(path.join(tmpdir(), 'trilha-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Trilha</title><script type="module" src="/assets/app.js"></script>');
  await writeFile(path.join(webDir, 'assets', 'app.js'), script);
  web = await buildApp({ db: ctx.db, dataDir: ctx.dataDir, webDir });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await ctx.close();
  await rm(webDir, { recursive: true, force: true });
});

describe(`HTTP compression on ${engineName()}`, () => {
  it('the members list is sent gzipped to a client that accepts gzip, and decodes to the same JSON', async () => {
    const plain = await call(ctx.app, 'GET', `/api/clubs/${clubId}/members`, { as: admin });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const gz = await call(ctx.app, 'GET', `/api/clubs/${clubId}/members`, { as: admin, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('brotli is preferred when accepted; responses under 1 KB go as they are', async () => {
    const br = await call(ctx.app, 'GET', `/api/clubs/${clubId}/members`, { as: admin, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')).members).toHaveLength(22);

    const small = await call(ctx.app, 'GET', '/api/auth/me', { as: admin, headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("the SPA's script assets are compressed too", async () => {
    const res = await web.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(script);
  });
});
