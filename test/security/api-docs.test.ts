import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { apiDocsUiEnabled } from '../../src/server/config.js';
import { engineName, openTestDb, type TestDb } from '../db.js';

let db: TestDb;
let dataDir: string;
beforeAll(async () => {
  db = await openTestDb();
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-docs-'));
});
afterAll(async () => {
  await db.dispose();
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => vi.unstubAllEnvs());

async function docsStatus(): Promise<{ ui: number; json: number; openapi: unknown }> {
  const app = await buildApp({ db, dataDir });
  try {
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    return { ui: ui.statusCode, json: json.statusCode, openapi: json.json().openapi };
  } finally {
    await app.close();
  }
}

describe(`API docs page on ${engineName()}`, () => {
  it('is off in production, while the OpenAPI JSON stays at /api/docs/json', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('API_DOCS_UI', '');
    const res = await docsStatus();
    expect(res.ui).toBe(404);
    expect(res.json).toBe(200);
    expect(res.openapi).toMatch(/^3\./);
  });

  it('API_DOCS_UI=1 turns it on in production; outside production it is on', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('API_DOCS_UI', '1');
    expect((await docsStatus()).ui).not.toBe(404);
    vi.stubEnv('NODE_ENV', 'development');
    vi.stubEnv('API_DOCS_UI', '');
    const dev = await docsStatus();
    expect(dev.ui).not.toBe(404);
    expect(dev.json).toBe(200);
  });

  it('reads the switch from the environment', () => {
    expect(apiDocsUiEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(apiDocsUiEnabled({ NODE_ENV: 'production', API_DOCS_UI: '1' })).toBe(true);
    expect(apiDocsUiEnabled({})).toBe(true);
  });
});
