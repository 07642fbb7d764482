import { beforeAll, describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { PROGRAMME_MSG } from '../src/shared/programme.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

/**
 * Setting up a class and running it (issue 43): an instructor sees why their grid is read-only until
 * the class assigns them; a unit is enrolled from the suggestions; a kid put in the wrong class
 * leaves it with the points reversed; 'assinar para todos os presentes' signs today's roll call after
 * asking; 'Para assinar' counts; past investiduras reopen.
 */
const e2e = useServerAndBrowser();
let page: Page;
let instructorPage: Page;
let clubId: string;
const SHOTS = process.env.TRILHA_SHOTS_DIR;
const shot = async (p: Page, name: string) => {
  await screenshot(p, name);
  if (SHOTS) {
    await mkdir(SHOTS, { recursive: true });
    await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
};
const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => e2e.server.db.query<T>(text, params);

beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl);
  await registerAndCreateClub(page, { clubName: 'Clube Montagem' });
  [{ id: clubId }] = await sql<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Montagem'`);
  const [unit] = await sql<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Águias', '#0ea5e9') RETURNING id`, [clubId]);
  for (const [name, age] of [['Lia Souza', '10 years 3 months'], ['Théo Lima', '12 years 2 months'], ['Ana Reis', '10 years 1 month']] as const) {
    const [kid] = await sql<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
    await sql(`INSERT INTO club_members (club_id, profile_id, unit_id, birth_date) VALUES ($1, $2, $3, current_date - $4::interval)`, [clubId, kid.id, unit.id, age]);
  }
  instructorPage = await newPage(e2e.browser, e2e.server.baseUrl);
  const acc = await signUp(instructorPage, { name: 'Instrutor Beto' });
  await sql(`INSERT INTO club_members (club_id, profile_id, role) SELECT $1, id, 'instructor' FROM profiles WHERE email = $2`, [clubId, acc.email]);
});

describe('setting up and running a class', () => {
  it('enrols from the suggestions, assigns the instructor, signs the present after asking, removes a wrong enrolment, reopens a past investidura', async () => {
    await page.getByRole('link', { name: 'Classes' }).click();
    await page.getByRole('tab', { name: 'Requisitos' }).click();
    await page.getByLabel('Texto do requisito').last().fill('Ter no mínimo 10 anos');
    await page.getByRole('button', { name: 'Adicionar requisito' }).click();
    const listed = (text: string) => page.locator('ol').getByText(text, { exact: true });
    await listed('Ter no mínimo 10 anos').waitFor();
    // 'Feito em campo' is for this requisito only: the form comes back blank, the list shows it.
    await page.getByLabel('Texto do requisito').last().fill('Caminhada de 5 km');
    await page.getByRole('checkbox', { name: 'Feito em campo' }).last().check();
    await page.getByRole('button', { name: 'Adicionar requisito' }).click();
    await listed('Caminhada de 5 km').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Feito em campo' }).last().isChecked()).toBe(false);
    await page.locator('ol').getByText('Feito em campo', { exact: true }).waitFor();
    await page.setViewportSize({ width: 360, height: 740 });
    const text = await listed('Caminhada de 5 km').boundingBox();
    expect(text?.width ?? 0).toBeGreaterThan(200);
    await shot(page, 'programme-setup-01-requisitos-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The instructor's grid: read-only, and it says why.
    await instructorPage.goto('/dashboard/programa');
    await instructorPage.getByLabel('Classe ou especialidade da grade').selectOption('AMIGO');
    await instructorPage.getByText('Nenhum membro inscrito nesta classe.').waitFor();

    await page.getByRole('tab', { name: 'Inscrições' }).click();
    await page.getByLabel('Classe ou especialidade').selectOption('AMIGO');
    await page.getByText('Sugerida: Pesquisador').waitFor();
    await page.getByRole('button', { name: 'Marcar os sugeridos para Amigo (2)' }).click();
    // Théo, put in Amigo by mistake.
    await page.getByRole('checkbox', { name: /Théo Lima/ }).check();
    await expectNoA11yViolations(page, 'programme enrolment roster');
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'programme-setup-02-inscricoes-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'programme-setup-02-inscricoes-1280');
    await page.getByRole('button', { name: 'Inscrever 3 em Amigo' }).click();
    await page.getByText(`${PROGRAMME_MSG.enrolled(3)} (Amigo)`).waitFor();

    await instructorPage.reload();
    await instructorPage.getByLabel('Classe ou especialidade da grade').selectOption('AMIGO');
    await instructorPage.getByText(PROGRAMME_MSG.gridReadOnlyInstructor('Amigo')).waitFor();
    expect(await instructorPage.getByRole('button', { name: 'Lia Souza, requisito 1: não assinado' }).isDisabled()).toBe(true);
    await shot(instructorPage, 'programme-setup-03-grade-so-leitura');

    // The class assigns its instructor.
    await page.getByRole('tab', { name: 'Requisitos' }).click();
    await page.getByRole('checkbox', { name: 'Instrutor Beto' }).check();
    await page.getByRole('button', { name: 'Salvar instrutores' }).click();
    await page.getByText(PROGRAMME_MSG.saved).first().waitFor();
    await instructorPage.reload();
    await instructorPage.getByLabel('Classe ou especialidade da grade').selectOption('AMIGO');
    await instructorPage.getByRole('button', { name: 'Théo Lima, requisito 1: não assinado' }).click();
    await instructorPage.getByRole('button', { name: 'Théo Lima, requisito 1: assinado' }).waitFor();
    expect(await instructorPage.getByText(/Grade só de leitura/).count()).toBe(0);

    // Today's roll call: Lia present, Ana absent. 'Assinar para todos os presentes' names Lia only.
    const [meeting] = await sql<{ id: string }>(`INSERT INTO meetings (club_id, date, starts_at, title) SELECT $1, (now() AT TIME ZONE c.timezone)::date, now(), 'Reunião' FROM clubs c WHERE c.id = $1 RETURNING id`, [clubId]);
    for (const [name, status] of [['Lia Souza', 'present'], ['Ana Reis', 'absent'], ['Théo Lima', 'present']] as const) {
      await sql(`INSERT INTO meeting_attendance (club_id, meeting_id, member_id, status) SELECT $1, $2, cm.id, $4 FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND p.full_name = $3`, [clubId, meeting.id, name, status]);
    }
    await instructorPage.reload();
    await instructorPage.getByLabel('Classe ou especialidade da grade').selectOption('AMIGO');
    await instructorPage.getByRole('button', { name: /^Requisito 1:/ }).click();
    await instructorPage.getByRole('button', { name: 'Assinar para todos os presentes' }).click();
    const dialog = instructorPage.getByRole('dialog', { name: 'Assinar para todos os presentes' });
    await dialog.getByText('presentes na chamada de hoje', { exact: false }).waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual(['Lia Souza']);
    await instructorPage.setViewportSize({ width: 360, height: 740 });
    await shot(instructorPage, 'programme-setup-04-assinar-presentes-360');
    await dialog.getByRole('button', { name: 'Assinar para 1' }).click();
    await instructorPage.getByText(PROGRAMME_MSG.signed).first().waitFor();
    await instructorPage.getByRole('button', { name: 'Lia Souza, requisito 1: assinado' }).waitFor();
    expect(await instructorPage.getByRole('button', { name: 'Ana Reis, requisito 1: não assinado' }).count()).toBe(1);

    // Théo leaves Amigo: his signature is undone and its points reversed.
    await page.goto('/dashboard/programa');
    await page.getByRole('tab', { name: 'Inscrições' }).click();
    await page.getByRole('link', { name: 'Cartão de Théo Lima' }).click();
    await page.getByRole('button', { name: 'Remover inscrição em Amigo' }).click();
    await page.getByText('1 requisito assinado será desfeito', { exact: false }).waitFor();
    await expectNoA11yViolations(page, 'remove enrolment');
    await shot(page, 'programme-setup-05-remover-inscricao');
    await page.getByRole('dialog').getByRole('button', { name: 'Remover inscrição' }).click();
    await page.getByText('Inscrição removida. 5 pontos estornados.').waitFor();
    await page.getByText('Classe sugerida pela idade: Pesquisador').waitFor();
    const [{ n }] = await sql<{ n: number }>(`SELECT coalesce(sum(pe.points), 0)::int AS n FROM point_events pe JOIN profiles p ON p.id = pe.profile_id WHERE p.full_name = 'Théo Lima'`);
    expect(n).toBe(0);

    // A kid marks a requisito: 'Para assinar' counts it.
    const [lia] = await sql<{ enrolment_id: string; requirement_id: string }>(
      `SELECT e.id AS enrolment_id, r.id AS requirement_id FROM programme_enrolments e JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id
         JOIN programme_requirements r ON r.club_id = e.club_id AND r.item_code = e.item_code AND r.text = 'Caminhada de 5 km' WHERE p.full_name = 'Lia Souza'`);
    await sql(`INSERT INTO programme_marks (club_id, enrolment_id, requirement_id, note) VALUES ($1, $2, $3, 'Fiz no acampamento')`, [clubId, lia.enrolment_id, lia.requirement_id]);
    await page.goto('/dashboard/programa?aba=para-assinar');
    await page.getByRole('tab', { name: /Para assinar.*1 esperando/ }).waitFor();
    await page.getByText('Fiz no acampamento', { exact: false }).waitFor();
    await shot(page, 'programme-setup-06-para-assinar');
    await page.getByRole('button', { name: /Assinar Caminhada de 5 km de Lia Souza/ }).click();
    await page.getByText('Nenhum requisito esperando assinatura.').waitFor();

    // Lia is ready; the investidura is recorded, then reopened from the list of past ones.
    await page.getByRole('tab', { name: 'Prontos' }).click();
    await page.getByRole('checkbox', { name: 'Investir Lia Souza em Amigo' }).check();
    await page.getByLabel('Local').fill('Igreja Central');
    await page.getByRole('button', { name: 'Registrar investidura' }).click();
    await page.getByRole('region', { name: 'Certificado de Lia Souza' }).waitFor();
    await page.getByRole('link', { name: 'Classes e especialidades' }).click();
    await page.getByRole('tab', { name: 'Prontos' }).click();
    await page.getByRole('heading', { name: 'Investiduras anteriores' }).waitFor();
    await expectNoA11yViolations(page, 'past investiduras');
    await shot(page, 'programme-setup-07-investiduras');
    await page.getByRole('link', { name: /Certificados da investidura de .* em Igreja Central/ }).click();
    await page.getByRole('region', { name: 'Certificado de Lia Souza' }).waitFor();

    // The instructor's member page lists what they sign.
    const [beto] = await sql<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Instrutor Beto'`);
    await page.goto(`/dashboard/membros/${beto.id}`);
    await page.getByRole('heading', { name: 'Instrutor(a) de' }).waitFor();
    await page.getByRole('button', { name: 'Tirar Amigo' }).waitFor();
    await page.getByLabel('Acrescentar classe ou especialidade').selectOption('COMPANHEIRO');
    await page.getByRole('button', { name: 'Salvar atribuições' }).click();
    await page.getByText(PROGRAMME_MSG.saved).first().waitFor();
    const rows = await sql<{ item_code: string }>(`SELECT item_code FROM programme_instructors WHERE club_id = $1 ORDER BY item_code`, [clubId]);
    expect(rows.map((r) => r.item_code)).toEqual(['AMIGO', 'COMPANHEIRO']);
    await expectNoA11yViolations(page, 'instructor items');
    await shot(page, 'programme-setup-08-instrutor-de');
  });
});
