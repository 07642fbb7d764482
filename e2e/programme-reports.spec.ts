import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BADGE_MSG } from '../src/shared/badges.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let page: Page;
let clubId: string;
beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl);
  await registerAndCreateClub(page, { clubName: 'Clube dos Relatórios' });
  [{ id: clubId }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube dos Relatórios'`);
});

const api = async (method: 'POST' | 'PUT', path: string, payload: object) => {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await e2e.server.app.inject({ method, url: `/api/clubs/${clubId}${path}`, headers: { cookie, 'x-trilha-client': 'web' }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

describe('programme badges and reports', () => {
  it('a club badge for a class completed, awarded by the last signature; the reports at 360 px with their CSV', async () => {
    await page.goto(`${e2e.server.baseUrl}/dashboard/badges`);
    await page.getByRole('button', { name: 'Novo badge' }).first().click();
    await page.getByLabel('Nome').fill('Amigo concluído');
    await page.getByLabel('Descrição').fill('Todos os requisitos de Amigo assinados');
    await page.getByLabel('Tipo', { exact: true }).selectOption('auto');
    await page.getByLabel('Tipo de critério').selectOption('class_completed');
    await page.getByRole('button', { name: 'Criar badge' }).click();
    await page.getByText(BADGE_MSG.classRequired).waitFor();
    await page.getByLabel('Classe', { exact: true }).selectOption('AMIGO');
    await screenshot(page, 'programme-badge-form');
    await page.getByRole('button', { name: 'Criar badge' }).click();
    await page.getByText('Critério: Classe concluída: Amigo').waitFor();

    const reqs = [];
    for (const text of ['Ter no mínimo 10 anos', 'Memorizar o voto e a lei']) reqs.push(await api('POST', '/programme/items/AMIGO/requirements', { section_code: 'G', text }));
    const kids: string[] = [];
    for (const name of ['Lia Souza', 'Théo Lima']) {
      const [kid] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
      const [m] = await e2e.server.db.query<{ id: string }>(`INSERT INTO club_members (club_id, profile_id) VALUES ($1, $2) RETURNING id`, [clubId, kid.id]);
      kids.push(m.id);
      await api('POST', '/programme/enrolments', { member_id: m.id, item_code: 'AMIGO' });
    }
    await api('POST', '/programme/signatures', { requirement_id: reqs[0].id, member_ids: kids });
    await api('POST', '/programme/signatures', { requirement_id: reqs[1].id, member_ids: [kids[0]] });
    const holders = await e2e.server.db.query(`SELECT 1 FROM member_badges mb JOIN badges b ON b.id = mb.badge_id WHERE b.name = 'Amigo concluído'`);
    expect(holders).toHaveLength(1);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${e2e.server.baseUrl}/dashboard/programa`);
    await page.getByRole('tab', { name: 'Relatórios' }).click();
    const table = page.getByRole('table', { name: 'Progresso por classe' });
    await table.getByRole('rowheader', { name: 'Amigo' }).waitFor();
    expect(await table.getByRole('cell', { name: '75%' }).isVisible()).toBe(true);
    // The page itself never scrolls sideways at 360 px (the table scrolls inside its box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoA11yViolations(page, 'programme reports 360');
    await screenshot(page, 'programme-05-relatorios-360');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Baixar CSV' }).click();
    expect((await download).suggestedFilename()).toBe('progresso-por-classe.csv');

    await page.getByLabel('Relatório', { exact: true }).selectOption('members');
    await page.getByRole('table', { name: 'Progresso por membro' }).getByRole('rowheader', { name: 'Théo Lima' }).waitFor();
    await page.getByLabel('Relatório', { exact: true }).selectOption('stale');
    await page.getByLabel('Semanas sem assinatura').fill('0');
    await page.getByText('Informe o número de semanas, de 1 a 104').waitFor();
    await screenshot(page, 'programme-06-relatorio-semanas-360');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
