import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEETING_MSG } from '../src/shared/meetings.js';
import { localDateString } from '../src/server/recurring/schedule.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser, untilServiceWorkerControls } from './harness.js';

// Meeting night on a phone (360 px): create a meeting, call the roll of a unit with inspection
// criteria, see the unit ranking move; then the same roll call with no connection, sent once when
// the connection returns.
const e2e = useServerAndBrowser({ offline: true });
let page: Page;
let clubId: string;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return e2e.server.db.query<T>(text, params);
}

async function addKid(name: string, unitId: string): Promise<void> {
  const [p] = await sql<{ id: string }>('INSERT INTO profiles (full_name) VALUES ($1) RETURNING id', [name]);
  await sql('INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3)', [clubId, p.id, unitId]);
}

async function openMenuLink(name: string): Promise<void> {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('navigation', { name: 'Menu do clube' }).getByRole('link', { name }).click();
}

const row = (name: string) => page.getByTestId('roll-row').filter({ hasText: name });
const mark = (name: string, status: string) => page.getByRole('group', { name: `Situação de ${name}` }).getByRole('button', { name: status, exact: true }).click();

beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
  const { clubName } = await registerAndCreateClub(page, { clubName: 'Clube da Chamada' });
  [{ id: clubId }] = await sql<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
  const [aguias] = await sql<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Águias', '#0ea5e9') RETURNING id`, [clubId]);
  const [leoes] = await sql<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Leões', '#f59e0b') RETURNING id`, [clubId]);
  for (const name of ['Ana Souza', 'Bruno Lima', 'Carla Dias']) await addKid(name, aguias.id);
  await addKid('Davi Rocha', leoes.id);
});

/** Today as the meeting list shows it (dd/mm, the club's São Paulo time zone): a new meeting defaults to today. */
function todayInClub(): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit' }).format(new Date());
}

describe('meeting night at 360 px', () => {
  it('creates a meeting, calls the roll of a unit with criteria, and the unit ranking moves by those points', async () => {
    await openMenuLink('Reuniões');
    await page.getByText('Nenhuma reunião cadastrada ainda.').waitFor();
    await page.getByRole('button', { name: 'Nova Reunião' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Reunião' });
    // The date reads dd/mm/aaaa, today (in the browser's São Paulo time zone) by default.
    expect(await dialog.getByLabel('Data').inputValue()).toBe(localDateString(new Date(), 'America/Sao_Paulo').split('-').reverse().join('/'));
    expect(await dialog.getByLabel('Horário').inputValue()).toBe('15:00');
    await dialog.getByLabel('Título').fill('Reunião de sábado');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await page.getByText(MEETING_MSG.created).first().waitFor();
    await screenshot(page, 'meetings-01-list');

    await page.getByRole('link', { name: 'Fazer chamada' }).click();
    await page.getByRole('heading', { name: 'Chamada: Reunião de sábado' }).waitFor();
    await page.getByLabel('Unidade').selectOption({ label: 'Águias' });
    await mark('Ana Souza', 'Presente');
    // Presente ticks Presença and Pontualidade; Uniforme by hand.
    expect(await page.getByRole('checkbox', { name: 'Pontualidade (5) de Ana Souza' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Uniforme (5) de Ana Souza' }).check();
    await mark('Bruno Lima', 'Atrasado');
    expect(await page.getByRole('checkbox', { name: 'Pontualidade (5) de Bruno Lima' }).isChecked()).toBe(false);
    await mark('Carla Dias', 'Falta');
    expect(await page.getByRole('checkbox', { name: 'Uniforme (5) de Carla Dias' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('unit-total').textContent()).toBe('30');
    expect(await row('Ana Souza').textContent()).toContain('20 pts');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoA11yViolations(page, 'roll call');
    await screenshot(page, 'meetings-02-roll-call');
    await page.getByRole('button', { name: 'Salvar chamada' }).click();
    await page.getByText(MEETING_MSG.saved).first().waitFor();

    const events = await sql<{ n: number; total: number }>(`SELECT count(*)::int AS n, sum(points)::int AS total FROM point_events WHERE source = 'meeting'`);
    expect(events[0]).toEqual({ n: 4, total: 30 });

    await page.goto('/dashboard/ranking');
    await page.getByRole('button', { name: 'Unidades' }).click();
    const card = page.getByRole('list', { name: 'Ranking de unidades' }).getByRole('listitem').filter({ hasText: 'Águias' });
    await card.waitFor();
    expect(await card.textContent()).toContain('30');
    await screenshot(page, 'meetings-03-unit-ranking');
  });

  it('the same roll call done offline is queued, shown as pending, and arrives once when back online', async () => {
    const [meeting] = await sql<{ id: string }>(
      `INSERT INTO meetings (club_id, date, start_time, starts_at, title) VALUES ($1, current_date, '19:00', now(), 'Reunião sem sinal') RETURNING id`, [clubId]);
    await page.goto(`/dashboard/reunioes/${meeting.id}/chamada`);
    await page.getByRole('heading', { name: 'Chamada: Reunião sem sinal' }).waitFor();
    await page.getByLabel('Unidade').selectOption({ label: 'Águias' });

    await page.context().setOffline(true);
    await page.getByText('Sem conexão.', { exact: true }).waitFor();
    await mark('Ana Souza', 'Presente');
    await page.getByRole('checkbox', { name: 'Bíblia (3) de Ana Souza' }).check();
    await mark('Bruno Lima', 'Justificada');
    expect(await page.getByTestId('unit-total').textContent()).toBe('18');
    await page.getByRole('button', { name: 'Salvar chamada' }).click();
    await page.getByText(MEETING_MSG.queued).first().waitFor();
    await page.getByTestId('pending-roll-call').waitFor();
    expect(await page.getByTestId('pending-roll-call').textContent()).toContain('pendente de envio');
    await screenshot(page, 'meetings-04-offline-pending');
    expect(await sql('SELECT 1 FROM meeting_attendance WHERE meeting_id = $1', [meeting.id])).toHaveLength(0);

    await page.context().setOffline(false);
    await page.getByTestId('pending-roll-call').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(async () => (await sql('SELECT 1 FROM meeting_attendance WHERE meeting_id = $1', [meeting.id])).length).toBe(2);
    // Arrived once: another reconnection does not write again.
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await page.waitForTimeout(1000);
    const ledger = await sql<{ n: number; total: number }>('SELECT count(*)::int AS n, sum(points)::int AS total FROM point_events WHERE meeting_id = $1', [meeting.id]);
    expect(ledger[0]).toEqual({ n: 3, total: 18 });
    await screenshot(page, 'meetings-05-back-online');
  });

  it('a roll call opened before reopens after a reload with no connection (service worker + IndexedDB)', async () => {
    const [meeting] = await sql<{ id: string }>(
      `INSERT INTO meetings (club_id, date, start_time, starts_at, title) VALUES ($1, current_date, '20:00', now(), 'Reunião no acampamento') RETURNING id`, [clubId]);
    await page.goto(`/dashboard/reunioes/${meeting.id}/chamada`);
    await page.getByRole('heading', { name: 'Chamada: Reunião no acampamento' }).waitFor();
    // The installed service worker controls the page (the app is installable: manifest + worker).
    await untilServiceWorkerControls(page);
    expect(await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json())).toMatchObject({ short_name: 'Trilha', lang: 'pt-BR' });
    await page.getByRole('heading', { name: 'Chamada: Reunião no acampamento' }).waitFor();

    await page.context().setOffline(true);
    await page.reload();
    // Offline reads go to the device's copy at once (lib/api.ts, lib/kept-answers.ts, vite.config.ts): the
    // heading shows about 0.6–0.8 s after the reload on a loaded 2-core machine (issue 45).
    await page.getByRole('heading', { name: 'Chamada: Reunião no acampamento' }).waitFor({ timeout: 10_000 });
    await page.getByLabel('Unidade').selectOption({ label: 'Águias' });
    await mark('Carla Dias', 'Presente');
    await page.getByRole('button', { name: 'Salvar chamada' }).click();
    await page.getByTestId('pending-roll-call').waitFor();
    await screenshot(page, 'meetings-06-offline-reload');
    await page.context().setOffline(false);
    await page.getByTestId('pending-roll-call').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(async () => (await sql<{ total: number }>('SELECT coalesce(sum(points), 0)::int AS total FROM point_events WHERE meeting_id = $1', [meeting.id]))[0].total).toBe(15);
  });

  it('report highlights three absences in a row; criteria are edited; the dashboard shows the next meeting', async () => {
    const [carla] = await sql<{ id: string }>(`SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE p.full_name = 'Carla Dias'`);
    for (const daysAgo of [7, 14, 21]) {
      const [m] = await sql<{ id: string }>(
        `INSERT INTO meetings (club_id, date, start_time, starts_at, title) VALUES ($1, current_date - $2::int, '15:00', now() - make_interval(days => $2::int), 'Reunião passada') RETURNING id`, [clubId, daysAgo]);
      await sql(`INSERT INTO meeting_attendance (club_id, meeting_id, member_id, status) VALUES ($1, $2, $3, 'absent')`, [clubId, m.id, carla.id]);
    }
    await page.goto('/dashboard/reunioes/relatorio');
    await page.getByRole('heading', { name: 'Presença nas Reuniões' }).waitFor();
    const carlaRow = page.getByRole('row').filter({ hasText: 'Carla Dias' });
    await carlaRow.waitFor();
    expect(await carlaRow.getAttribute('data-alert')).toBe('true');
    expect(await page.getByRole('row').filter({ hasText: 'Ana Souza' }).getAttribute('data-alert')).toBeNull();
    await page.getByRole('list', { name: 'Presença por semana' }).waitFor();
    expect(await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toMatch(/report\.csv\?from=\d{4}-\d{2}-\d{2}&to=/);
    expect(await page.getByLabel('De', { exact: true }).inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await page.getByLabel('Até', { exact: true }).inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await expectNoA11yViolations(page, 'attendance report');
    await screenshot(page, 'meetings-07-report');

    await page.goto('/dashboard/reunioes/criterios');
    await page.getByRole('heading', { name: 'Critérios de Inspeção' }).waitFor();
    const uniforme = page.getByRole('group', { name: 'Critério Uniforme' });
    await uniforme.getByLabel('Pontos').fill('6');
    await uniforme.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Critério atualizado!').first().waitFor();
    expect((await sql<{ points: number }>(`SELECT points FROM meeting_criteria WHERE club_id = $1 AND name = 'Uniforme'`, [clubId]))[0].points).toBe(6);
    await expectNoA11yViolations(page, 'criteria');
    await screenshot(page, 'meetings-08-criteria');

    await page.goto('/dashboard');
    await page.getByText('Próxima reunião').waitFor();
    await screenshot(page, 'meetings-09-dashboard');

    // "Todo sábado às 15h": the next Saturdays appear once; the rule can be ended.
    await page.goto('/dashboard/reunioes');
    await page.getByRole('button', { name: 'Recorrentes' }).click();
    const rules = page.getByRole('dialog', { name: 'Reuniões Recorrentes' });
    await rules.getByLabel('Título').fill('Reunião de sábado à tarde');
    await rules.getByRole('button', { name: 'Criar' }).click();
    await page.getByText(/Reuniões recorrentes criadas!/).first().waitFor();
    const saturdays = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM meetings WHERE club_id = $1 AND rule_id IS NOT NULL AND extract(dow FROM date) = 6`, [clubId]);
    expect(saturdays[0].n).toBeGreaterThanOrEqual(4);
    await page.getByRole('listitem').filter({ hasText: 'Reunião de sábado à tarde' }).first().waitFor();
    await page.getByRole('button', { name: 'Recorrentes' }).click();
    await rules.getByRole('region', { name: 'Regras ativas' }).getByRole('button', { name: 'Encerrar' }).click();
    await page.getByText(/Regra encerrada/).first().waitFor();
    await expectNoA11yViolations(page, 'meetings list');
    await screenshot(page, 'meetings-10-list-with-rule');
  });

  it('a counsellor finds Reuniões in the menu and calls the roll of their own unit only', async () => {
    const phone = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    const acc = await signUp(phone, { name: 'Conselheiro Rui' });
    const [profile] = await sql<{ id: string }>('SELECT id FROM profiles WHERE email = $1', [acc.email]);
    const [leoes] = await sql<{ id: string }>(`SELECT id FROM units WHERE club_id = $1 AND name = 'Leões'`, [clubId]);
    await sql(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, 'Conselheiro(a)', $3)`, [clubId, profile.id, leoes.id]);
    await phone.reload();
    await phone.getByRole('button', { name: 'Abrir menu' }).click();
    await phone.getByRole('navigation', { name: 'Menu do clube' }).getByRole('link', { name: 'Reuniões' }).click();
    await phone.getByRole('heading', { name: 'Reuniões' }).waitFor();
    expect(await phone.getByRole('button', { name: 'Nova Reunião' }).count()).toBe(0);
    await phone.getByRole('listitem').filter({ hasText: 'Reunião de sábado' }).filter({ hasText: todayInClub() }).first().getByRole('link', { name: 'Fazer chamada' }).click();
    await phone.getByRole('heading', { name: /^Chamada:/ }).waitFor();
    expect(await phone.getByLabel('Unidade').locator('option').allTextContents()).toEqual(['Leões']);
    const rows = (await phone.getByTestId('roll-row').allTextContents()).join(' ');
    expect(rows).toContain('Davi Rocha');
    expect(rows).not.toContain('Ana Souza');
    await expectNoA11yViolations(phone, 'counsellor roll call');
    await screenshot(phone, 'meetings-11-counsellor');

    // This fresh phone loses the connection and reopens the app: the session read fails, which is not
    // a sign-out. The roll call opens from what the phone kept, and its save goes when the
    // connection returns, on whatever screen is open then.
    await untilServiceWorkerControls(phone);
    const meetingUrl = phone.url();
    await phone.context().setOffline(true);
    await phone.reload();
    // The browser knows it is offline: every read answers from the device at once, none waits out the
    // service worker's 5 s network timeout (vite.config.ts).
    await phone.getByRole('heading', { name: /^Chamada:/ }).waitFor({ timeout: 10_000 });
    expect(phone.url()).toBe(meetingUrl);
    await phone.getByText('Sem conexão.', { exact: true }).waitFor();
    await phone.getByRole('group', { name: 'Situação de Davi Rocha' }).getByRole('button', { name: 'Presente', exact: true }).click();
    await phone.getByRole('button', { name: 'Salvar chamada' }).click();
    await phone.getByTestId('pending-roll-call').waitFor();
    await screenshot(phone, 'meetings-12-offline-fresh-reload');
    await phone.getByRole('link', { name: 'Reuniões', exact: true }).click();
    await phone.getByRole('heading', { name: 'Reuniões' }).waitFor();
    const davi = `SELECT 1 FROM meeting_attendance a JOIN club_members cm ON cm.id = a.member_id JOIN profiles p ON p.id = cm.profile_id
                  WHERE p.full_name = 'Davi Rocha' AND a.marked_by = $1`;
    expect(await sql(davi, [profile.id])).toHaveLength(0);
    await phone.context().setOffline(false);
    await expect.poll(async () => (await sql(davi, [profile.id])).length, { timeout: 15_000 }).toBe(1);
    await phone.getByText('Sem conexão.', { exact: true }).waitFor({ state: 'detached' });
    await phone.context().close();
  });
});
