import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ASSOC_MSG, POST_MSG } from '../src/shared/associacao.js';
import { expectCleanConsole, expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let director: Page;
let secretary: Page;
let clubId: string;

/** Two kids in a unit and a class, with none of the SGC's own fields; the two adults already complete. */
async function seedClub(directorEmail: string, secretaryEmail: string) {
  const db = e2e.server.db;
  const [club] = await db.query<{ id: string }>(`SELECT c.id FROM clubs c JOIN club_members cm ON cm.club_id = c.id JOIN profiles p ON p.id = cm.profile_id WHERE p.email = $1`, [directorEmail]);
  clubId = club.id;
  const [sec] = await db.query<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [secretaryEmail]);
  await db.query(`INSERT INTO club_members (club_id, profile_id, role, birth_date) VALUES ($1, $2, 'secretary', '1990-04-04')`, [clubId, sec.id]);
  await db.query(`UPDATE club_members SET birth_date = '1985-05-05' WHERE club_id = $1 AND role = 'admin'`, [clubId]);
  const [unit] = await db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Gaivotas') RETURNING id`, [clubId]);
  for (const name of ['Ana Clara Souza', 'Bruno Lima']) {
    const [p] = await db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
    const [m] = await db.query<{ id: string }>(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3) RETURNING id`, [clubId, p.id, unit.id]);
    await db.query(`INSERT INTO programme_enrolments (club_id, member_id, item_code, kind) VALUES ($1, $2, 'AMIGO', 'class')`, [clubId, m.id]);
  }
  await db.query(
    `INSERT INTO sgc_member_records (member_id, club_id, sex, cpf, rg, address, phone)
     SELECT cm.id, cm.club_id, 'F', '52998224725', '11.222.333-4', 'Rua A, 1 — Campinas/SP', '19988887777' FROM club_members cm WHERE cm.club_id = $1 AND cm.role <> 'member'`,
    [clubId],
  );
}

async function fillKid(page: Page, name: string, fields: { birth: string; sex: string; cpf: string }) {
  await page.getByRole('button', { name: `Preencher SGC de ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Dados do SGC — ${name}` });
  await dialog.getByText('Faltando: Data de nascimento, Sexo, CPF').waitFor();
  await dialog.getByLabel('Data de nascimento').fill(fields.birth);
  await dialog.getByLabel('Sexo').selectOption(fields.sex);
  await dialog.getByLabel('CPF', { exact: true }).fill(fields.cpf);
  await dialog.getByLabel('CPF de').selectOption('guardian');
  await dialog.getByLabel('RG').fill('55.666.777-8');
  await dialog.getByLabel('Telefone').fill('(11) 98765-4321');
  await dialog.getByLabel('Endereço').fill('Rua das Palmeiras, 200 — São Paulo/SP');
  await dialog.getByLabel('Responsável').fill('Maria Souza');
  return dialog;
}

beforeAll(async () => {
  director = await newPage(e2e.browser, e2e.server.baseUrl);
  const dir = await registerAndCreateClub(director, { clubName: 'Clube Associação' });
  secretary = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
  const sec = await signUp(secretary, { name: 'Secretária Silva' });
  await seedClub(dir.email, sec.email);
});

describe('ready for the Associação', () => {
  it('the secretary fills the SGC fields of two kids on a phone, reaches 100 % and exports the CSV', async () => {
    await secretary.goto('/dashboard/associacao');
    await secretary.getByText('2 de 4 membros prontos para o SGC').waitFor();
    await secretary.getByText('0 de 4 com seguro').waitFor();
    await expectNoA11yViolations(secretary, 'readiness at 360');
    await screenshot(secretary, 'associacao-01-readiness-360');

    // A wrong check digit is refused beside the field, in pt-BR, and nothing is saved.
    const first = await fillKid(secretary, 'Ana Clara Souza', { birth: '02/03/2014', sex: 'F', cpf: '529.982.247-24' });
    await first.getByRole('button', { name: 'Salvar' }).click();
    await first.getByText(ASSOC_MSG.cpfDigit).waitFor();
    await screenshot(secretary, 'associacao-02-cpf-refused-360');
    await first.getByLabel('CPF', { exact: true }).fill('529.982.247-25');
    await first.getByRole('button', { name: 'Salvar' }).click();
    await secretary.getByText('Ana Clara Souza: cadastro pronto para o SGC!').waitFor();
    await secretary.getByText('3 de 4 membros prontos para o SGC').waitFor();

    const second = await fillKid(secretary, 'Bruno Lima', { birth: '15/08/2013', sex: 'M', cpf: '111.444.777-35' });
    await second.getByRole('button', { name: 'Salvar' }).click();
    await secretary.getByText('4 de 4 membros prontos para o SGC').waitFor();
    await secretary.getByText(/SGC: 100 %/).waitFor();
    await screenshot(secretary, 'associacao-03-ready-360');

    const [download] = await Promise.all([secretary.waitForEvent('download'), secretary.getByRole('link', { name: 'Exportar para o SGC (CSV)' }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFNome completo;Data de nascimento;Sexo;CPF;RG;Endereço;Telefone;Responsável;Unidade;Função;Classe')).toBe(true);
    expect(csv).toContain('Ana Clara Souza;02/03/2014;Feminino;529.982.247-25;55.666.777-8;Rua das Palmeiras, 200 — São Paulo/SP;(11) 98765-4321;Maria Souza;Gaivotas;Desbravador(a) / Membro;Amigo');
    expectCleanConsole(secretary, 'readiness at 360');
  });

  it('the director sees the same panel at 1280 px and records a seguro', async () => {
    await director.goto('/dashboard');
    await director.getByRole('link', { name: 'Associação' }).click();
    await director.getByText('4 de 4 membros prontos para o SGC').waitFor();
    await director.getByRole('button', { name: 'Seguro de Bruno Lima' }).click();
    const dialog = director.getByRole('dialog', { name: /Seguro \d{4} — Bruno Lima/ });
    await dialog.getByLabel(/Tem seguro em/).check();
    await dialog.getByLabel('Apólice ou certificado').fill('AP-2027-001');
    await dialog.getByLabel('Data do seguro').fill('05/01/2027');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await director.getByText('1 de 4 com seguro').waitFor();
    await expectNoA11yViolations(director, 'readiness at 1280');
    await screenshot(director, 'associacao-04-readiness-1280');
    expectCleanConsole(director, 'readiness at 1280');
  });

  it('the director gives a post: an end of term before its start is refused, then the panel shows what is still missing', async () => {
    await director.getByRole('link', { name: 'Diretoria' }).click();
    await director.getByText('Nenhum cargo da diretoria cadastrado ainda.').waitFor();
    await director.getByRole('button', { name: 'Novo cargo' }).click();
    const dialog = director.getByRole('dialog', { name: 'Novo cargo' });
    await dialog.getByLabel('Pessoa').selectOption({ label: 'Pessoa E2E' });
    await dialog.getByLabel('Início do mandato').fill('01/01/2026');
    await dialog.getByLabel('Fim do mandato').fill('31/12/2025');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText(POST_MSG.endBeforeStart).waitFor();
    await dialog.getByLabel('Fim do mandato').fill('31/12/2030');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await director.getByText(POST_MSG.saved).first().waitFor();
    await director.getByRole('listitem').filter({ hasText: 'Pessoa E2E' }).getByText('Em vigor').waitFor();
    await director.getByText('Capelão(ã)').first().waitFor();
    await expectNoA11yViolations(director, 'diretoria at 1280');
    await screenshot(director, 'associacao-05-diretoria-1280');
    expectCleanConsole(director, 'diretoria at 1280');
  });

  it('the termo de adesão: missing on the panel, printed pre-filled, kept through the pasta, then signed (1280 and 360 px)', async () => {
    const volunteers = director.getByRole('list', { name: 'Voluntários' });
    await volunteers.getByRole('listitem').filter({ hasText: 'Pessoa E2E' }).getByText('Falta o termo de adesão').waitFor();
    await director.getByText('Termos de adesão: faltam 2').waitFor();
    await director.getByRole('link', { name: 'Imprimir o termo de adesão de Pessoa E2E' }).click();
    await director.getByRole('heading', { name: 'Termo de adesão ao serviço voluntário' }).waitFor();
    await director.getByText('529.982.247-25').waitFor();
    await director.getByText(/não gera vínculo empregatício/).waitFor();
    await expectNoA11yViolations(director, 'termo de adesão at 1280');
    await screenshot(director, 'associacao-06-termo-1280');
    await director.getByRole('link', { name: 'Diretoria' }).first().click();
    await director.getByRole('link', { name: 'Guardar o termo assinado de Pessoa E2E' }).click();
    const dialog = director.getByRole('dialog', { name: 'Guardar documento na pasta' });
    expect(await dialog.getByLabel('Tipo de documento').inputValue()).toBe('termo_adesao');
    await dialog.getByLabel('Arquivo').setInputFiles({ name: 'termo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await director.goto('/dashboard/associacao/diretoria');
    await volunteers.getByRole('listitem').filter({ hasText: 'Pessoa E2E' }).getByText(/^Termo de adesão: assinado em \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await director.getByText('Termo de adesão: falta 1').waitFor();
    await screenshot(director, 'associacao-07-diretoria-termos-1280');
    expectCleanConsole(director, 'termo de adesão at 1280');

    // The secretary, on a phone: the panel and the termo fit 360 px.
    await secretary.goto('/dashboard/associacao/diretoria');
    await secretary.getByRole('list', { name: 'Voluntários' }).waitFor();
    expect(await secretary.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(secretary, 'associacao-08-diretoria-termos-360');
    await secretary.getByRole('link', { name: 'Imprimir o termo de adesão de Secretária Silva' }).click();
    await secretary.getByRole('heading', { name: 'Termo de adesão ao serviço voluntário' }).waitFor();
    expect(await secretary.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(secretary, 'associacao-09-termo-360');
    expectCleanConsole(secretary, 'termo de adesão at 360');
  });
});
