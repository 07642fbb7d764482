import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Db } from './types.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import { primaryReads, replicaReads, type ReadRouter, type ReplicaOptions } from './replica.js';

export type { Db, PoolStats, Queryable } from './types.js';
export { one, maybeOne } from './types.js';
export { clubFence, primaryReads, type ReadRouter, type ReplicaFence, type ReplicaStatus } from './replica.js';

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

/**
 * Where reads that may lag go (ADR 080): DATABASE_REPLICA_URL's streaming replica when it is set (its
 * own pool, a 2 s connect timeout so a dead replica costs seconds, not the statement timeout), else
 * the primary. Behind a transaction pooler (DATABASE_DIRECT_URL set) the replica's URL is taken to be
 * one too: unnamed statements.
 */
export function openReads(primary: Db, config: {
  databaseReplicaUrl?: string;
  databaseDirectUrl?: string;
  statementTimeoutMs?: number;
} & ReplicaOptions): ReadRouter {
  if (!config.databaseReplicaUrl || primary.engine !== 'postgres') return primaryReads(primary);
  const replica = openPostgres(config.databaseReplicaUrl, {
    max: primary.connections,
    statementTimeoutMs: config.statementTimeoutMs,
    connectTimeoutMs: 2_000,
    pooled: Boolean(config.databaseDirectUrl),
  });
  return replicaReads(primary, replica, config);
}
