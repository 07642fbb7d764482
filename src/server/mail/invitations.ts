import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maybeOne } from '../db/index.js';
import { publicBaseUrl } from '../auth/account.js';
import { enqueueMail } from './queue.js';
import { invitationMail } from './templates.js';

/**
 * Queues the invitation e-mail for a link bound to an e-mail (the copyable link stays in the answer).
 * Never fails the request: a problem only leaves the message out, the link still works.
 */
export async function sendInvitationMail(
  app: FastifyInstance,
  req: FastifyRequest,
  clubId: string,
  invitation: { email: string | null; path: string },
): Promise<void> {
  if (!invitation.email) return;
  try {
    const club = await maybeOne<{ name: string }>(app.db, `SELECT name FROM clubs WHERE id = $1`, [clubId]);
    await enqueueMail(app.db, { to: invitation.email, ...invitationMail(club?.name ?? 'Trilha', `${publicBaseUrl(app)}${invitation.path}`) });
    app.mail.kick();
  } catch (err) {
    req.log.error({ err }, 'invitation e-mail not queued');
  }
}
