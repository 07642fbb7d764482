import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectCleanConsole, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const year = now.getFullYear();
const todayDigits = `${pad(now.getDate())}${pad(now.getMonth() + 1)}${year}`;

/** No horizontal scroll at the page's width (360 px on a phone). */
async function expectNoSideScroll(page: Page, width: number, label: string) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, `${label}: scrollWidth ${scroll} > ${width}`).toBeLessThanOrEqual(width);
}

describe('secretaria: the secretary writes and closes an ata with two votos, an act cites one, an ofício is printed, a visitor signs on a phone', () => {
  it('ata nº 1 with Voto -001 and -002 → approved and closed → Ato nº 01 cites -001 → Ofício nº 01 printed → visitor at 360 px', async () => {
    const director = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    const { clubName } = await registerAndCreateClub(director, { account: { name: 'Diretora Lima' }, clubName: 'Clube Secretaria' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);

    const secretary = await newPage(e2e.browser, e2e.server.baseUrl);
    await signUp(secretary, { name: 'Sérgio Secretário' });
    const [sergio] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Sérgio Secretário'`);
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'secretary')`, [club.id, sergio.id]);

    // The menu's 'Secretaria' opens the books as tabs; the atas of the year are empty.
    await secretary.goto('/dashboard');
    await secretary.getByRole('link', { name: 'Secretaria' }).first().click();
    await secretary.getByRole('heading', { name: 'Secretaria', level: 1 }).waitFor();
    await secretary.getByText(`Nenhuma ata em ${year}.`).waitFor();

    // 'Nova ata': two of the club's leaders present, a visitor, two votos.
    await secretary.getByRole('button', { name: 'Nova ata' }).click();
    const dialog = secretary.getByRole('dialog', { name: 'Nova ata' });
    await dialog.getByLabel('Data').pressSequentially(todayDigits);
    await dialog.getByLabel('Local').fill('Sala da diretoria');
    await dialog.getByLabel('Presidida por').fill('Diretora Lima');
    await dialog.getByLabel('Redigida por').fill('Sérgio Secretário');
    await dialog.getByRole('checkbox', { name: /Diretora Lima/ }).check();
    await dialog.getByRole('checkbox', { name: /Sérgio Secretário/ }).check();
    await dialog.getByLabel('Visitantes presentes (opcional)').fill('Pr. Ricardo');
    await dialog.getByLabel('Pauta').fill('1. Acampamento\n2. Uniformes');
    await dialog.getByLabel('Texto da ata').fill('Reuniu-se a comissão diretiva para tratar do acampamento e dos uniformes.');
    await dialog.getByRole('button', { name: 'Adicionar voto' }).click();
    await dialog.getByLabel('Voto 1: o que foi decidido').fill('Aprovado o acampamento de abril.');
    await dialog.getByLabel('A favor').first().fill('3');
    await dialog.getByRole('button', { name: 'Adicionar voto' }).click();
    await dialog.getByLabel('Voto 2: o que foi decidido').fill('Aprovada a compra de uniformes.');
    await dialog.getByLabel('A favor').nth(1).fill('2');
    await dialog.getByLabel('Abstenções').nth(1).fill('1');
    await screenshot(secretary, 'secretaria-01-ata-form-1280');
    await dialog.getByRole('button', { name: 'Salvar rascunho' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Its page: approve (the votos get their numbers), close (never edited again), the A4 print view.
    await secretary.getByRole('link', { name: `Ata nº 1/${year}` }).click();
    await secretary.getByRole('heading', { name: `Ata nº 1/${year}` }).waitFor();
    await secretary.getByRole('button', { name: 'Aprovar ata' }).click();
    await secretary.getByRole('dialog', { name: `Aprovar Ata nº 1/${year}` }).getByRole('button', { name: 'Aprovar' }).click();
    await secretary.getByText(`Voto ${year}-001`).waitFor();
    await secretary.getByText(`Voto ${year}-002`).waitFor();
    await secretary.getByRole('button', { name: 'Encerrar ata' }).click();
    await secretary.getByRole('dialog', { name: `Encerrar Ata nº 1/${year}?` }).getByRole('button', { name: 'Encerrar ata' }).click();
    await secretary.getByText('Ata encerrada: não pode mais ser alterada.', { exact: false }).waitFor();
    expect(await secretary.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await secretary.emulateMedia({ media: 'print' });
    await screenshot(secretary, 'secretaria-02-ata-print-a4');
    await secretary.emulateMedia({ media: 'screen' });

    // An act cites the first voto.
    await secretary.goto('/dashboard/secretaria?livro=atos');
    await secretary.getByRole('button', { name: 'Novo ato' }).click();
    const ato = secretary.getByRole('dialog', { name: 'Novo ato' });
    await ato.getByLabel('Tipo de ato').selectOption({ label: 'Nomeação' });
    await ato.getByLabel('Data', { exact: true }).pressSequentially(todayDigits);
    await ato.getByLabel('Membro').selectOption({ label: 'Sérgio Secretário' });
    await ato.getByLabel('Cargo').fill('Secretário');
    await ato.getByLabel('Início do mandato').pressSequentially(todayDigits);
    await ato.getByLabel('Fim do mandato').pressSequentially(`3112${year}`);
    await ato.getByLabel('Voto que autorizou (opcional)').selectOption({ index: 2 });
    await ato.getByRole('button', { name: 'Registrar no livro' }).click();
    await ato.waitFor({ state: 'hidden' });
    const act = secretary.getByRole('list', { name: `Atos de ${year}` }).getByRole('listitem').first();
    await act.getByText(`Ato nº 01/${year}`).waitFor();
    await act.getByText(new RegExp(`Autorizado pelo Voto ${year}-00[12] \\(Ata nº 1/${year}\\)`)).waitFor();
    await screenshot(secretary, 'secretaria-03-atos-1280');

    // An ofício sent, numbered and printed on the club's letterhead.
    await secretary.goto('/dashboard/secretaria?livro=oficios');
    await secretary.getByRole('button', { name: 'Novo ofício' }).click();
    const oficio = secretary.getByRole('dialog', { name: 'Novo ofício' });
    await oficio.getByLabel('Data').pressSequentially(todayDigits);
    await oficio.getByLabel('Destinatário').fill('Associação Paulista Central');
    await oficio.getByLabel('Assunto').fill('Inscrição no Campori');
    await oficio.getByLabel('Texto').fill('Prezados irmãos,\n\nSolicitamos a inscrição do clube no Campori.');
    await oficio.getByRole('button', { name: 'Registrar ofício' }).click();
    await secretary.getByRole('heading', { name: `Ofício nº 01/${year}` }).waitFor();
    await secretary.emulateMedia({ media: 'print' });
    await screenshot(secretary, 'secretaria-04-oficio-print-a4');
    await secretary.emulateMedia({ media: 'screen' });
    const pdf = await secretary.pdf({ format: 'A4' });
    expect(pdf.byteLength).toBeGreaterThan(1000);
    expectCleanConsole(secretary, 'secretary screens');

    // On the director's phone: the visitor signs the book, and the book lists them.
    await director.goto('/dashboard/secretaria?livro=visitas');
    await director.getByRole('link', { name: 'Passar o celular ao visitante' }).click();
    await director.getByRole('heading', { name: `Boas-vindas ao ${clubName}!` }).waitFor();
    await director.getByLabel('Seu nome').fill('Helena Souza');
    await director.getByLabel('Igreja ou clube de origem').fill('Clube Estrela do Mar');
    await director.getByLabel('Deixe um recado (opcional)').fill('Que clube animado!');
    await screenshot(director, 'secretaria-05-visitor-360');
    await expectNoSideScroll(director, 360, 'visitor page');
    await director.getByRole('button', { name: 'Assinar o livro' }).click();
    await director.getByText('Obrigado, Helena Souza!', { exact: false }).waitFor();
    await director.goto('/dashboard/secretaria?livro=visitas');
    await director.getByRole('list', { name: `Visitas de ${year}` }).getByText('Helena Souza').waitFor();
    await director.goto('/dashboard/secretaria');
    await director.getByRole('link', { name: `Ata nº 1/${year}` }).waitFor();
    await expectNoSideScroll(director, 360, 'atas at 360');
    await screenshot(director, 'secretaria-06-atas-360');
    expectCleanConsole(director, 'director phone');
  });
});
