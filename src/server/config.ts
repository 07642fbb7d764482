import path from 'node:path';
import { PROJECT_ROOT } from './paths.js';

export interface EnvConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  webDir: string;
  production: boolean;
  /** How many daily backups of the embedded database DATA_DIR/backups keeps. */
  backupKeep: number;
  /** PostgreSQL cancels a statement running longer than this (ms). */
  statementTimeoutMs: number;
  /** PGLITE_SHARED_BUFFERS (e.g. 64MB): the embedded engine's page cache, 16MB by default (ADR 022). */
  pgliteSettings: Record<string, string>;
}

/** Reads PORT, HOST, DATA_DIR, DATABASE_URL, NODE_ENV, BACKUP_KEEP and STATEMENT_TIMEOUT_MS with the defaults of the README. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const root = PROJECT_ROOT;
  const sharedBuffers = memorySize(env.PGLITE_SHARED_BUFFERS);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    webDir: path.join(root, 'dist', 'web'),
    production: env.NODE_ENV === 'production',
    backupKeep: positiveInt(env.BACKUP_KEEP, 7),
    statementTimeoutMs: positiveInt(env.STATEMENT_TIMEOUT_MS, 15_000),
    pgliteSettings: sharedBuffers ? { shared_buffers: sharedBuffers } : {},
  };
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

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
}
