import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PERIOD_MSG } from '../src/shared/periods.js';
import { UNIT_MSG } from '../src/shared/units.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
let page: Page;
beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl);
  await registerAndCreateClub(page, { clubName: 'Clube das Unidades' });
});

const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('units screen', () => {
  it('empty state → create with validation → edit → delete refused while it has members → delete', async () => {
    await page.getByRole('link', { name: 'Unidades' }).click();
    await page.getByText('Nenhuma unidade cadastrada ainda.').waitFor();
    await expectNoA11yViolations(page, 'units empty');
    await screenshot(page, 'units-01-empty');

    await page.getByRole('button', { name: 'Criar Primeira Unidade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Unidade' });
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.getByText(UNIT_MSG.nameRequired).waitFor();
    await dialog.getByLabel('Nome').fill('Águias Douradas');
    await dialog.getByRole('radio', { name: 'Violeta' }).click();
    expect(await dialog.getByLabel('Código da cor').inputValue()).toBe('#8b5cf6');
    await expectNoA11yViolations(page, 'unit form');
    await screenshot(page, 'units-02-form');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await toast(UNIT_MSG.created);
    const card = page.getByRole('listitem').filter({ hasText: 'Águias Douradas' });
    await card.getByText('Sem descrição').waitFor();
    expect(await card.getByText('ÁD').isVisible()).toBe(true);
    expect(await card.getByText('Ativa', { exact: true }).isVisible()).toBe(true);

    await card.getByRole('button', { name: 'Editar Águias Douradas' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Unidade' });
    await edit.getByLabel('Código da cor').fill('#123abc');
    await edit.getByLabel('Descrição (opcional)').fill('Meninos de 10 a 12 anos');
    await edit.getByLabel('Unidade ativa').uncheck();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await toast(UNIT_MSG.updated);
    await card.getByText('Meninos de 10 a 12 anos').waitFor();
    await card.getByText('Inativa', { exact: true }).waitFor();
    await expectNoA11yViolations(page, 'units list');
    await screenshot(page, 'units-03-list');

    // A member in the unit: the database refuses the deletion.
    const [unit] = await e2e.server.db.query<{ id: string; club_id: string }>(`SELECT id, club_id FROM units WHERE name = 'Águias Douradas'`);
    const [kid] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Pedrinho') RETURNING id`);
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3)`, [unit.club_id, kid.id, unit.id]);
    await card.getByRole('button', { name: 'Excluir Águias Douradas' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Exclusão' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(UNIT_MSG.deleteError);
    await screenshot(page, 'units-04-delete-refused');
    expect(await confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();

    await e2e.server.db.query(`DELETE FROM club_members WHERE profile_id = $1`, [kid.id]);
    await card.getByRole('button', { name: 'Excluir Águias Douradas' }).click();
    await page.getByRole('dialog', { name: 'Confirmar Exclusão' }).getByRole('button', { name: 'Excluir' }).click();
    await toast(UNIT_MSG.deleted);
    await page.getByText('Nenhuma unidade cadastrada ainda.').waitFor();
  });
});

describe('periods screen', () => {
  it('empty state → end-before-start refused in the form → create → edit → delete', async () => {
    await page.getByRole('link', { name: 'Períodos' }).click();
    await page.getByText('Nenhum período cadastrado ainda.').waitFor();
    await expectNoA11yViolations(page, 'periods empty');

    await page.getByRole('button', { name: 'Novo Período' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Período' });
    await dialog.getByLabel('Nome').fill('1º Trimestre');
    // An impossible day is refused beside the field, in pt-BR.
    await dialog.getByLabel('Início').pressSequentially('310220261800');
    expect(await dialog.getByLabel('Início').inputValue()).toBe('31/02/2026 18:00');
    await dialog.getByText('Data e hora inválidas: use dd/mm/aaaa hh:mm.').waitFor();
    await dialog.getByLabel('Início').fill('');
    await dialog.getByLabel('Início').pressSequentially('31/03/2026 18:00');
    await dialog.getByLabel('Fim').pressSequentially('010120260800');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.getByText(PERIOD_MSG.endBeforeStart).waitFor();
    await expectNoA11yViolations(page, 'period form error');
    await screenshot(page, 'periods-01-validation');
    await dialog.getByLabel('Início').fill('');
    await dialog.getByLabel('Início').pressSequentially('010120260800');
    await dialog.getByLabel('Fim').fill('');
    await dialog.getByLabel('Fim').pressSequentially('310320261800');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await toast(PERIOD_MSG.created);
    const card = page.getByRole('listitem').filter({ hasText: '1º Trimestre' });
    await card.getByText('01/01/2026 08:00').waitFor();
    expect(await card.getByText('31/03/2026 18:00').isVisible()).toBe(true);
    expect(await card.getByText('Ativo', { exact: true }).isVisible()).toBe(true);

    await card.getByRole('button', { name: 'Editar 1º Trimestre' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Período' });
    expect(await edit.getByLabel('Início').inputValue()).toBe('01/01/2026 08:00');
    await edit.getByLabel('Descrição (opcional)').fill('Classes regulares');
    // A day without a time is taken, as the period's last minute (issue 31).
    await edit.getByLabel('Fim').fill('');
    await edit.getByLabel('Fim').pressSequentially('01042026');
    await edit.getByLabel('Descrição (opcional)').click();
    expect(await edit.getByLabel('Fim').inputValue()).toBe('01/04/2026 23:59');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await toast(PERIOD_MSG.updated);
    await card.getByText('Classes regulares').waitFor();
    await card.getByText('01/04/2026 23:59').waitFor();
    await expectNoA11yViolations(page, 'periods list');
    await screenshot(page, 'periods-02-list');

    await card.getByRole('button', { name: 'Excluir 1º Trimestre' }).click();
    await page.getByRole('dialog', { name: 'Confirmar Exclusão' }).getByRole('button', { name: 'Excluir' }).click();
    await toast(PERIOD_MSG.deleted);
    await page.getByText('Nenhum período cadastrado ainda.').waitFor();
  });

  it('at 360 px the cards and actions still fit', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard/unidades');
    await page.getByText('Nenhuma unidade cadastrada ainda.').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'units-05-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
