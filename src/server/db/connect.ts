import type { Db } from './types.js';

/** PostgreSQL could not be reached (or refused us) at start; the message (pt-BR) names DATABASE_URL. */
export class DatabaseUnreachableError extends Error {}

// First retry after 250 ms, doubling up to 2 s between attempts.
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 2_000;

/** host:port/database of a connection string, without the credentials (for messages and logs). */
export function databaseTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'endereço inválido';
  }
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'conexão recusada',
  ENOTFOUND: 'endereço não encontrado',
  EAI_AGAIN: 'endereço não encontrado',
  ETIMEDOUT: 'sem resposta',
  EHOSTUNREACH: 'máquina inalcançável',
  ECONNRESET: 'conexão interrompida',
  '57P03': 'o PostgreSQL ainda está iniciando',
};

/** An answer no retry changes: wrong user or password (class 28), or a database that does not exist. */
function isPermanent(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('28') || code === '3D000');
}

/**
 * Waits until PostgreSQL answers `SELECT 1`, retrying with backoff for up to timeoutMs: Docker Compose
 * and Kubernetes start the app and the database together, and the database often answers second.
 * `onRetry` is called once, at the first failed attempt. A wrong password or a missing database fails
 * at once; anything else that outlasts timeoutMs fails with what the last attempt said.
 */
export async function waitForDatabase(
  db: Db,
  opts: { url: string; timeoutMs: number; onRetry?: (reason: string) => void },
): Promise<void> {
  const target = databaseTarget(opts.url);
  const deadline = Date.now() + opts.timeoutMs;
  for (let delay = FIRST_DELAY_MS, attempt = 0; ; delay = Math.min(delay * 2, MAX_DELAY_MS), attempt += 1) {
    let last: unknown;
    try {
      // One attempt may not outlast the deadline (a dropped SYN waits for the pool's connect timeout).
      await withDeadline(db.query('SELECT 1'), deadline - Date.now());
      return;
    } catch (err) {
      last = err;
    }
    const code = String((last as { code?: unknown }).code ?? '');
    if (isPermanent(last)) {
      const what = code === '3D000' ? 'não tem o banco indicado' : 'recusou o usuário ou a senha';
      throw new DatabaseUnreachableError(`O PostgreSQL de DATABASE_URL (${target}) ${what}: confira DATABASE_URL.`, { cause: last });
    }
    const reason = REASONS[code] ?? (last instanceof Error ? last.message : String(last));
    if (Date.now() + delay >= deadline) {
      const waited = (opts.timeoutMs / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
      throw new DatabaseUnreachableError(
        `Não foi possível conectar ao PostgreSQL de DATABASE_URL (${target}) em ${waited} s: ${reason}. ` +
          'Confira DATABASE_URL e se o banco está no ar (DB_CONNECT_TIMEOUT aumenta a espera).',
        { cause: last },
      );
    }
    if (attempt === 0) opts.onRetry?.(reason);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('sem resposta'), { code: 'ETIMEDOUT' })), Math.max(ms, 0));
  });
  // The losing attempt still settles later (the pool ends it on close): its rejection is not unhandled.
  work.catch(() => undefined);
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
