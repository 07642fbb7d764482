import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildServer } from '../../scripts/build-server.mjs';
import { NODE_FLAGS, SERVER_ENV_DEFAULTS } from '../../scripts/node-flags.mjs';
import { PROJECT_ROOT } from './paths.js';
import { engineName } from '../../test/db.js';
import { ICON_TEMPLATES } from '../shared/badges.js';
import { freePort } from '../../test/free-port.js';

// The server as `npm start` runs it: the esbuild bundle (npm packages inside it, ADR 027) under plain
// node. Each package loaded only on some requests (upload type check, CSV, QR code, SVG sanitiser,
// e-mail, the API page) is reached once, so a package the bundle cannot load fails here, not in production.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const outDir = path.join(PROJECT_ROOT, 'dist', `server-test-${process.pid}`);
let dataDir: string;
let child: ChildProcess | undefined;
let base: string;
let stderr = '';

beforeAll(async () => {
  if (engineName() !== 'pglite') return;
  await buildServer(path.join(outDir, 'main.js'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-compiled-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [...NODE_FLAGS, path.join(outDir, 'main.js')], {
    env: { ...SERVER_ENV_DEFAULTS, ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', API_DOCS_UI: '1', NODE_ENV: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  for (const end = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 50))) {
    if (child.exitCode !== null) throw new Error(`compiled server exited: ${stderr}`);
    if (Date.now() > end) throw new Error(`compiled server did not answer: ${stderr}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  await rm(outDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(engineName() !== 'pglite')('the compiled server (npm start)', () => {
  it("maps its stack traces to Trilha's own source files, and only to those", async () => {
    const js = (await readFile(path.join(outDir, 'main.js'), 'utf8')).split('\n');
    const map = JSON.parse(await readFile(path.join(outDir, 'main.js.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.length).toBeGreaterThan(50);
    expect(map.sources.filter((s) => !s.includes('/src/'))).toEqual([]);
    const line = js.findIndex((l) => l.startsWith('var authPlugin ='));
    const entry = new SourceMap(map as unknown as SourceMapPayload).findEntry(line, js[line].indexOf('authPlugin'));
    expect('originalSource' in entry && entry.originalSource).toMatch(/src\/server\/auth\/plugin\.ts$/);
  });

  it('serves a whole sign-up with the packages it loads on demand', async () => {
    let cookie = '';
    const api = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { 'x-trilha-client': 'web', cookie, ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0];
      return res;
    };
    const email = `compilado.${Date.now()}@teste.com`;
    expect((await api('POST', '/api/auth/register', { full_name: 'Diretora', email, password: 'segredo123', confirm_password: 'segredo123' })).status).toBe(201);
    const created = await api('POST', '/api/clubs', { name: 'Clube Compilado', slug: `compilado-${process.pid}`, timezone: 'America/Sao_Paulo' });
    expect(created.status).toBe(201);
    const club = (await created.json()) as { id: string };

    // file-type checks the upload's bytes.
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const logo = await api('POST', `/api/clubs/${club.id}/logo`, form);
    expect(logo.status).toBe(200);
    // papaparse reads the CSV.
    const csv = await api('POST', `/api/clubs/${club.id}/members/import`, { csv: 'nome;email;funcao;unidade\nAna Lima;ana.compilada@teste.com;;', dry_run: true });
    expect(csv.status).toBe(200);
    // The local command reaches the running server through its channel (DATA_DIR has one owner), and
    // jsdom and DOMPurify clean the SVG of the platform badge the new super admin creates.
    await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'superadmin.ts'), email], {
      env: { ...process.env, DATA_DIR: dataDir }, cwd: PROJECT_ROOT,
    });
    const badge = await api('POST', '/api/admin/badges', {
      name: 'Estrela', description: 'Brilhou', icon_svg: ICON_TEMPLATES[1].svg.replace('<svg', '<svg onload="alert(1)"'), rarity: 'rare', points: 10, active: true,
      badge_type: 'manual', category: 'achievement', criteria_type: '', criteria_value: 0,
    });
    expect(badge.status, await badge.clone().text()).toBe(201);
    const icon = ((await badge.json()) as { icon_svg: string }).icon_svg;
    expect(icon).toContain('<svg');
    expect(icon).not.toContain('onload');
    // qrcode draws the second factor's code.
    const enrol = await api('POST', '/api/auth/mfa/enroll');
    expect(enrol.status).toBe(200);
    expect(JSON.stringify(await enrol.json())).toContain('data:image/png;base64,');
    // nodemailer writes the recovery e-mail to the outbox.
    expect((await api('POST', '/api/auth/password/forgot', { email })).status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    for (const end = Date.now() + 20_000; Date.now() < end && !(existsSync(outbox) && (await readdir(outbox)).some((f) => f.endsWith('.eml'))); ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await readdir(outbox)).some((f) => f.endsWith('.eml'))).toBe(true);
    // The API page (swagger-ui, loaded only when on) and the OpenAPI document.
    const docs = await api('GET', '/api/docs/');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
    expect(((await (await api('GET', '/api/docs/json')).json()) as { openapi: string }).openapi).toMatch(/^3\./);
    expect(stderr).not.toMatch(/error/i);
  }, 120_000);
});
