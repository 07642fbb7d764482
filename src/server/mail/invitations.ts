import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { publicBaseUrl } from '../auth/account.js';
import { enqueueMail } from './queue.js';
import { findInvitationMailData } from './repo.js';
import { invitationMail } from './templates.js';
import { isClubRole, ROLE_LABELS } from '../../shared/permissions.js';

/**
 * Queues the invitation e-mail for a link bound to an e-mail (the copyable link stays in the answer).
 * Never fails the request: a problem only leaves the message out, the link still works.
 */
export async function sendInvitationMail(
  app: FastifyInstance,
  req: FastifyRequest,
  clubId: string,
  invitation: { id: string; email: string | null; path: string },
): Promise<void> {
  if (!invitation.email) return;
  try {
    const row = await findInvitationMailData(app.db, invitation.id, clubId);
    if (!row) return;
    await enqueueMail(app.db, {
      to: invitation.email,
      ...invitationMail({
        clubName: row.club_name,
        inviterName: row.inviter,
        roleLabel: isClubRole(row.role) ? ROLE_LABELS[row.role] : row.role,
        expiresText: format(new TZDate(new Date(row.expires_at), row.timezone), "dd/MM/yyyy 'às' HH:mm"),
        url: `${publicBaseUrl(app)}${invitation.path}`,
      }),
    });
    app.mail.kick();
  } catch (err) {
    req.log.error({ err }, 'invitation e-mail not queued');
  }
}
