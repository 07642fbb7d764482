import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { call, createClub, signUp, uniqueEmail, NO_LIMITS } from '../../../test/api.js';
import { openTestDb, type TestDb } from '../../../test/db.js';
import { outboxMailer, smtpMailer, type Mailer } from './mailer.js';
import { MAX_ATTEMPTS, enqueueMail, sendDueMail, sweepMail } from './queue.js';

let db: TestDb;
let dir: string;
let smtp: SMTPServer;
let port: number;
const received: ParsedMail[] = [];

beforeAll(async () => {
  db = await openTestDb();
  dir = await mkdtemp(path.join(tmpdir(), 'trilha-mail-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (_auth, _session, cb) => cb(null, { user: 'trilha' }),
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => {
        received.push(m);
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await db.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function appWith(mailer: Mailer, publicUrl: string | null = null): Promise<FastifyInstance> {
  const app = await buildApp({ db, dataDir: dir, limits: NO_LIMITS, mailer, publicUrl });
  await app.ready();
  return app;
}

const lastTo = (to: string) => [...received].reverse().find((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)));

describe('mail over SMTP (real server in-process)', () => {
  it('the recovery e-mail arrives in pt-BR, text and HTML, with the PUBLIC_URL link and MAIL_FROM', async () => {
    const app = await appWith(smtpMailer(`smtp://trilha:segredo@127.0.0.1:${port}`, 'Clube Trilha <contato@trilha.test>'), 'https://trilha.exemplo.org/');
    try {
      const email = uniqueEmail('smtp');
      await signUp(app, { email, name: 'Ana Tesoureira' });
      const res = await call(app, 'POST', '/api/auth/password/forgot', { body: { email } });
      expect(res.statusCode).toBe(200);
      await app.mail.drain();
      const m = lastTo(email);
      expect(m).toBeDefined();
      expect(m?.subject).toBe('Redefinição de senha do Trilha');
      expect(m?.from?.text).toBe('"Clube Trilha" <contato@trilha.test>');
      expect(m?.text).toContain('Olá, Ana Tesoureira!');
      expect(m?.text).toMatch(/https:\/\/trilha\.exemplo\.org\/redefinir-senha\/[A-Za-z0-9_-]{40,}/);
      expect(m?.html).toContain('Redefinir senha');
      const [row] = await db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM mail_queue WHERE to_address = $1`, [email]);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await app.close();
    }
  });

  it('an invitation by e-mail is sent and the copyable link stays in the answer', async () => {
    const app = await appWith(smtpMailer(`smtp://127.0.0.1:${port}`, 'Trilha <nao-responda@trilha.test>'));
    try {
      const admin = await signUp(app, { name: 'Diretora Helena' });
      const club = await createClub(app, admin, 'Clube Convite');
      const to = uniqueEmail('convidado');
      const res = await call(app, 'POST', `/api/clubs/${club.id}/members`, { as: admin, body: { mode: 'email', email: to, role: 'member' } });
      expect(res.statusCode).toBe(201);
      const { invitation } = res.json();
      expect(invitation.path).toMatch(/^\/convite\//);
      await app.mail.drain();
      const m = lastTo(to);
      expect(m?.subject).toBe('Convite: Clube Convite no Trilha');
      expect(m?.text).toMatch(new RegExp(`http://localhost(:\\d+)?${invitation.path}`));
      // Who invited, for which function, until when; never 'o clube Clube …'.
      expect(m?.text).toContain('Diretora Helena convidou você para participar de Clube Convite no Trilha, como Desbravador(a) / Membro.');
      expect(m?.text).toMatch(/vale até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
      expect(m?.text).not.toMatch(/o clube Clube/);
    } finally {
      await app.close();
    }
  });
});

describe('queue', () => {
  it('a failing send never breaks the request; it is retried with backoff, then shown as failed to the super admin', async () => {
    let calls = 0;
    const broken: Mailer = { kind: 'smtp', send: async () => { calls++; throw new Error('ECONNREFUSED 127.0.0.1:2525'); }, close: () => {} };
    const app = await appWith(broken);
    try {
      const admin = await signUp(app, { name: 'Super' });
      await db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE id = $1`, [admin.profile.id]);
      const email = uniqueEmail('broken');
      await signUp(app, { email });
      const res = await call(app, 'POST', '/api/auth/password/forgot', { body: { email } });
      expect(res.statusCode).toBe(200);
      await app.mail.drain();
      const [first] = await db.query<{ status: string; attempts: number; last_error: string; wait: number }>(
        `SELECT status, attempts, last_error, extract(epoch FROM next_attempt_at - now())::float AS wait FROM mail_queue WHERE to_address = $1`, [email]);
      expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: 'ECONNREFUSED 127.0.0.1:2525' });
      expect(first.wait).toBeGreaterThan(20);
      expect(first.wait).toBeLessThanOrEqual(30);
      for (let i = 2; i <= MAX_ATTEMPTS; i++) {
        await db.query(`UPDATE mail_queue SET next_attempt_at = now() WHERE to_address = $1`, [email]);
        await sendDueMail(db, broken);
      }
      const [last] = await db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM mail_queue WHERE to_address = $1`, [email]);
      expect(last).toEqual({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(calls).toBe(MAX_ATTEMPTS);
      {
        const list = await call(app, 'GET', '/api/admin/outbox', { as: admin });
        expect(list.statusCode).toBe(200);
        const row = list.json().messages.find((m: { to_address: string }) => m.to_address === email);
        expect(row).toMatchObject({ status: 'failed', last_error: 'ECONNREFUSED 127.0.0.1:2525' });
        const someone = await signUp(app);
        expect((await call(app, 'GET', '/api/admin/outbox', { as: someone })).statusCode).toBe(403);
        expect((await call(app, 'POST', `/api/admin/outbox/${row.id}/retry`, { as: admin })).statusCode).toBe(200);
        const [again] = await db.query<{ status: string }>(`SELECT status FROM mail_queue WHERE id = $1`, [row.id]);
        expect(['pending', 'sending']).toContain(again.status);
      }
    } finally {
      await app.close();
    }
  });

  it('enqueueMail inside a rolled-back transaction sends nothing', async () => {
    const to = uniqueEmail('rollback');
    await expect(db.transaction(async (tx) => {
      await enqueueMail(tx, { to, subject: 'Teste', text: 'Olá' });
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    expect(await db.query(`SELECT 1 FROM mail_queue WHERE to_address = $1`, [to])).toHaveLength(0);
  });

  it('without SMTP every message becomes an RFC 5322 .eml file in DATA_DIR/outbox, readable by the super admin', async () => {
    const outbox = path.join(dir, 'outbox');
    const app = await appWith(outboxMailer(outbox, 'Trilha <nao-responda@trilha.local>'));
    try {
      const sa = await db.query<{ email: string }>(`SELECT email FROM profiles WHERE user_type = 'super_admin' LIMIT 1`);
      const admin = await call(app, 'POST', '/api/auth/login', { body: { email: sa[0].email, password: 'segredo123' } });
      const cookie = `trilha_session=${admin.cookies.find((c) => c.name === 'trilha_session')?.value}`;
      const to = uniqueEmail('arquivo');
      await signUp(app, { email: to, name: 'João' });
      await call(app, 'POST', '/api/auth/password/forgot', { body: { email: to } });
      await app.mail.drain();
      const [row] = await db.query<{ id: string; message_file: string }>(`SELECT id, message_file FROM mail_queue WHERE to_address = $1`, [to]);
      expect(row.message_file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f-]{36}\.eml$/);
      expect(await readdir(outbox)).toContain(row.message_file);
      const parsed = await simpleParser(await readFile(path.join(outbox, row.message_file)));
      expect(parsed.subject).toBe('Redefinição de senha do Trilha');
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe(to);
      expect(parsed.text).toContain('Olá, João!');
      const one = await call(app, 'GET', `/api/admin/outbox/${row.id}`, { as: { cookie, profile: { id: '', full_name: '', email: null, user_type: 'super_admin' } } });
      expect(one.statusCode).toBe(200);
      expect(one.json().eml).toContain('Subject: =?UTF-8?');
      expect((await call(app, 'GET', '/api/admin/outbox/not-a-uuid', { as: { cookie, profile: { id: '', full_name: '', email: null, user_type: 'super_admin' } } })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('old sent messages and their .eml files are swept; pending ones stay', async () => {
    const outbox = path.join(dir, 'outbox-sweep');
    const mailer = outboxMailer(outbox, 'Trilha <a@b.c>');
    const oldTo = uniqueEmail('velho');
    const newTo = uniqueEmail('novo');
    await enqueueMail(db, { to: oldTo, subject: 'Velho', text: 'x' });
    while ((await sendDueMail(db, mailer)) > 0) { /* drain */ }
    const [sent] = await db.query<{ message_file: string }>(`SELECT message_file FROM mail_queue WHERE to_address = $1`, [oldTo]);
    expect(await readdir(outbox)).toContain(sent.message_file);
    await db.query(`UPDATE mail_queue SET created_at = now() - interval '91 days' WHERE to_address = $1`, [oldTo]);
    await enqueueMail(db, { to: newTo, subject: 'Novo', text: 'x' });
    await db.query(`UPDATE mail_queue SET created_at = now() - interval '91 days', next_attempt_at = now() + interval '1 hour' WHERE to_address = $1`, [newTo]);
    expect(await sweepMail(db, outbox)).toBe(1);
    expect(await readdir(outbox)).not.toContain(sent.message_file);
    expect(await db.query(`SELECT 1 FROM mail_queue WHERE to_address = $1`, [oldTo])).toHaveLength(0);
    expect(await db.query(`SELECT 1 FROM mail_queue WHERE to_address = $1`, [newTo])).toHaveLength(1);
  });
});
