import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/index.js';
import { CATEGORY_LABELS, NOTIFICATION_CATEGORIES, type TNotificationCategory } from '../../shared/notifications.js';
import * as emailRepo from './email-repo.js';
import type { Item } from './email-repo.js';

/**
 * Notification e-mails: urgent and 'na hora' ones one by one, the rest in a daily or weekly digest.
 * Each is queued in mail_queue with `at_most_once` in the same transaction that marks its notifications
 * e-mailed, so a notification is in exactly one e-mail, and that e-mail is sent at most once.
 */

const MAC_BYTES = 16;

function mac(secret: Buffer, profileId: string, category: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:${profileId}:${category}`).digest().subarray(0, MAC_BYTES);
}

/** A link token for one person and category: signed, so it can be neither forged nor turned to another person. */
export function unsubscribeToken(secret: Buffer, profileId: string, category: TNotificationCategory): string {
  return `${profileId}.${category}.${mac(secret, profileId, category).toString('base64url')}`;
}

/** The person and category of a valid token, or null. */
export function readUnsubscribeToken(secret: Buffer, token: string): { profileId: string; category: TNotificationCategory } | null {
  const [profileId = '', category = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !/^[0-9a-f-]{36}$/i.test(profileId) || !(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return null;
  const given = Buffer.from(signature, 'base64url');
  // Only the one spelling the link carried: a decoder ignores a last character's spare bits (and stray
  // characters), so another text could otherwise decode to the same signature.
  if (given.toString('base64url') !== signature) return null;
  const expected = mac(secret, profileId, category);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { profileId, category: category as TNotificationCategory };
}

export interface EmailContext {
  /** Base of every link (config.publicUrl). */
  baseUrl: string;
  secret: Buffer;
}

function footer(ctx: EmailContext, profileId: string, categories: readonly TNotificationCategory[]): string {
  const lines = categories.map((c) => `- ${CATEGORY_LABELS[c]}: ${ctx.baseUrl}/descadastrar?t=${unsubscribeToken(ctx.secret, profileId, c)}`);
  return `\n--\nVocê recebe este e-mail pelas suas preferências de avisos no Trilha (Meu perfil → Avisos).\nPara não receber mais e-mails de:\n${lines.join('\n')}\n`;
}

function itemText(ctx: EmailContext, n: Item): string {
  return `${n.club_name ? `[${n.club_name}] ` : ''}${n.title}${n.body ? `\n${n.body}` : ''}\nAbrir: ${ctx.baseUrl}${n.link}`;
}

function headers(ctx: EmailContext, profileId: string, category: TNotificationCategory): Record<string, string> {
  return {
    'List-Unsubscribe': `<${ctx.baseUrl}/api/notifications/unsubscribe?t=${unsubscribeToken(ctx.secret, profileId, category)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Queues one e-mail per notification waiting to go 'na hora'. Returns how many were queued. */
export async function queueImmediateEmails(db: Db, ctx: EmailContext, batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await emailRepo.pickImmediate(tx, batch);
    let queued = 0;
    for (const r of rows) {
      if (!r.email) continue;
      await emailRepo.queueMail(tx, r.email, `${r.club_name ? `${r.club_name}: ` : 'Trilha: '}${r.title}`,
        `Olá, ${r.full_name}!\n\n${itemText(ctx, r)}\n${footer(ctx, r.profile_id, [r.category])}`, headers(ctx, r.profile_id, r.category));
      queued += 1;
    }
    return queued;
  });
}

/** How old the oldest waiting notification of a digest must be before the digest goes. */
export const DIGEST_AGE = { daily: '1 day', weekly: '7 days' } as const;

/**
 * Queues the digests that are due: per person and mode, once their oldest waiting notification is a
 * day (daily) or a week (weekly) old, every waiting one of that mode in one e-mail. Returns how many.
 */
export async function queueDigests(db: Db, ctx: EmailContext, batch = 50): Promise<number> {
  const due = await emailRepo.dueDigests(db, DIGEST_AGE, batch);
  let queued = 0;
  // Each person's digest on its own (issue 43): one that fails waits for the next run and stops nobody else;
  // the run then fails as a whole, so it is logged and shown to the super admin.
  const failed: string[] = [];
  for (const d of due) {
    queued += await db.transaction(async (tx) => {
      const rows = await emailRepo.pickDigest(tx, d.profile_id, d.email_mode);
      const first = rows[0];
      if (!first?.email) return 0;
      rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
      const categories = [...new Set(rows.map((r) => r.category))];
      const label = d.email_mode === 'daily' ? 'Resumo do dia' : 'Resumo da semana';
      const text = `Olá, ${first.full_name}!\n\n${label}: ${rows.length} ${rows.length === 1 ? 'aviso' : 'avisos'}.\n\n`
        + rows.map((r) => itemText(ctx, r)).join('\n\n') + `\n${footer(ctx, d.profile_id, categories)}`;
      await emailRepo.queueMail(tx, first.email, `Trilha: ${label.toLowerCase()} (${rows.length} ${rows.length === 1 ? 'aviso' : 'avisos'})`, text,
        headers(ctx, d.profile_id, categories[0] ?? first.category));
      return 1;
    }).catch((err: unknown) => {
      failed.push(`${d.profile_id}: ${err instanceof Error ? err.message : String(err)}`);
      return 0;
    });
  }
  if (failed.length) throw new Error(`${failed.length} ${failed.length === 1 ? 'resumo falhou' : 'resumos falharam'} (${failed.slice(0, 5).join('; ')})`);
  return queued;
}
