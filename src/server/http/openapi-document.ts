import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { openPglite } from '../db/pglite.js';
import { migrate } from '../db/migrate.js';

/** Where the published contract lives in the repository. */
export const OPENAPI_FILE = path.resolve('docs/openapi.json');

/** The OpenAPI document as the app serves it at /api/docs/json, built on a throwaway in-memory database. */
export async function buildOpenApiDocument(): Promise<string> {
  const db = await openPglite();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-openapi-'));
  try {
    await migrate(db);
    const app = await buildApp({ db, dataDir, apiDocsUi: false });
    await app.ready();
    const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    return text;
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
