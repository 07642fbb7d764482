import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FAMILY_MSG } from '../src/shared/families.js';
import { readZip } from '../test/zip.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot, uniqueEmail, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let page: Page;
let clubId: string;
let kidProfileId: string;
let guardianLink: string;
const guardianEmail = uniqueEmail('mae');

beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl);
  await registerAndCreateClub(page, { account: { name: 'Diretora Clara' }, clubName: 'Clube das Famílias' });
  [{ id: clubId }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube das Famílias'`);
  [{ id: kidProfileId }] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name, owner_club_id) VALUES ('Joãozinho', $1) RETURNING id`, [clubId]);
  await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role, birth_date) VALUES ($1, $2, 'Desbravador(a)', '2014-03-10')`, [clubId, kidProfileId]);
  await e2e.server.db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) VALUES ($1, $2, 'manual', 40, 'Acampamento')`, [clubId, kidProfileId]);
});

describe('families', () => {
  it('the director writes the consent text and invites a guardian from the member profile', async () => {
    await page.getByRole('link', { name: 'Privacidade' }).click();
    await page.getByLabel('Texto do termo').fill('Autorizo o Clube das Famílias a tratar os dados do meu filho nas atividades do clube.');
    await page.getByRole('button', { name: 'Salvar nova versão' }).click();
    await page.getByText(FAMILY_MSG.consentSaved).first().waitFor();
    // Every club starts with Trilha's default term as version 1: the director's text is version 2.
    await page.getByText(/Versão 2/).waitFor();
    await expectNoA11yViolations(page, 'privacy settings');

    await page.getByRole('link', { name: 'Membros' }).click();
    await page.getByRole('row').filter({ hasText: 'Joãozinho' }).getByText(FAMILY_MSG.consentPending).waitFor();
    await page.goto(`/dashboard/membros/${kidProfileId}`);
    await page.getByRole('heading', { name: 'Responsáveis e dados pessoais' }).waitFor();
    await page.getByText(FAMILY_MSG.consentPending).waitFor();
    // The birth date reads and is typed dd/mm/aaaa; an impossible one is pointed at and not saved.
    const birth = page.getByLabel('Data de nascimento');
    const savedBirth = async () => (await e2e.server.db.query<{ day: string }>(`SELECT birth_date::text AS day FROM club_members WHERE profile_id = $1`, [kidProfileId]))[0].day;
    expect(await birth.inputValue()).toBe('10/03/2014');
    await birth.fill('');
    await birth.pressSequentially('31022014');
    await birth.blur();
    await page.getByText('Data inválida: use dd/mm/aaaa.').waitFor();
    expect(await savedBirth()).toBe('2014-03-10');
    await birth.fill('');
    await birth.pressSequentially('11032014');
    await birth.blur();
    await page.getByText('Data de nascimento salva.').first().waitFor();
    expect(await savedBirth()).toBe('2014-03-11');
    expect(await page.getByLabel('Data de nascimento').inputValue()).toBe('11/03/2014');
    await page.getByRole('button', { name: 'Convidar responsável' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convidar responsável' });
    await dialog.getByLabel('Nome do responsável').fill('Maria Mãe');
    await dialog.getByLabel('E-mail do responsável').fill(guardianEmail);
    await dialog.getByLabel('Parentesco').selectOption('Mãe');
    await dialog.getByRole('button', { name: 'Criar convite' }).click();
    const created = page.getByRole('dialog', { name: 'Convite criado' });
    guardianLink = await created.getByLabel('Link do convite').inputValue();
    expect(new URL(guardianLink).pathname).toMatch(/^\/responsavel\//);
    await expectNoA11yViolations(page, 'guardian invitation');
    await screenshot(page, 'families-01-invite');
    await created.getByRole('button', { name: 'Fechar' }).first().click();
    // The e-mail leaves through the mail worker: 'Enviando convite…' until the list is read again after it.
    await page.getByText(/Convite enviado|Enviando convite…/).first().waitFor();
  });

  it('the guardian creates an account, accepts with consent and sees the child\'s progress on /familia', async () => {
    const guardian = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await guardian.goto(new URL(guardianLink).pathname);
    await guardian.getByRole('heading', { name: 'Acompanhe Joãozinho' }).waitFor();
    await guardian.getByLabel('Senha', { exact: true }).fill('segredo123');
    await guardian.getByLabel('Confirmar senha').fill('segredo123');
    await guardian.getByRole('button', { name: 'Aceitar' }).click();
    await guardian.getByText(FAMILY_MSG.mustAccept).waitFor();
    await guardian.getByLabel('Li e aceito').check();
    await expectNoA11yViolations(guardian, 'guardian invitation page');
    await screenshot(guardian, 'families-02-accept-360');
    await guardian.getByRole('button', { name: 'Aceitar' }).click();
    await guardian.waitForURL('**/familia');
    await guardian.getByRole('heading', { name: 'Joãozinho' }).waitFor();
    await guardian.getByRole('group', { name: 'Pontos' }).getByText('40').waitFor();
    await guardian.getByRole('group', { name: 'Posição no ranking' }).getByText('1º').waitFor();
    await expectNoA11yViolations(guardian, '/familia');
    await screenshot(guardian, 'families-03-familia-360');

    // 'Meus dados': the export downloads a zip.
    const [download] = await Promise.all([guardian.waitForEvent('download'), guardian.getByRole('link', { name: 'Baixar meus dados' }).click()]);
    expect(download.suggestedFilename()).toBe('trilha-meus-dados.zip');
    const file = await download.path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    // The zip is deflated (fflate's streaming Zip): read it back to find the child in dados.json.
    expect(readZip(bytes).get('dados.json')?.toString('utf8')).toContain('Joãozinho');
    await guardian.goto(`/privacidade?clube=${clubId}`);
    await guardian.getByRole('heading', { name: 'Privacidade — Clube das Famílias' }).waitFor();
    await guardian.getByText('Termo de consentimento (versão 2)').waitFor();
    await expectNoA11yViolations(guardian, '/privacidade');
    await screenshot(guardian, 'families-05-privacidade-360');
    await guardian.context().close();

    await page.reload();
    await page.getByText(FAMILY_MSG.consentGranted).waitFor();
    await page.getByText('Acompanhando').waitFor();
  });

  it('the director fills the health form; an instructor neither sees it nor can read it', async () => {
    await page.getByRole('button', { name: 'Ficha médica' }).click();
    const form = page.getByRole('dialog', { name: 'Ficha médica — Joãozinho' });
    await form.getByLabel('Tipo sanguíneo').selectOption('O+');
    await form.getByLabel('Alergias').fill('Amendoim');
    await form.getByRole('button', { name: 'Salvar ficha' }).click();
    await page.getByText(FAMILY_MSG.healthSaved).first().waitFor();

    const instructorPage = await newPage(e2e.browser, e2e.server.baseUrl);
    const instructor = await signUp(instructorPage, { name: 'Ivo Instrutor' });
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role) SELECT $1, id, 'Instrutor(a)' FROM profiles WHERE email = $2`, [clubId, instructor.email]);
    await instructorPage.goto(`/dashboard/membros/${kidProfileId}`);
    // Whatever the profile screen lets an instructor see, the health form is not part of it.
    await instructorPage.getByRole('link', { name: 'Membros' }).first().waitFor();
    await instructorPage.waitForLoadState('networkidle');
    await screenshot(instructorPage, 'families-04-instructor');
    expect(await instructorPage.getByRole('button', { name: 'Ficha médica' }).count()).toBe(0);
    expect(await instructorPage.getByText('Amendoim').count()).toBe(0);
    const [{ id: memberId }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM club_members WHERE profile_id = $1`, [kidProfileId]);
    const direct = await instructorPage.request.get(`/api/clubs/${clubId}/members/${memberId}/health`);
    expect(direct.status()).toBe(403);
    expect(await direct.text()).not.toContain('Amendoim');
    await instructorPage.context().close();
  });
});
