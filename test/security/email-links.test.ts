import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrlFromEnv } from '../../src/server/config.js';
import { call, createClub, createTestApp, signUp, uniqueEmail, type Session, type TestContext } from '../api.js';
import { engineName } from '../db.js';

/**
 * Issue 31: links in e-mails follow configuration only. A forged Host or X-Forwarded-Host (the proxy is
 * trusted here, the worst case) must never carry a victim's token to the attacker's host.
 */
const FORGED = { host: 'attacker.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
const URL_RE = /https?:\/\/[^\s"'<>]+/g;

/** Every link of every e-mail to `to`, text and HTML. */
async function linksMailedTo(ctx: TestContext, to: string): Promise<string[]> {
  await ctx.app.mail.drain();
  const rows = await ctx.db.query<{ text_body: string; html_body: string | null }>(`SELECT text_body, html_body FROM mail_queue WHERE lower(to_address) = lower($1)`, [to]);
  return rows.flatMap((r) => [...`${r.text_body}\n${r.html_body ?? ''}`.matchAll(URL_RE)].map((m) => m[0]));
}

/** Sends every request that e-mails a link (or answers one to copy) with forged headers; returns the links per route. */
async function forgeEveryLink(ctx: TestContext): Promise<Record<string, string[]>> {
  await signUp(ctx.app, { name: 'Super Admin' });
  const director: Session = await signUp(ctx.app, { name: 'Diretora' });
  const club = await createClub(ctx.app, director, 'Clube Links');
  await call(ctx.app, 'PUT', `/api/clubs/${club.id}/consent-text`, { as: director, body: { body: 'Autorizo o clube a tratar os dados do meu filho.' } });
  const post = (url: string, body: unknown, as: Session | null = director) => call(ctx.app, 'POST', url, { as, body, headers: FORGED });
  const links: Record<string, string[]> = {};

  const victim = uniqueEmail('vitima');
  await signUp(ctx.app, { email: victim });
  expect((await post('/api/auth/password/forgot', { email: victim }, null)).statusCode).toBe(200);
  links['password reset'] = await linksMailedTo(ctx, victim);

  const changer = await signUp(ctx.app);
  const newEmail = uniqueEmail('novo');
  expect((await post('/api/auth/email/change', { new_email: newEmail, current_password: 'segredo123' }, changer)).statusCode).toBe(200);
  links['e-mail change'] = await linksMailedTo(ctx, newEmail);

  const invited = uniqueEmail('convidado');
  expect((await post(`/api/clubs/${club.id}/members`, { mode: 'email', email: invited, role: 'Desbravador(a)' })).statusCode).toBe(201);
  links['member invitation'] = await linksMailedTo(ctx, invited);

  const kidEmail = uniqueEmail('crianca');
  const kid = (await post(`/api/clubs/${club.id}/members`, { mode: 'accountless', full_name: 'Criança', email: kidEmail, role: 'Desbravador(a)' })).json().member;
  expect((await post(`/api/clubs/${club.id}/members/${kid.id}/invitation`, {})).statusCode).toBe(201);
  links['claim invitation'] = await linksMailedTo(ctx, kidEmail);

  expect((await call(ctx.app, 'PUT', `/api/clubs/${club.id}/members/${kid.id}/family`, { as: director, body: { birth_date: '2014-05-10' } })).statusCode).toBe(200);
  const guardianEmail = uniqueEmail('mae');
  const guardian = await post(`/api/clubs/${club.id}/members/${kid.id}/guardians`, { full_name: 'Maria', email: guardianEmail, phone: null, relationship: 'Mãe' });
  expect(guardian.statusCode).toBe(201);
  const renewed = await post(`/api/clubs/${club.id}/members/${kid.id}/guardians/${guardian.json().guardian.id}/link`, {});
  expect(renewed.statusCode).toBe(201);
  const answered = [guardian, renewed].flatMap((r) => [...JSON.stringify(r.json().message).matchAll(URL_RE)].map((m) => m[0]));
  links['guardian invitation'] = [...answered, ...(await linksMailedTo(ctx, guardianEmail))];
  return links;
}

function expectAllAt(links: Record<string, string[]>, base: string): void {
  for (const [route, urls] of Object.entries(links)) {
    expect({ route, some: urls.length > 0 }).toEqual({ route, some: true });
    for (const url of urls) expect({ route, url: url.startsWith(`${base}/`) }).toEqual({ route, url: true });
  }
}

describe(`links in e-mails on ${engineName()}`, () => {
  describe('PUBLIC_URL set', () => {
    let ctx: TestContext;
    beforeAll(async () => { ctx = await createTestApp({ trustProxy: true, publicUrl: 'https://trilha.exemplo.org/' }); });
    afterAll(() => ctx.close());

    it('reset, e-mail change, invitation, claim and guardian links point at PUBLIC_URL whatever Host and X-Forwarded-Host say', async () => {
      const links = await forgeEveryLink(ctx);
      expectAllAt(links, 'https://trilha.exemplo.org');
      expect(JSON.stringify(links)).not.toMatch(/attacker\.example|evil\.example/);
    });
  });

  describe('PUBLIC_URL unset (development)', () => {
    let ctx: TestContext;
    beforeAll(async () => { ctx = await createTestApp({ trustProxy: true }); });
    afterAll(() => ctx.close());

    it('every link points at http://localhost:PORT, never at the forged host', async () => {
      const links = await forgeEveryLink(ctx);
      expectAllAt(links, `http://localhost:${Number(process.env.PORT ?? 3000)}`);
      expect(JSON.stringify(links)).not.toMatch(/attacker\.example|evil\.example/);
    });
  });

  it('the development default follows PORT; PUBLIC_URL wins and loses its trailing slash', () => {
    expect(publicUrlFromEnv({ PORT: '8080' })).toBe('http://localhost:8080');
    expect(publicUrlFromEnv({})).toBe('http://localhost:3000');
    expect(publicUrlFromEnv({ PUBLIC_URL: 'https://clube.org.br/', PORT: '8080' })).toBe('https://clube.org.br');
  });
});
