import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../shared/errors.js';
import { SECURITY_MSG } from '../../shared/security.js';
import * as repo from './repo.js';
import { SESSION_COOKIE, TOUCH_EVERY_MS, hashToken, mfaPendingMayCall, sessionLifetime } from './session.js';
import { SessionLookups } from './session-lookups.js';
import { clubIdOfRoute, rememberMembership } from '../http/access.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROTECTED = /^\/api\/(clubs|admin)(\/|\?|$)/;
const ONE_CLICK_UNSUBSCRIBE = '/api/notifications/unsubscribe';
/** Header the SPA sends on every request; cross-site forms cannot set it. */
export const CLIENT_HEADER = 'x-trilha-client';

/** Runs on every request of a signed-in session (past its second factor, if any); the request waits for it. */
export type SignedInHook = (app: FastifyInstance, profileId: string) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a hook the auth plugin runs on every signed-in request (the badges domain records login days with one). */
    onSignedInRequest(hook: SignedInHook): void;
  }
}

// The SHA-256 of the session tokens seen lately: a signed-in page sends the same cookie on every call.
// Bounded (emptied when full); a cookie longer than 64 characters (this server issues 43) is hashed, never kept.
const recentHashes = new Map<string, string>();
const RECENT_HASHES = 10_000;
function sessionTokenHash(token: string): string {
  let hash = recentHashes.get(token);
  if (hash === undefined) {
    hash = hashToken(token);
    if (token.length <= 64) {
      if (recentHashes.size >= RECENT_HASHES) recentHashes.clear();
      recentHashes.set(token, hash);
    }
  }
  return hash;
}

/** Loads the session of every request and refuses cross-origin writes (CSRF). */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const signedInHooks: SignedInHook[] = [];
  app.decorate('onSignedInRequest', (hook: SignedInHook) => {
    signedInHooks.push(hook);
  });
  // Requests arriving together read their sessions in one statement.
  const lookups = new SessionLookups(app.db);

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    // The e-mail's one-click unsubscribe (RFC 8058) posts from the mail provider: it carries a signed
    // token and uses no session, so there is nothing for a forged request to ride on.
    if (UNSAFE.has(req.method) && req.url.split('?')[0] !== ONE_CLICK_UNSUBSCRIBE) {
      const origin = req.headers.origin;
      const sameOrigin = origin !== undefined && safeHost(origin) === req.headers.host;
      const fromSpa = origin === undefined && req.headers[CLIENT_HEADER] !== undefined;
      if (!sameOrigin && !fromSpa) {
        return reply.status(403).send({ error: { code: 'bad_origin', message: MSG.badOrigin } });
      }
    }
    const token = req.cookies[SESSION_COOKIE];
    // On a club route the caller's membership comes in the same statement (one round trip, not two).
    const clubId = token ? clubIdOfRoute(req) : null;
    const row = token ? await lookups.find(sessionTokenHash(token), clubId) : null;
    if (row && clubId) {
      rememberMembership(req, clubId, row.profile_id, row.club_role == null ? null : {
        role: row.club_role, unit_id: row.club_unit_id ?? null, member: row.club_member ?? false, require_mfa: row.club_require_mfa ?? false,
      }, row.club_data_version ?? null);
    }
    if (!row) {
      // Club and platform data need a session: answer 401 before any body or parameter validation.
      if (PROTECTED.test(req.url)) return reply.status(401).send({ error: { code: 'unauthenticated', message: MSG.unauthenticated } });
      return;
    }
    req.auth = {
      sessionId: row.session_id,
      profile: { id: row.profile_id, full_name: row.full_name, email: row.email, user_type: row.user_type },
      aal: row.aal,
      mfaEnrolled: row.mfa_enrolled,
      noticesVersion: row.notices_version,
    };
    // Password checked, second factor not yet: only the challenge (and a few public routes) answer.
    if (row.mfa_enrolled && row.aal !== 'aal2') {
      if (!mfaPendingMayCall(req.url.split('?')[0] ?? '')) {
        return reply.status(401).send({ error: { code: 'mfa_required', message: SECURITY_MSG.mfaRequired } });
      }
      // Not signed in yet: no login day, no sliding expiry.
      return;
    }
    for (const hook of signedInHooks) await hook(app, row.profile_id);
    // Sliding expiry, written at most every few minutes.
    if (Date.now() - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
      await repo.touchSession(app.db, row.session_id, new Date(Date.now() + sessionLifetime(row.persistent)));
    }
  });
}, {
  // Named: unnamed, fastify-plugin reads the name from a stack trace, which maps the whole server bundle's source map at start.
  name: 'trilha-auth',
});

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
