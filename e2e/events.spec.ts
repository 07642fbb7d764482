import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EVENT_MSG } from '../src/shared/events.js';
import { localDateString } from '../src/server/recurring/schedule.js';
import { expectCleanConsole, expectNoA11yViolations, loginThroughUi, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

const isoIn = (days: number) => localDateString(new Date(Date.now() + days * 86_400_000), 'America/Sao_Paulo');
const brDigits = (iso: string) => iso.split('-').reverse().join('');
const brDay = (iso: string) => iso.split('-').reverse().join('/');

/** No horizontal scroll at the page's width (360 px on a phone). */
async function expectNoSideScroll(page: Page, width: number, label: string) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, `${label}: scrollWidth ${scroll} > ${width}`).toBeLessThanOrEqual(width);
}

describe('eventos: the director creates an acampamento, a guardian registers and signs, the roster shows it', () => {
  it('acampamento in 2 instalments for the whole club → /familia registers, signs, sees the PIX → roster ticked', async () => {
    const director = await newPage(e2e.browser, e2e.server.baseUrl);
    const { clubName } = await registerAndCreateClub(director, { clubName: 'Clube Eventos' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const cookie = (await director.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const pix = await e2e.server.app.inject({
      method: 'PUT', url: `/api/clubs/${club.id}/pix-settings`, headers: { cookie, 'x-trilha-client': 'web' },
      payload: { pix_key: 'tesouraria@clube.org', beneficiary_name: 'Clube Eventos', city: 'Curitiba' },
    });
    expect(pix.statusCode, pix.body).toBe(200);
    const [unit] = await e2e.server.db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Águias') RETURNING id`, [club.id]);
    const [nina] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Nina Prado') RETURNING id`);
    const [member] = await e2e.server.db.query<{ id: string }>(
      'INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3) RETURNING id', [club.id, nina.id, unit.id]);

    // The empty list, then 'Novo evento': every required field gets its pt-BR message.
    await director.goto('/dashboard/eventos');
    await director.getByRole('heading', { name: 'Eventos', level: 1 }).waitFor();
    await director.getByText('Nenhum evento cadastrado ainda.').waitFor();
    await director.getByRole('heading', { name: 'Texto da autorização' }).waitFor();
    await director.getByText(/Versão 1/).waitFor();
    await expectNoA11yViolations(director, 'eventos empty');
    await screenshot(director, 'events-01-empty-1280');
    await director.getByRole('button', { name: 'Novo evento' }).click();
    const dialog = director.getByRole('dialog', { name: 'Novo evento' });
    await dialog.getByRole('button', { name: 'Salvar evento' }).click();
    await dialog.getByText(EVENT_MSG.titleRequired).waitFor();
    await dialog.getByText(EVENT_MSG.placeRequired).waitFor();
    await dialog.getByText(EVENT_MSG.costRequired).waitFor();
    await expectNoA11yViolations(director, 'novo evento with errors');
    await dialog.getByLabel('Título').fill('Acampamento de Verão');
    await dialog.getByLabel('Tipo').selectOption({ label: 'Acampamento' });
    await dialog.getByLabel('Local').fill('Sítio Recanto das Águas, Juquitiba (SP)');
    await dialog.getByLabel('Início').pressSequentially(brDigits(isoIn(30)));
    await dialog.getByLabel('Término').pressSequentially(brDigits(isoIn(32)));
    await dialog.getByLabel('Prazo de inscrição').pressSequentially(brDigits(isoIn(20)));
    await dialog.getByLabel('Vagas').fill('30');
    await dialog.getByLabel('Valor por participante (R$)').fill('1234,56');
    await dialog.getByLabel('Parcelas').fill('2');
    await dialog.getByLabel('Lista de verificação do clube (opcional)').fill('Seguro');
    await screenshot(director, 'events-02-form-1280');
    await dialog.getByRole('button', { name: 'Salvar evento' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = director.getByRole('list', { name: 'Eventos' }).getByRole('listitem').filter({ hasText: 'Acampamento de Verão' });
    await card.getByText(/R\$\s1\.234,56 em 2x/).waitFor();
    await card.getByText('0/30 vagas').waitFor();
    await card.getByText(`${brDay(isoIn(30))} a ${brDay(isoIn(32))}`).waitFor();
    await card.getByText(`Inscrições até ${brDay(isoIn(20))}`).waitFor();
    const wa = await card.getByRole('link', { name: 'Avisar no WhatsApp: Acampamento de Verão' }).getAttribute('href');
    expect(decodeURIComponent(wa ?? '')).toContain('R$ 1.234,56 em 2x');
    await screenshot(director, 'events-03-list-1280');

    // The guardian: an account linked to Nina, with the consent in force (as the charges journey does).
    const guardian = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    await signUp(guardian, { name: 'Paula Prado' });
    const [paula] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Paula Prado'`);
    const [g] = await e2e.server.db.query<{ id: string }>(
      `INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship, profile_id, accepted_at)
       VALUES ($1, $2, 'Paula Prado', 'paula@teste.com', 'Mãe', $3, now()) RETURNING id`, [club.id, member.id, paula.id]);
    const [consentText] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM consent_texts WHERE club_id = $1 AND version = 1`, [club.id]);
    await e2e.server.db.query(
      `INSERT INTO member_consents (club_id, member_id, guardian_id, guardian_profile_id, consent_text_id, version) VALUES ($1, $2, $3, $4, $5, 1)`,
      [club.id, member.id, g.id, paula.id, consentText.id]);

    await guardian.goto('/familia');
    const events = guardian.getByRole('list', { name: 'Eventos de Nina Prado' });
    const camp = events.getByRole('listitem').filter({ hasText: 'Acampamento de Verão' });
    await camp.getByText(/R\$\s1\.234,56 em 2x/).waitFor();
    await guardian.getByText('Nenhuma cobrança em aberto.').waitFor();
    await screenshot(guardian, 'events-04-familia-invited-360');
    await camp.getByRole('button', { name: 'Inscrever Nina' }).click();
    const ask = guardian.getByRole('dialog', { name: 'Inscrever no evento' });
    await ask.getByText(/Serão geradas as cobranças de R\$\s1\.234,56 em 2x/).waitFor();
    await ask.getByRole('button', { name: 'Inscrever' }).click();
    await ask.waitFor({ state: 'hidden' });
    await camp.getByText('Inscrito', { exact: true }).waitFor();
    // The charges the registration wrote show at once below, each with its PIX: 617,28 + 617,28.
    const charges = guardian.locator(`#cobrancas-${member.id}`);
    await charges.getByRole('heading', { name: 'Acampamento de Verão (parcela 1/2)' }).waitFor();
    await charges.getByRole('heading', { name: 'Acampamento de Verão (parcela 2/2)' }).waitFor();
    expect(await charges.getByLabel('PIX copia e cola').first().inputValue()).toContain('5406617.28');

    // Sign: without a name nor the confirmation, the pt-BR messages; then the typed name.
    await camp.getByRole('button', { name: 'Assinar autorização' }).click();
    const sign = guardian.getByRole('dialog', { name: 'Assinar autorização' });
    await sign.getByText(/Texto da autorização · versão 1/).waitFor();
    await sign.getByRole('button', { name: 'Assinar' }).click();
    await sign.getByText(EVENT_MSG.signedNameRequired).waitFor();
    await sign.getByText(EVENT_MSG.confirmRequired).waitFor();
    await expectNoA11yViolations(guardian, 'assinar autorização with errors');
    await sign.getByLabel('Seu nome completo').fill('Paula Prado');
    await sign.getByLabel('Li e concordo com a autorização acima.').check();
    await screenshot(guardian, 'events-05-sign-360');
    await expectNoSideScroll(guardian, 360, 'sign dialog');
    await sign.getByRole('button', { name: 'Assinar' }).click();
    await sign.waitFor({ state: 'hidden' });
    await camp.getByText(/Autorização assinada por Paula Prado/).waitFor();
    await camp.getByRole('button', { name: 'Revogar autorização' }).waitFor();
    await expectNoA11yViolations(guardian, 'familia registered and signed');
    await expectNoSideScroll(guardian, 360, '/familia');
    await screenshot(guardian, 'events-06-familia-signed-360');
    await guardian.setViewportSize({ width: 1280, height: 800 });
    await camp.getByText(/Autorização assinada por Paula Prado/).waitFor();
    await screenshot(guardian, 'events-06b-familia-signed-1280');
    expectCleanConsole(guardian, '/familia');

    // The director: the roster has Nina with 'Autorização assinada' ticked; the club's 'Seguro' is ticked there.
    await card.getByRole('link', { name: 'Inscrições e participantes' }).click();
    await director.getByRole('heading', { name: 'Acampamento de Verão', level: 1 }).waitFor();
    const nina1 = director.getByRole('list', { name: 'Participantes' }).getByRole('listitem').filter({ hasText: 'Nina Prado' }).first();
    await expect.poll(() => nina1.getByRole('checkbox', { name: 'Autorização assinada' }).isChecked()).toBe(true);
    expect(await nina1.getByRole('checkbox', { name: 'Pagamento' }).isChecked()).toBe(true);
    // Timestamps are the club's day (São Paulo), not UTC's: after 21:00 the two differ.
    await nina1.getByText(`inscrito em ${brDay(isoIn(0))}`).waitFor();
    await nina1.getByText(`Paula Prado, ${brDay(isoIn(0))}`).waitFor();
    await nina1.getByRole('checkbox', { name: 'Seguro' }).check();
    await expect.poll(() => nina1.getByRole('checkbox', { name: 'Seguro' }).isChecked()).toBe(true);
    // The box shows the click at once; the tick is saved when the request ends.
    const ticks = async () => (await e2e.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM event_checklist_ticks WHERE club_id = $1`, [club.id]))[0]?.n;
    await expect.poll(ticks).toBe(1);
    expect(await director.getByRole('link', { name: 'Baixar CSV' }).getAttribute('href')).toMatch(/\/roster\.csv$/);
    await director.getByRole('button', { name: 'Imprimir' }).waitFor();
    await expectNoA11yViolations(director, 'event roster');
    await screenshot(director, 'events-07-roster-1280');
    // 'Imprimir': the printed page is the event and its roster, without the menu or the buttons.
    await director.emulateMedia({ media: 'print' });
    expect(await director.locator('nav[aria-label="Menu do clube"]').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    expect(await director.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    await screenshot(director, 'events-07b-roster-print');
    await director.emulateMedia({ media: 'screen' });
    await director.setViewportSize({ width: 360, height: 780 });
    await director.waitForTimeout(200);
    await expectNoSideScroll(director, 360, 'roster');
    await screenshot(director, 'events-08-roster-360');
    // Editing after a registration: the cost and instalments are fixed (shown disabled), the places may grow.
    await director.getByRole('button', { name: 'Editar' }).click();
    const edit = director.getByRole('dialog', { name: 'Editar evento' });
    expect(await edit.getByLabel('Valor por participante (R$)').isDisabled()).toBe(true);
    await edit.getByText(EVENT_MSG.costLocked).waitFor();
    await edit.getByLabel('Vagas').fill('40');
    await edit.getByRole('button', { name: 'Salvar evento' }).click();
    await edit.waitFor({ state: 'hidden' });
    await director.getByText('1/40 vagas').waitFor();
    await director.goto('/dashboard/eventos');
    await director.getByRole('list', { name: 'Eventos' }).getByText('1/40 vagas').waitFor();
    await expectNoSideScroll(director, 360, 'eventos list');
    await screenshot(director, 'events-09-list-360');

    // 'Quem deve' filtered by the event: Nina owes its R$ 1.234,56.
    await director.goto('/dashboard/cobrancas');
    await director.getByLabel('Evento').selectOption({ label: `Acampamento de Verão (${brDay(isoIn(30))})` });
    await director.getByRole('region', { name: 'Quem deve' }).getByText('Nina Prado').waitFor();
    await expectNoSideScroll(director, 360, 'quem deve');
    await screenshot(director, 'events-10-debtors-by-event-360');
    expectCleanConsole(director, 'director screens');

    // The treasurer reads: the list and the roster, no button to create, edit, register or tick.
    const treasurer = await newPage(e2e.browser, e2e.server.baseUrl);
    await signUp(treasurer, { name: 'Tereza Tesoureira' });
    const [tereza] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Tereza Tesoureira'`);
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'treasurer')`, [club.id, tereza.id]);
    await treasurer.goto('/dashboard/eventos');
    const seen = treasurer.getByRole('list', { name: 'Eventos' }).getByRole('listitem').filter({ hasText: 'Acampamento de Verão' });
    await seen.getByText('1/40 vagas').waitFor();
    expect(await treasurer.getByRole('button', { name: 'Novo evento' }).count()).toBe(0);
    expect(await seen.getByRole('button').count()).toBe(0);
    expect(await treasurer.getByRole('button', { name: 'Editar texto' }).count()).toBe(0);
    await seen.getByRole('link', { name: 'Inscrições e participantes' }).click();
    const nina2 = treasurer.getByRole('list', { name: 'Participantes' }).getByRole('listitem').filter({ hasText: 'Nina Prado' }).first();
    await expect.poll(() => nina2.getByRole('checkbox', { name: 'Seguro' }).isChecked()).toBe(true);
    expect(await nina2.getByRole('checkbox', { name: 'Seguro' }).getAttribute('aria-readonly')).toBe('true');
    expect(await treasurer.getByRole('heading', { name: 'Inscrever membro' }).count()).toBe(0);
    expect(await treasurer.getByRole('button', { name: /Cancelar|Editar|Excluir/ }).count()).toBe(0);
    await treasurer.getByRole('link', { name: 'Baixar CSV' }).waitFor();
    await expectNoA11yViolations(treasurer, 'roster as the treasurer');
    await screenshot(treasurer, 'events-11-roster-treasurer-1280');
    expectCleanConsole(treasurer, 'treasurer screens');

    // A Desbravador's function has no 'Eventos' in the menu, and the address says why.
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'member')`, [club.id, paula.id]);
    await guardian.goto('/dashboard/eventos');
    await guardian.getByText('Sua função no clube não dá acesso aos eventos.').waitFor();
    await guardian.locator('nav[aria-label="Menu do clube"] a[href="/dashboard/cobrancas"]').waitFor({ state: 'attached' });
    expect(await guardian.locator('nav[aria-label="Menu do clube"] a[href="/dashboard/eventos"]').count()).toBe(0);
    expect(await treasurer.locator('nav[aria-label="Menu do clube"] a[href="/dashboard/eventos"]').count()).toBe(1);
  });

  it('the demo club shows its upcoming acampamento, with the roster of who registered', async () => {
    const { seedDemoClub, DEMO_ADMIN } = await import('../src/server/demo/base.js');
    const { seedFinance } = await import('../src/server/finance/demo-seed.js');
    const { seedDemoCharges } = await import('../src/server/charges/demo-seed.js');
    const { seedDemoEvents } = await import('../src/server/events/demo-seed.js');
    const ctx = await seedDemoClub(e2e.server.db);
    await seedFinance(ctx);
    await seedDemoCharges(ctx);
    await seedDemoEvents(ctx);
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await loginThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/dashboard/eventos');
    const camp = page.getByRole('list', { name: 'Eventos' }).getByRole('listitem').filter({ hasText: 'Acampamento de Verão' });
    await camp.getByText(/R\$\s180,00 em 2x/).waitFor();
    await camp.getByRole('link', { name: 'Inscrições e participantes' }).click();
    const list = page.getByRole('list', { name: 'Participantes' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('checkbox', { name: 'Autorização assinada', checked: true }).count()).toBe(1);
    await expectNoA11yViolations(page, 'demo roster');
    await screenshot(page, 'events-12-demo-roster-1280');
    await page.context().close();
  });
});
