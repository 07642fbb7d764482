import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, NOTIFICATION_MSG } from '../../shared/notifications.js';
import { addMember, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { sendDueMail } from '../mail/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { notify } from './notify.js';
import { readUnsubscribeToken, unsubscribeToken } from './email.js';
import { pickDigest } from './email-repo.js';
import type { Queryable } from '../db/index.js';

let ctx: TestContext;
let director: Session;
let guardian: Session;
let club: { id: string };
const PUBLIC = 'https://trilha.exemplo.org';

const unsubscribe = (token: string, how: 'body' | 'one-click' = 'body') =>
  how === 'body'
    ? ctx.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token }, headers: { 'x-trilha-client': 'web' } })
    // The mail provider's one-click POST: no session, no client header, a foreign origin.
    : ctx.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?t=${encodeURIComponent(token)}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' } });

/** Quoted-printable and encoded-word text back to UTF-8, as a mail client shows it. */
function decodeQp(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => `%${h}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

/** The .eml files of the notification e-mails sent so far: headers unfolded, body and subject decoded. */
async function outboxMessages(): Promise<string[]> {
  await ctx.app.mail.drain();
  const rows = await ctx.db.query<{ message_file: string }>(`SELECT message_file FROM mail_queue WHERE status = 'sent' AND at_most_once ORDER BY created_at`);
  const raw = await Promise.all(rows.map((r) => readFile(path.join(ctx.app.mail.outboxDir, r.message_file), 'utf8')));
  return raw.map((eml) => {
    const split = eml.indexOf('\n\n');
    const head = eml.slice(0, split).replace(/\n[ \t]+/g, ' ')
      .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) => decodeQp(q.replace(/_/g, ' ')));
    return `${head}\n\n${decodeQp(eml.slice(split + 2))}`;
  });
}

beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: PUBLIC });
  await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora' });
  guardian = await signUp(ctx.app, { name: 'Mãe da Kid' });
  club = await createClub(ctx.app, director, 'E-mails');
});
afterAll(() => ctx.close());

describe(`notification e-mails on ${engineName()}`, () => {
  it('a digest goes once its oldest waiting item is a day old, with every waiting one, links from PUBLIC_URL and List-Unsubscribe', async () => {
    await ctx.db.query(`INSERT INTO notification_preferences (profile_id, category, push, email) VALUES ($1, 'family', false, 'daily')`, [guardian.profile.id]);
    for (const title of ['Três faltas seguidas: Kid', 'Autorização para assinar']) {
      await notify(ctx.db, { clubId: club.id, to: [guardian.profile.id], category: 'family', kind: 'attendance.absences', title, link: '/familia' });
    }
    expect(await ctx.app.notifications.digest()).toBe(0);
    await ctx.db.query(`UPDATE notifications SET created_at = created_at - interval '25 hours' WHERE profile_id = $1`, [guardian.profile.id]);
    expect(await ctx.app.notifications.digest()).toBe(1);
    expect(await ctx.app.notifications.digest()).toBe(0);
    const [mail] = await outboxMessages();
    expect(mail).toContain(`To: ${guardian.profile.email}`);
    expect(mail).toMatch(/Subject: Trilha: resumo do dia \(2 avisos\)/);
    expect(mail).toContain('[E-mails] Três faltas seguidas: Kid');
    expect(mail).toContain(`Abrir: ${PUBLIC}/familia`);
    const token = unsubscribeToken((await ctx.app.notifications.keys()).unsubscribeSecret, guardian.profile.id, 'family');
    expect(mail).toContain(`List-Unsubscribe: <${PUBLIC}/api/notifications/unsubscribe?t=${token}>`);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).not.toMatch(/http:\/\/localhost/);

    const res = await unsubscribe(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(NOTIFICATION_MSG.unsubscribed(CATEGORY_LABELS.family));
    const [pref] = await ctx.db.query<{ email: string }>(`SELECT email FROM notification_preferences WHERE profile_id = $1 AND category = 'family'`, [guardian.profile.id]);
    expect(pref?.email).toBe('off');
  });

  it('the unsubscribe link cannot be forged, moved to another person or another category; one-click works without login', async () => {
    const secret = (await ctx.app.notifications.keys()).unsubscribeSecret;
    const mine = unsubscribeToken(secret, director.profile.id, 'leadership');
    const [id, , mac] = mine.split('.');
    for (const forged of [`${guardian.profile.id}.leadership.${mac}`, `${id}.security.${mac}`, `${id}.leadership.${'A'.repeat(22)}`, 'lixo', '', `${mine}.x`,
      unsubscribeToken(Buffer.from('outra-chave'), director.profile.id, 'leadership')]) {
      const res = await unsubscribe(forged);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json().error.message).toBe(NOTIFICATION_MSG.unsubscribeInvalid);
    }
    expect((await ctx.db.query(`SELECT 1 FROM notification_preferences WHERE profile_id = $1 AND email = 'off'`, [director.profile.id])).length).toBe(0);
    expect((await unsubscribe(mine, 'one-click')).statusCode).toBe(200);
    expect((await ctx.db.query(`SELECT 1 FROM notification_preferences WHERE profile_id = $1 AND category = 'leadership' AND email = 'off'`, [director.profile.id])).length).toBe(1);
  });

  it('urgent items go at once, one e-mail each; a minor (a member with a guardian) gets nothing by e-mail', async () => {
    const kid = await signUp(ctx.app, { name: 'Kid menor' });
    await addMember(ctx.db, club.id, kid.profile.id);
    const [m] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [club.id, kid.profile.id]);
    await ctx.db.query(`INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship, profile_id, accepted_at) VALUES ($1, $2, 'Mãe', $3, 'Mãe', $4, now())`,
      [club.id, m?.id, guardian.profile.email, guardian.profile.id]);
    const before = (await outboxMessages()).length;
    await notify(ctx.db, { clubId: null, to: [director.profile.id, kid.profile.id], category: 'security', kind: 'security.new_device', title: 'Novo acesso à sua conta', link: '/dashboard/seguranca', urgent: true });
    await ctx.app.notifications.drain();
    const mails = (await outboxMessages()).slice(before);
    expect(mails.length).toBe(1);
    expect(mails[0]).toContain(`To: ${director.profile.email}`);
    expect(mails[0]).toContain('Subject: Trilha: Novo acesso à sua conta');
  });

  it("a person's digest is read through an index on the person, also when the day's notices went daily after the last ANALYZE", async () => {
    // 300 people with 5 waiting notices each; the statistics are taken while they are 'na hora', then they become daily.
    await ctx.db.query(`INSERT INTO profiles (id, full_name, email)
      SELECT gen_random_uuid(), 'Pessoa ' || g, 'pessoa' || g || '@plano.test' FROM generate_series(1, 300) g`);
    await ctx.db.query(`INSERT INTO notifications (club_id, profile_id, category, kind, title, body, link, email_mode)
      SELECT $1, p.id, 'money', 'charge.created', 'Nova cobrança', '', '/dashboard', 'immediate'
        FROM profiles p, generate_series(1, 5) WHERE p.email LIKE '%@plano.test'`, [club.id]);
    await ctx.db.exec('ANALYZE notifications');
    await ctx.db.query(`UPDATE notifications SET email_mode = 'daily' WHERE email_mode = 'immediate' AND emailed_at IS NULL`);
    let sql = '';
    let params: readonly unknown[] = [];
    const recorder = { query: async (text: string, values: readonly unknown[] = []) => { sql = text; params = values; return []; } } as unknown as Queryable;
    await pickDigest(recorder, guardian.profile.id, 'daily');
    const [plan] = await ctx.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, [...params]);
    const raw = plan?.['QUERY PLAN'];
    const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
    // The scan that finds the person's rows has the person in its index condition, not in a filter over everyone's.
    expect(text).toMatch(/"Index Cond":"[^"]*profile_id = /);
    expect(text).not.toMatch(/"Filter":"[^"]*profile_id = /);
  });

  it('at most once: a notification e-mail whose sender stopped mid-send is not sent again, and shows failed', async () => {
    let calls = 0;
    const mailer: Mailer = { kind: 'outbox', send: async () => { calls += 1; return {}; }, close: () => {} };
    await ctx.db.query(`INSERT INTO mail_queue (to_address, subject, text_body, at_most_once, status, attempts, locked_until)
                        VALUES ('a@teste.com', 'Aviso', 'x', true, 'sending', 1, now() - interval '1 second'),
                               ('b@teste.com', 'Convite', 'x', false, 'sending', 1, now() - interval '1 second')`);
    await sendDueMail(ctx.db, mailer);
    expect(calls).toBe(1); // only the ordinary message is retried
    const [row] = await ctx.db.query<{ status: string; last_error: string }>(`SELECT status, last_error FROM mail_queue WHERE to_address = 'a@teste.com'`);
    expect(row?.status).toBe('failed');
    expect(row?.last_error).toMatch(/não reenviado/);
  });
});

describe('the unsubscribe token', () => {
  const secret = Buffer.alloc(32, 7);
  const profileId = '00000000-0000-4000-8000-000000000001';
  it('reads only the spelling it was issued with: another text of the same bytes is refused', () => {
    const token = unsubscribeToken(secret, profileId, 'family');
    expect(readUnsubscribeToken(secret, token)).toEqual({ profileId, category: 'family' });
    const signature = token.split('.')[2] ?? '';
    // 16 bytes are 22 base64url characters; the last one carries 2 bits, its other 4 are spare.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const i = last.indexOf(signature.at(-1) ?? 'A');
    const sameBytes = `${token.slice(0, -1)}${last[i + 1]}`;
    expect(Buffer.from(sameBytes.split('.')[2] ?? '', 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(readUnsubscribeToken(secret, sameBytes)).toBeNull();
    expect(readUnsubscribeToken(secret, `${token}=`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${token.slice(0, -2)}xx`)).toBeNull();
  });
});
