import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EVAL_MSG } from '../src/shared/associacao-evaluation.js';
import { expectCleanConsole, expectNoA11yViolations, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let director: Page;

beforeAll(async () => {
  director = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
  const dir = await registerAndCreateClub(director, { clubName: 'Clube Avaliado' });
  const db = e2e.server.db;
  const [club] = await db.query<{ id: string; year: number }>(
    `SELECT c.id, extract(year FROM now())::int AS year FROM clubs c JOIN club_members cm ON cm.club_id = c.id JOIN profiles p ON p.id = cm.profile_id WHERE p.email = $1`, [dir.email]);
  // The plan of the year signed: one automatic proof already true.
  await db.query(`INSERT INTO club_annual_plans (club_id, year, goals, signed_on) VALUES ($1, $2::int, '', make_date($2::int, 3, 1))`, [club.id, club.year]);
});

describe("the club's evaluation", () => {
  it('the director reaches it from the phone menu, sees the score and each proof, marks an item by hand; 360 and 1280 px', async () => {
    await director.goto('/dashboard');
    await director.getByRole('button', { name: 'Abrir menu' }).click();
    await director.getByRole('navigation', { name: 'Menu do clube' }).getByRole('link', { name: 'Associação' }).click();
    await director.getByRole('navigation', { name: 'Associação' }).getByRole('link', { name: 'Avaliação' }).click();
    await director.getByRole('heading', { name: 'Avaliação do clube' }).waitFor();
    const score = director.getByTestId('evaluation-score');
    expect(await score.textContent()).toBe('300 de 3.100 pontos');
    await director.getByText(/^Planejamento anual assinado: sim \(01\/03\/\d{4}\)$/).waitFor();
    await director.getByText('Atas da diretoria: 0 de 10').waitFor();

    await director.getByRole('button', { name: 'Marcar como feito: Participação no Campori da Associação' }).click();
    await director.getByText(EVAL_MSG.marked).waitFor();
    await director.getByTestId('evaluation-score').getByText('600 de 3.100 pontos').waitFor();
    await director.getByRole('button', { name: 'Desmarcar: Participação no Campori da Associação' }).waitFor();
    expect(await director.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoA11yViolations(director, 'evaluation at 360');
    await screenshot(director, 'associacao-evaluation-01-360');

    await director.setViewportSize({ width: 1280, height: 800 });
    await director.getByRole('heading', { name: 'Avaliação do clube' }).waitFor();
    await screenshot(director, 'associacao-evaluation-02-1280');
    expectCleanConsole(director, 'evaluation');
  });

  it('a bad deadline in the item form is refused in pt-BR beside the field, and nothing is saved', async () => {
    await director.getByRole('button', { name: 'Editar Secretaria: atas da diretoria' }).click();
    const dialog = director.getByRole('dialog', { name: 'Editar item da avaliação' });
    await dialog.getByLabel('Prazo (dd/mm)').fill('31/02');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText(EVAL_MSG.deadline).waitFor();
    await dialog.getByLabel('Prazo (dd/mm)').fill('15/12');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await director.getByText(EVAL_MSG.saved).waitFor();
    await director.getByText('lista do clube', { exact: false }).waitFor();
    await director.getByText('200 pontos · prazo 15/12', { exact: false }).waitFor();
  });
});
