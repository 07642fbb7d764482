import type { Queryable } from '../db/index.js';
import { endpointAllowed, type EndpointRules } from './push-endpoint.js';
import { loadWebPush, type NotificationKeys } from './keys.js';
import * as pushRepo from './push-repo.js';
import type { ClaimedRow } from './push-repo.js';

/** What the service worker receives (src/web/public/push-sw.js shows it and opens `link` on tap). */
export interface PushPayload {
  id: string;
  title: string;
  body: string;
  link: string;
  club_id: string | null;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The push service's answer: ok, gone (404/410: the subscription expired) or a failure. */
export type PushResult = { kind: 'sent' } | { kind: 'gone' } | { kind: 'retry'; error: string } | { kind: 'failed'; error: string };

/** Sends one push; never throws. */
export type PushSender = (target: PushTarget, payload: PushPayload) => Promise<PushResult>;

export const PUSH_MAX_ATTEMPTS = 5;
/** Wait before retry n: 30 s, 1 min, 2 min, 4 min. */
export const pushRetryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);
export { INTERRUPTED } from './push-repo.js';

/**
 * The real sender: web-push encrypts the payload (RFC 8291) and signs the VAPID header; the request
 * goes through fetch without following redirects, to an endpoint checked again before each send.
 * Only answers that prove the push did not arrive (a refusal with a status, a refused connection)
 * are retried: a timeout may have delivered it, so it is not sent again.
 */
export function webPushSender(keys: NotificationKeys, rules: EndpointRules): PushSender {
  return async (target, payload) => {
    if (!(await endpointAllowed(target.endpoint, rules))) return { kind: 'failed', error: 'Endereço de push não permitido.' };
    const details = loadWebPush().generateRequestDetails(target, JSON.stringify(payload), {
      TTL: 24 * 3600,
      vapidDetails: { subject: keys.vapidSubject, publicKey: keys.vapidPublicKey, privateKey: keys.vapidPrivateKey },
    });
    let res: Response;
    try {
      res = await fetch(details.endpoint, {
        method: details.method, headers: details.headers as Record<string, string>, body: details.body ? new Uint8Array(details.body) : null, redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code ?? '';
      const message = `${(err as Error).message} ${code}`.trim().slice(0, 300);
      return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code) ? { kind: 'retry', error: message } : { kind: 'failed', error: message };
    }
    await res.arrayBuffer().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
    if (res.status === 404 || res.status === 410) return { kind: 'gone' };
    const error = `O serviço de push respondeu ${res.status}.`;
    return res.status === 429 || res.status >= 500 ? { kind: 'retry', error } : { kind: 'failed', error };
  };
}

export { claimDuePushes } from './push-repo.js';

/** Sends the claimed pushes and records each outcome; an expired subscription (404/410) is removed. */
export async function deliverClaimedPushes(q: Queryable, sender: PushSender, rows: readonly ClaimedRow[]): Promise<void> {
  const sends: Promise<PushResult>[] = [];
  for (const r of rows) {
    sends.push(sender(
      { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } },
      { id: r.notification_id, title: r.title, body: r.body, link: r.link, club_id: r.club_id })
      // Handled now, not at the Promise.all below: a rejection left unhandled across the turns would stop the process.
      .catch((err: unknown): PushResult => ({ kind: 'failed', error: String((err as Error)?.message ?? err).slice(0, 300) })));
    // One start per turn of the event loop: each start encrypts its payload before it leaves, and a
    // batch started at once held every other request of the server (a health check) behind it.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const results = await Promise.all(sends);
  const sent = rows.filter((_, i) => results[i]?.kind === 'sent');
  if (sent.length > 0) {
    // One statement for the batch's successes: marking is what a crash may interrupt, keep it short.
    await pushRepo.markSent(q, sent.map((r) => r.id), [...new Set(sent.map((r) => r.subscription_id))]);
  }
  for (const [i, r] of rows.entries()) {
    const result = results[i];
    if (!result || result.kind === 'sent') continue;
    if (result.kind === 'gone') {
      // Its deliveries go with it (ON DELETE CASCADE): nothing is left to send there.
      await pushRepo.deleteSubscription(q, r.subscription_id);
      continue;
    }
    const failed = result.kind === 'failed' || r.attempts >= PUSH_MAX_ATTEMPTS;
    await pushRepo.markAttempt(q, r.id, failed ? 'failed' : 'pending', result.error, pushRetryDelayMs(r.attempts));
  }
}

/** One round of the push worker: claim, send, mark. Returns how many were handled. */
export async function sendDuePushes(q: Queryable, sender: PushSender, batch = 50): Promise<number> {
  const rows = await pushRepo.claimDuePushes(q, batch);
  await deliverClaimedPushes(q, sender, rows);
  return rows.length;
}
