import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPushReceiver } from '../test/push-receiver.js';
import { daytimeZone } from '../test/daytime.js';
import { expectNoA11yViolations, mailIn, newPage, registerAndCreateClub, signUp, screenshot, type Account, useServerAndBrowser } from './harness.js';

// Issue 36 end to end: a director approves, the kid's bell shows it; the kid's phone (push allowed by a
// guardian with consent) gets the push from a local push service; the guardian's daily digest leaves
// with an unsubscribe link that works without logging in (after a click: opening it changes nothing); the
// guardian's /familia has a bell, follows the data while open and shows the quiet hours (issue 43).
// Screenshots: e2e/screenshots/avisos-*.png.

const e2e = useServerAndBrowser();
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let director: Page;
let kid: Page;
let guardian: Account;
let clubId: string;
let kidProfileId: string;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => e2e.server.db.query<T>(text, params);

beforeAll(async () => {
  receiver = await startPushReceiver();
  director = await newPage(e2e.browser, e2e.server.baseUrl);
  await registerAndCreateClub(director, { account: { name: 'Diretora Helena' }, clubName: 'Clube dos Avisos' });
  [{ id: clubId }] = await sql<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube dos Avisos'`);
  // The push must leave at once: outside the club's quiet hours (22h–7h) whenever the suite runs.
  await sql(`UPDATE clubs SET timezone = $2 WHERE id = $1`, [clubId, daytimeZone()]);

  kid = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
  // The kid's clock can be moved to the bell's next read.
  await kid.clock.install();
  const kidAcc = await signUp(kid, { name: 'Lucas Lima' });
  [{ id: kidProfileId }] = await sql<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [kidAcc.email]);
  const [member] = await sql<{ id: string }>(
    `INSERT INTO club_members (club_id, profile_id, role, birth_date) VALUES ($1, $2, 'member', '2013-04-01') RETURNING id`, [clubId, kidProfileId]);

  // The guardian accepted with consent and allowed push on the child's phone (as /familia does).
  const guardianPage = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
  guardian = await signUp(guardianPage, { name: 'Rita Lima' });
  await guardianPage.context().close();
  const [{ id: guardianProfileId }] = await sql<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [guardian.email]);
  const [link] = await sql<{ id: string }>(`INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship, profile_id, accepted_at, child_push_allowed)
    VALUES ($1, $2, 'Rita Lima', $3, 'Mãe', $4, now(), true) RETURNING id`, [clubId, member.id, guardian.email, guardianProfileId]);
  const [text] = await sql<{ id: string; version: number }>(`SELECT id, version FROM consent_texts WHERE club_id = $1 ORDER BY version DESC LIMIT 1`, [clubId]);
  await sql(`INSERT INTO member_consents (club_id, member_id, guardian_id, guardian_profile_id, consent_text_id, version) VALUES ($1, $2, $3, $4, $5, $6)`,
    [clubId, member.id, link.id, guardianProfileId, text.id, text.version]);
  // The guardian chose a daily digest for what concerns the child.
  await sql(`INSERT INTO notification_preferences (profile_id, category, push, email) VALUES ($1, 'family', false, 'daily')`, [guardianProfileId]);

  // A photo task waiting for approval.
  const [task] = await sql<{ id: string }>(`INSERT INTO tasks (club_id, title, type, points) VALUES ($1, 'Foto do acampamento', 'submission', 20) RETURNING id`, [clubId]);
  const [assignment] = await sql<{ id: string }>(`INSERT INTO assigned_tasks (club_id, task_id, profile_id) VALUES ($1, $2, $3) RETURNING id`, [clubId, task.id, kidProfileId]);
  await sql(`INSERT INTO task_submissions (club_id, assignment_id, task_id, profile_id, evidence_key, evidence_name, evidence_mime, evidence_size, comment)
    VALUES ($1, $2, $3, $4, 'sem-arquivo', 'barraca.png', 'image/png', 10, 'Montamos a barraca!')`, [clubId, assignment.id, task.id, kidProfileId]);
});
afterAll(async () => {
  await receiver?.close();
});

describe('avisos: bell, push and digest', () => {
  it('the kid turns on push on the phone; the director approves; the bell shows it at the next read and the phone gets the push', async () => {
    // The browser's own push service cannot be reached here: the device's subscription is the local
    // receiver's, sent through the same API the 'Notificações neste aparelho' switch calls.
    const status = await kid.evaluate(async (body) => (await fetch('/api/notifications/push/subscriptions', {
      method: 'POST', credentials: 'same-origin', headers: { 'x-trilha-client': 'web', 'content-type': 'application/json' }, body: JSON.stringify(body),
    })).status, receiver.device('kid-phone'));
    expect(status).toBe(201);
    await kid.goto('/dashboard');
    await kid.getByRole('link', { name: 'Avisos: nenhum novo' }).first().waitFor();

    await director.goto('/dashboard/aprovacoes');
    await director.getByRole('heading', { name: 'Foto do acampamento' }).waitFor();
    await director.getByRole('button', { name: 'Aprovar envio de Lucas Lima' }).click();
    await director.getByText('Nenhum envio aguardando aprovação.').waitFor();

    await kid.clock.fastForward('00:31');
    await kid.getByRole('link', { name: 'Avisos: 1 novo' }).first().waitFor();
    // The home under the bell follows: the 20 points are there, the approved task is no longer next.
    await expect.poll(() => kid.getByRole('main').textContent()).toMatch(/Meus pontos\s*20/);
    await screenshot(kid, 'avisos-01-bell-360');
    await kid.getByRole('link', { name: 'Avisos: 1 novo' }).first().click();
    await kid.waitForURL('**/dashboard/avisos');
    await kid.getByText('Envio aprovado: Foto do acampamento').first().waitFor();
    await expectNoA11yViolations(kid, 'avisos');
    await screenshot(kid, 'avisos-02-list-360');

    await e2e.server.app.notifications.drain();
    await expect.poll(() => receiver.received.filter((r) => r.device === 'kid-phone').map((r) => r.payload.title)).toEqual(['Envio aprovado: Foto do acampamento']);
    const [push] = receiver.received;
    expect(push?.payload).toMatchObject({ link: '/dashboard/minhas-tarefas', club_id: clubId });
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
  });

  it("the guardian's daily digest leaves with a signed unsubscribe link that works without logging in", async () => {
    // A day later the digest is due.
    await sql(`UPDATE notifications SET created_at = created_at - interval '25 hours' WHERE profile_id = (SELECT id FROM profiles WHERE email = $1)`, [guardian.email]);
    expect(await e2e.server.app.notifications.digest()).toBeGreaterThan(0);
    const mail = await mailIn(e2e.server, guardian.email);
    expect(mail.text).toContain('Lucas Lima: envio aprovado (Foto do acampamento)');
    const unsubscribe = new URL(/https?:\/\/\S+\/descadastrar\?t=\S+/.exec(mail.text)?.[0] ?? 'http://sem-link.invalid/');
    expect(unsubscribe.pathname).toBe('/descadastrar');
    const inbox = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await inbox.setContent(`<pre style="white-space:pre-wrap;font-family:sans-serif;padding:8px">${mail.text.replace(/</g, '&lt;')}</pre>`);
    await screenshot(inbox, 'avisos-03-digest-email-360');
    await inbox.context().close();

    const familyEmail = async () => (await sql<{ email: string }>(
      `SELECT np.email FROM notification_preferences np JOIN profiles p ON p.id = np.profile_id WHERE p.email = $1 AND np.category = 'family'`, [guardian.email]))[0]?.email;
    const stranger = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    // Opening the link (as a mail scanner does) changes nothing: the page asks first.
    await stranger.goto(unsubscribe.pathname + unsubscribe.search);
    await stranger.getByText('Família: presença e autorizações').waitFor();
    await stranger.waitForLoadState('networkidle');
    expect(await familyEmail()).toBe('daily');
    await expectNoA11yViolations(stranger, '/descadastrar');
    await screenshot(stranger, 'avisos-04-unsubscribe-ask-360');
    await stranger.getByRole('button', { name: 'Descadastrar' }).click();
    await stranger.getByRole('status').waitFor();
    await screenshot(stranger, 'avisos-05-unsubscribed-360');
    expect(await familyEmail()).toBe('off');
    // A forged token changes nothing and says so.
    await stranger.goto(`/descadastrar?t=${unsubscribe.searchParams.get('t')?.slice(0, -2)}xx`);
    await stranger.getByRole('button', { name: 'Descadastrar' }).click();
    await stranger.getByRole('alert').waitFor();
    await stranger.context().close();
  });

  it("the guardian's /familia: the bell counts the child's notices, the page follows a new charge while open, Avisos e preferências shows and changes the quiet hours, Sair", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await page.clock.install();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(guardian.email);
    await page.getByLabel('Senha').fill(guardian.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    // A guardian belongs to no club: their home is /familia, not 'Criar clube'.
    await page.waitForURL('**/familia', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Lucas Lima' }).waitFor();
    await page.getByRole('link', { name: 'Avisos: 1 novo' }).waitFor();
    expect(await page.getByRole('link', { name: 'Meus clubes' }).count()).toBe(0);
    await expectNoA11yViolations(page, '/familia');
    await screenshot(page, 'avisos-06-familia-bell-360');

    // The treasurer writes a charge while the page stays open (and focused): it shows at the next read.
    const created = await director.evaluate(async ([club, profileId]) => (await fetch(`/api/clubs/${club}/charges`, {
      method: 'POST', credentials: 'same-origin', headers: { 'x-trilha-client': 'web', 'content-type': 'application/json' },
      body: JSON.stringify({ profile_id: profileId, description: 'Camiseta do clube', amount: '40,00', due_date: '2030-12-10', origin: 'avulsa' }),
    })).status, [clubId, kidProfileId] as const);
    expect(created).toBe(201);
    await page.clock.fastForward('00:31');
    await page.getByText('Camiseta do clube').first().waitFor();
    await page.getByRole('link', { name: 'Avisos: 2 novos' }).waitFor();

    await page.getByRole('link', { name: 'Avisos e preferências' }).click();
    await page.waitForURL('**/familia/avisos');
    await page.getByText('Lucas Lima: envio aprovado (Foto do acampamento)').waitFor();
    const quiet = page.getByTestId('quiet-hours');
    await quiet.getByText('Horário de silêncio: das 22h às 7h').waitFor();
    await quiet.getByRole('combobox').first().selectOption('21');
    await page.getByText('Horário de silêncio salvo.').first().waitFor();
    await quiet.getByText('Horário de silêncio: das 21h às 7h').waitFor();
    const [hours] = await sql<{ quiet_start: number; quiet_end: number }>(
      `SELECT q.quiet_start, q.quiet_end FROM notification_quiet_hours q JOIN profiles p ON p.id = q.profile_id WHERE p.email = $1`, [guardian.email]);
    expect(hours).toEqual({ quiet_start: 21, quiet_end: 7 });
    await expectNoA11yViolations(page, '/familia/avisos');
    await screenshot(page, 'avisos-07-familia-avisos-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'avisos-08-familia-avisos-1280');

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.context().close();
  });
});
