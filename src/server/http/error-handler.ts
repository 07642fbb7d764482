import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, type TApiErrorBody } from '../../shared/errors.js';
import { withFieldName } from '../../shared/zod-pt-br.js';
import { AppError, PG, TIMEOUT_MESSAGE, isInUse, isPgError } from '../core/errors.js';

/** statement_timeout cancelled the query, or no pool connection freed up in time: the work was rolled back. */
function isTimeout(err: unknown): boolean {
  if (isPgError(err)) return err.code === PG.queryCanceled;
  if ((err as FastifyError).code === 'FST_ERR_HANDLER_TIMEOUT') return true;
  return err instanceof Error && err.message === 'timeout exceeded when trying to connect';
}

type ValidationEntry = { keyword?: string; message?: string; params?: Record<string, unknown> };

/**
 * A path id that is not a uuid (the shared `zId`), or a path code off its pattern (a class or
 * especialidade code), names no record: the answer is the route's own "não encontrado" as 404, the
 * same as a well-formed one that does not exist (issue 33, ADR 031).
 */
function malformedPathId(context: string | undefined, first: ValidationEntry | undefined): string | null {
  if (context !== 'params' || first?.keyword !== 'invalid_format' || first.params?.pattern === undefined) return null;
  return first.message ?? MSG.notFound;
}

function body(code: string, message: string, details?: unknown): TApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      const retryAfter = (err.details as { retry_after?: unknown } | undefined)?.retry_after;
      if (err.status === 429 && typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
      return reply.status(err.status).send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const unknownId = malformedPathId(err.validationContext, err.validation[0]);
      if (unknownId !== null) return reply.status(404).send(body('not_found', unknownId));
      const issues = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        // A default message says 'Campo …': it gets the field's name (or which part of the request).
        return { path, message: withFieldName(v.message ?? MSG.invalidData, path || (err.validationContext ?? '')) };
      });
      return reply.status(400).send(body('validation', issues[0]?.message ?? MSG.invalidData, issues));
    }
    if (isTimeout(err)) {
      req.log.warn({ err, route: req.routeOptions.url, method: req.method }, 'request timed out');
      return reply.status(503).send({ error: { code: 'timeout', message: TIMEOUT_MESSAGE, request_id: req.id } });
    }
    // A database constraint caught a user's mistake that a service did not translate first.
    if (isPgError(err)) {
      if (err.code === PG.uniqueViolation) return reply.status(409).send(body('conflict', 'Já existe um registro com esses dados.'));
      if (isInUse(err)) return reply.status(409).send(body('in_use', 'Existem dados vinculados a este registro.'));
      if (err.code === PG.checkViolation || err.code === '22P02' || err.code === '22007' || err.code === '22008' || err.code === '22009' || err.code === '22003') {
        return reply.status(400).send(body('invalid', MSG.invalidData));
      }
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message = status === 413 ? 'Arquivo ou requisição grande demais.' : MSG.invalidData;
      return reply.status(status).send(body('bad_request', message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: MSG.internal, request_id: req.id } });
  });
}
