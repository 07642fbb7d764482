import { hostname } from 'node:os';
import { ConfigError } from './config.js';
import { DataDirBusyError } from './data-dir/lock.js';
import { DatabaseUnreachableError } from './db/connect.js';
import { MigrationFailedError } from './db/migrate.js';

/** What a failed start prints: one pt-BR line for the person, and the details for the log. */
export interface StartFailure {
  line: string;
  /** Written to the log; an expected failure's details carry no stack. */
  details: Record<string, unknown>;
}

/** The error's own fields and those of its causes, without stacks. */
function describe(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name === 'Error' ? err.constructor.name : err.name,
    message: err.message,
    ...(code !== undefined ? { code } : {}),
    ...(err.cause !== undefined ? { cause: describe(err.cause) } : {}),
  };
}

/**
 * The expected reasons a start cannot proceed, each with the variable or file to check: a setting
 * missing, DATA_DIR held by another process, PostgreSQL unreachable, a migration that fails. Anything
 * else is a bug: its stack goes to the log, and the line says so.
 */
export function explainStartFailure(err: unknown, engine: 'pglite' | 'postgres'): StartFailure {
  if (err instanceof ConfigError || err instanceof DataDirBusyError || err instanceof DatabaseUnreachableError) {
    return { line: err.message, details: describe(err) };
  }
  if (err instanceof MigrationFailedError) {
    const where = engine === 'postgres' ? 'o banco de DATABASE_URL' : 'o banco embutido em DATA_DIR';
    return {
      line: `A migração ${err.file} falhou e foi desfeita (as anteriores continuam aplicadas): confira esse arquivo e ${where}. Detalhes no log.`,
      details: describe(err),
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    line: `O Trilha não conseguiu iniciar por um erro inesperado (${message}). Detalhes no log.`,
    details: { ...describe(err), stack: err instanceof Error ? err.stack : undefined },
  };
}

/** Logs the failure as the server logs (one JSON line on stdout), prints its line on stderr, and exits 1. */
export function refuseStart(err: unknown, engine: 'pglite' | 'postgres'): never {
  const { line, details } = explainStartFailure(err, engine);
  // pino's shape (level 60 = fatal), so the line sits with the server's other logs.
  process.stdout.write(`${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, hostname: hostname(), err: details, msg: 'start failed' })}\n`);
  process.stderr.write(`${line}\n`);
  process.exit(1);
}
