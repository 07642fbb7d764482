import type { FastifyInstance } from 'fastify';

/**
 * A task the server runs on a timer (e.g. recurring-task generation every minute). Its own module, so a
 * domain's job and the registry that lists it (jobs.ts) do not import each other.
 */
export interface BackgroundJob {
  name: string;
  everyMs: number;
  run(app: FastifyInstance): Promise<unknown>;
}
