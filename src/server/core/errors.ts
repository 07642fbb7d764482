import { MSG } from '../../shared/errors.js';

/** The one error type services throw; `http/error-handler.ts` maps it to an HTTP answer. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError('not_found', 404, message);
export const badRequest = (message: string, details?: unknown) => new AppError('bad_request', 400, message, details);
export const conflict = (message: string) => new AppError('conflict', 409, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError('forbidden', 403, message);

/** PostgreSQL error with its SQLSTATE code and constraint name (pg and PGlite both expose them). */
export interface PgError {
  code: string;
  constraint?: string;
  message: string;
}
export function isPgError(err: unknown): err is PgError {
  return typeof err === 'object' && err !== null && typeof (err as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((err as PgError).code);
}
export const PG = { queryCanceled: '57014', uniqueViolation: '23505', foreignKeyViolation: '23503', restrictViolation: '23001', checkViolation: '23514', raise: 'P0001' } as const;

/**
 * The one "in use" rule: the database refused to delete a row that other rows still point at (ON DELETE
 * RESTRICT raises 23001, NO ACTION 23503). A service turns it into its own message; unhandled, the
 * error handler answers 409 `in_use`.
 */
export function isInUse(err: unknown): boolean {
  return isPgError(err) && (err.code === PG.foreignKeyViolation || err.code === PG.restrictViolation);
}

export const TIMEOUT_MESSAGE = 'O servidor demorou demais para responder. Tente novamente.';
