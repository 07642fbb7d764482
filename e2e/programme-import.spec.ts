import { beforeAll, describe, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expectNoA11yViolations, newPage, registerAndCreateClub, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let page: Page;
const shot = async (name: string) => {
  await mkdir('docs/screenshots/programme', { recursive: true });
  await page.screenshot({ path: `docs/screenshots/programme/${name}.png`, fullPage: true });
};
beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl);
  await registerAndCreateClub(page, { clubName: 'Clube Importador' });
});

const CSV = [
  'item;seção;texto;feito em campo;precisa de comprovação',
  'AMIGO;G;Ter no mínimo 10 anos;não;não',
  'AMIGO;DE;Memorizar o voto e a lei;não;não',
  'AMIGO;EN;Fotografar cinco plantas;sim;sim',
].join('\n');

describe('requisitos from a file and the leaders\' queue', () => {
  it('the director imports Amigo from a CSV after a preview, and signs what a kid marked done', async () => {
    await page.getByRole('link', { name: 'Classes' }).click();
    await page.getByRole('tab', { name: 'Requisitos' }).click();
    await page.getByRole('button', { name: 'Importar CSV ou JSON' }).click();
    await page.getByLabel(/Conteúdo do arquivo/).fill(`${CSV}\nAMIGO;XX;=1+1;talvez;não`);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await page.getByText('1 linha com erro', { exact: false }).waitFor();
    await shot('import-preview-errors-1280');
    await page.getByLabel(/Conteúdo do arquivo/).fill(CSV);
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await page.getByText('3 requisitos prontos para importar.').waitFor();
    await expectNoA11yViolations(page, 'requisitos import preview');
    await shot('import-preview-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot('import-preview-360');
    await page.getByRole('button', { name: 'Importar 3 requisitos' }).click();
    await page.getByText('Fotografar cinco plantas').first().waitFor();
    await shot('requisitos-imported-360');

    const [club] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Importador'`);
    const [kid] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Lia Souza') RETURNING id`);
    const [member] = await e2e.server.db.query<{ id: string }>(`INSERT INTO club_members (club_id, profile_id, birth_date) VALUES ($1, $2, current_date - interval '10 years 3 months') RETURNING id`, [club.id, kid.id]);
    const [enrolment] = await e2e.server.db.query<{ id: string }>(`INSERT INTO programme_enrolments (club_id, member_id, item_code, kind) VALUES ($1, $2, 'AMIGO', 'class') RETURNING id`, [club.id, member.id]);
    const [req] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM programme_requirements WHERE club_id = $1 AND text = 'Memorizar o voto e a lei'`, [club.id]);
    await e2e.server.db.query(`INSERT INTO programme_marks (club_id, enrolment_id, requirement_id, note) VALUES ($1, $2, $3, 'Recitei na reunião de sábado')`, [club.id, enrolment.id, req.id]);
    await page.getByRole('tab', { name: 'Para assinar' }).click();
    await page.getByText('Recitei na reunião de sábado', { exact: false }).waitFor();
    await expectNoA11yViolations(page, 'marks queue');
    await shot('queue-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot('queue-1280');
    await page.getByRole('button', { name: /Assinar Memorizar o voto e a lei de Lia Souza/ }).click();
    await page.getByText('Nenhum requisito esperando assinatura.').waitFor();
  });
});
