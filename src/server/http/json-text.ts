import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON text that already is the route's answer, written by PostgreSQL (row_to_json of the
 * columns in the response schema's order): byte for byte what the compiled serializer would write
 * for the same rows, which the route's tests check on both engines. With its content type set,
 * Fastify sends a string as it is. The response schema stays on the route for the OpenAPI document
 * and the contract tests.
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json').send(json as never);
}
