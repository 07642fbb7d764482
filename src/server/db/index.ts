import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Db } from './types.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export type { Db, Queryable } from './types.js';
export { one, maybeOne } from './types.js';

/** DATABASE_URL selects PostgreSQL (DATABASE_DIRECT_URL when it is a pooler, ADR 075); otherwise embedded PGlite persisted under DATA_DIR/pgdata. */
export async function openDb(config: {
  databaseUrl?: string;
  /** DATABASE_DIRECT_URL: DATABASE_URL is a pooler in transaction mode; session-bound work goes here. */
  databaseDirectUrl?: string;
  dataDir: string;
  statementTimeoutMs?: number;
  /** Overrides of the embedded engine's settings (PGLITE_SETTINGS), e.g. a larger shared_buffers. */
  pgliteSettings?: Record<string, string>;
}): Promise<Db> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, { statementTimeoutMs: config.statementTimeoutMs, directUrl: config.databaseDirectUrl });
  }
  const dir = path.join(config.dataDir, 'pgdata');
  await mkdir(dir, { recursive: true });
  return openPglite({ dataDir: dir, settings: config.pgliteSettings });
}
