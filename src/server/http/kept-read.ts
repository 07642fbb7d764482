import type { FastifyReply, FastifyRequest } from 'fastify';
import { untilNextClubDayMs } from '../db/club-clock.js';
import type { Db } from '../db/index.js';

/**
 * A club read kept by the club's data version (ADR 026), its answer built once by the route's compiled
 * serializer. With `clubDay` (the default) the answer may also read the club's today (ages, what is
 * overdue, the year when none is asked, days to a deadline), so it is kept only until the club's next
 * day begins (ADR 084). A read that writes (an audited read of a document or of health data) never
 * comes here: its audit entry is written on every read.
 */
export function sendKept(req: FastifyRequest, reply: FastifyReply, read: (q: Db) => Promise<unknown>, clubDay = true) {
  const app = req.server;
  const access = req.access;
  return app.answers.send(
    req, reply, access, async (q) => reply.serialize(await read(q)) as string,
    clubDay ? () => untilNextClubDayMs(app.db, access.clubId) : undefined,
  );
}
