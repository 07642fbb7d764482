import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';

export const NUL_MESSAGE = 'Texto com caractere inválido.';

/** Path of the first string (value or key) holding a NUL character, or null. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = findNul(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text and answers a 500 for it (issue 11). One hook refuses it in any
 * body, query or route parameter of every route, before validation, as a 400 like any validation error.
 */
export function registerNulGuard(app: FastifyInstance): void {
  // A callback: settled at once, no promise per request.
  app.addHook('preValidation', (req, _reply, done) => {
    for (const [where, value] of [['body', req.body], ['query', req.query], ['params', req.params]] as const) {
      const path = findNul(value);
      if (path !== null) return done(new AppError('validation', 400, NUL_MESSAGE, [{ path: path || where, message: NUL_MESSAGE }]));
    }
    done();
  });
}
