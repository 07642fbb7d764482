import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PROGRAMME_MSG } from '../src/shared/programme.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let page: Page;
beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl);
  await registerAndCreateClub(page, { clubName: 'Clube do Programa' });
});

describe('classes and especialidades', () => {
  it('the director types Amigo\'s requisitos, enrols a kid, signs in the grid at 360 px, the cartão fills up and the investidura is recorded', async () => {
    const [club] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube do Programa'`);
    for (const name of ['Lia Souza', 'Théo Lima']) {
      const [kid] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
      await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, birth_date) VALUES ($1, $2, current_date - interval '10 years 3 months')`, [club.id, kid.id]);
    }
    await page.getByRole('link', { name: 'Classes' }).click();
    await page.getByRole('tab', { name: 'Requisitos' }).click();
    for (const text of ['Ter no mínimo 10 anos', 'Memorizar o voto e a lei']) {
      await page.getByLabel('Texto do requisito').last().fill(text);
      await page.getByRole('button', { name: 'Adicionar requisito' }).click();
      await page.locator('ol').getByText(text, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Adicionar requisito' }).click();
    await page.getByText(PROGRAMME_MSG.textRequired).waitFor();
    await expectNoA11yViolations(page, 'programme requirements');
    await screenshot(page, 'programme-01-requisitos');

    await page.getByRole('tab', { name: 'Inscrições' }).click();
    await page.getByLabel('Classe ou especialidade').selectOption('AMIGO');
    // Both are ten: Amigo is their suggestion, and one request enrols them.
    await page.getByRole('button', { name: 'Marcar os sugeridos para Amigo (2)' }).click();
    await page.getByRole('button', { name: 'Inscrever 2 em Amigo' }).click();
    await page.getByText(`${PROGRAMME_MSG.enrolled(2)} (Amigo)`).waitFor();

    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('tab', { name: 'Grade' }).click();
    await page.getByLabel('Classe ou especialidade da grade').selectOption('AMIGO');
    await page.getByRole('button', { name: 'Lia Souza, requisito 1: não assinado' }).click();
    await page.getByRole('button', { name: 'Lia Souza, requisito 1: assinado' }).waitFor();
    await page.getByRole('button', { name: /^Requisito 2:/ }).click();
    await page.getByRole('button', { name: 'Assinar para todos os presentes' }).click();
    // No roll call today: it names everyone it will sign, and asks.
    await page.getByRole('dialog').getByText('ainda não houve chamada hoje', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Assinar para 2' }).click();
    await page.getByText('2 assinaturas registradas.').waitFor();
    await page.getByRole('button', { name: 'Théo Lima, requisito 2: assinado' }).waitFor();
    await expectNoA11yViolations(page, 'programme grid 360');
    await screenshot(page, 'programme-02-grade-360');

    await page.getByRole('tab', { name: 'Prontos' }).click();
    await page.getByRole('link', { name: 'Lia Souza' }).click();
    await page.getByRole('heading', { name: 'Cartão de Lia Souza' }).waitFor();
    await page.getByText('Pronto para investidura').waitFor();
    expect(await page.getByText('2 de 2 requisitos assinados').isVisible()).toBe(true);
    await screenshot(page, 'programme-03-cartao');

    await page.getByRole('link', { name: 'Classes e especialidades' }).click();
    await page.getByRole('tab', { name: 'Prontos' }).click();
    await page.getByRole('checkbox', { name: 'Investir Lia Souza em Amigo' }).check();
    await page.getByLabel('Local').fill('Igreja Central');
    await page.getByRole('button', { name: 'Registrar investidura' }).click();
    await page.getByRole('region', { name: 'Certificado de Lia Souza' }).getByText('recebeu a investidura na classe').waitFor();
    await expectNoA11yViolations(page, 'investiture certificate');
    await screenshot(page, 'programme-04-certificado');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
