import path from 'node:path';
import { PROJECT_ROOT } from './paths.js';

export interface EnvConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** DATABASE_DIRECT_URL: the PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (migrations, session locks). */
  databaseDirectUrl?: string;
  /** DATABASE_REPLICA_URL: a streaming replica of the PostgreSQL; reads that may lag go there (ADR 080). */
  databaseReplicaUrl?: string;
  /** REPLICA_MAX_LAG_MS: a replica further behind than this is not read (default 10 s). */
  replicaMaxLagMs: number;
  webDir: string;
  production: boolean;
  /** How many daily backups of the embedded database DATA_DIR/backups keeps. */
  backupKeep: number;
  /** PostgreSQL cancels a statement running longer than this (ms). */
  statementTimeoutMs: number;
  /** DB_CONNECT_TIMEOUT (s): how long a start keeps trying to reach PostgreSQL before giving up. */
  dbConnectTimeoutMs: number;
  /** SHUTDOWN_TIMEOUT (s): how long a stop lets in-flight requests finish before cutting them. */
  shutdownTimeoutMs: number;
  /** PGLITE_SHARED_BUFFERS (e.g. 64MB): the embedded engine's page cache, 16MB by default (ADR 022). */
  pgliteSettings: Record<string, string>;
}

/** Reads PORT, HOST, DATA_DIR, DATABASE_URL, DATABASE_DIRECT_URL, DATABASE_REPLICA_URL, REPLICA_MAX_LAG_MS, NODE_ENV, BACKUP_KEEP, STATEMENT_TIMEOUT_MS, DB_CONNECT_TIMEOUT and SHUTDOWN_TIMEOUT with the defaults of the README. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const root = PROJECT_ROOT;
  const sharedBuffers = memorySize(env.PGLITE_SHARED_BUFFERS);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseDirectUrl: (env.DATABASE_URL && env.DATABASE_DIRECT_URL) || undefined,
    databaseReplicaUrl: (env.DATABASE_URL && env.DATABASE_REPLICA_URL) || undefined,
    replicaMaxLagMs: positiveInt(env.REPLICA_MAX_LAG_MS, 10_000),
    webDir: path.join(root, 'dist', 'web'),
    production: env.NODE_ENV === 'production',
    backupKeep: positiveInt(env.BACKUP_KEEP, 7),
    statementTimeoutMs: positiveInt(env.STATEMENT_TIMEOUT_MS, 15_000),
    dbConnectTimeoutMs: seconds(env.DB_CONNECT_TIMEOUT, 30) * 1000,
    shutdownTimeoutMs: seconds(env.SHUTDOWN_TIMEOUT, 10) * 1000,
    pgliteSettings: sharedBuffers ? { shared_buffers: sharedBuffers } : {},
  };
}

/** A setting the server cannot start with; the message (pt-BR) names the variable. */
export class ConfigError extends Error {}

/**
 * Refuses to serve production without PUBLIC_URL: the links in e-mails would otherwise be built from
 * whatever Host a request claims. Only the server checks it; the commands (backup, seed…) send no e-mail.
 */
export function checkServerEnv(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL?.trim()) {
    throw new ConfigError('Defina PUBLIC_URL com o endereço público do Trilha (ex.: https://trilha.exemplo.org): com NODE_ENV=production ela é obrigatória, porque os links dos e-mails são feitos com ela.');
  }
}

/** The interactive API page is off in production (issue 21) unless API_DOCS_UI=1 turns it on. */
export function apiDocsUiEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.API_DOCS_UI === '1') return true;
  if (env.API_DOCS_UI === '0') return false;
  return env.NODE_ENV !== 'production';
}

/**
 * Base of every link the server e-mails: PUBLIC_URL, else http://localhost:PORT in development. Never a
 * request's Host or X-Forwarded-Host, which anyone can forge to send a victim's token to their own host.
 */
export function publicUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PUBLIC_URL?.trim();
  return (configured || `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, '');
}

/** A postgres memory size written as postgres reads it (e.g. 64MB: kB, MB or GB); anything else is ignored. */
function memorySize(value: string | undefined): string | null {
  return /^\d+(kB|MB|GB)$/.test(value?.trim() ?? '') ? (value ?? '').trim() : null;
}

/** A positive number of seconds (fractions allowed), else the fallback. */
function seconds(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
}
