import { describe, expect, it } from 'vitest';
import { BADGE_MSG } from '../src/shared/badges.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

// Would set window.__pwned if any part ran: handler on the root, script, foreign HTML, javascript: link.
const MALICIOUS = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="window.__pwned='onload'">
<script>window.__pwned='script'</script>
<foreignObject width="24" height="24"><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="window.__pwned='img'"/></foreignObject>
<a href="javascript:window.__pwned='link'"><circle cx="12" cy="12" r="10" fill="#7c3aed"/></a>
<animate onbegin="window.__pwned='animate'" attributeName="r" dur="1s"/>
</svg>`;

describe('super admin badges', () => {
  it('creates, validates, edits and deletes a badge through the modal', async () => {
    // The first account of a fresh platform is its super admin.
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube dos Badges' });
    await page.goto('/superadmin/badges');
    await page.getByRole('heading', { name: 'Badges' }).waitFor();
    await page.getByText('Nenhum badge cadastrado ainda.').waitFor();
    await expectNoA11yViolations(page, 'badges empty');

    await page.getByRole('button', { name: 'Novo Badge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Badge' });
    // Manual (the default) hides the criteria.
    expect(await dialog.getByLabel('Tipo de critério').count()).toBe(0);
    await dialog.getByLabel('Nome').fill('Maratonista');
    await dialog.getByLabel('Descrição', { exact: true }).fill('Concluiu 10 tarefas');
    await dialog.getByLabel('Tipo', { exact: true }).selectOption('auto');
    await dialog.getByLabel('Raridade').selectOption('epic');
    await dialog.getByRole('button', { name: 'Criar Badge' }).click();
    await dialog.getByText(BADGE_MSG.criteriaTypeRequired).waitFor();
    await dialog.getByLabel('Tipo de critério').selectOption('task_count');
    await dialog.getByLabel('Valor (tarefas)').fill('10');
    // Changing the criteria type resets the value to 0.
    await dialog.getByLabel('Tipo de critério').selectOption('points_total');
    expect(await dialog.getByLabel('Valor (pontos)').inputValue()).toBe('0');
    await dialog.getByRole('button', { name: 'Criar Badge' }).click();
    await dialog.getByText(BADGE_MSG.criteriaValueMin).waitFor();
    await dialog.getByLabel('Tipo de critério').selectOption('task_count');
    await dialog.getByLabel('Valor (tarefas)').fill('10');
    await dialog.getByRole('button', { name: 'Usar ícone Coroa' }).click();
    await expectNoA11yViolations(page, 'badge form');
    await screenshot(page, 'badges-01-form');
    await dialog.getByRole('button', { name: 'Criar Badge' }).click();
    await page.getByText(BADGE_MSG.created).waitFor();
    await page.getByRole('heading', { name: 'Maratonista' }).waitFor();
    await page.getByText('Critério: Quantidade de tarefas concluídas ≥ 10').waitFor();
    const [row] = await e2e.server.db.query<{ auto_criteria: unknown; rarity: string }>(`SELECT auto_criteria, rarity FROM badges WHERE name = 'Maratonista'`);
    expect(row).toEqual({ auto_criteria: { type: 'task_count', count: 10 }, rarity: 'epic' });

    await page.getByRole('button', { name: 'Editar Maratonista' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Badge' });
    await edit.getByLabel('Tipo', { exact: true }).selectOption('manual');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(BADGE_MSG.updated).waitFor();
    const [after] = await e2e.server.db.query<{ auto_criteria: unknown }>(`SELECT auto_criteria FROM badges WHERE name = 'Maratonista'`);
    expect(after.auto_criteria).toBeNull();
    await expectNoA11yViolations(page, 'badges list');
    await screenshot(page, 'badges-02-list');

    await page.getByRole('button', { name: 'Excluir Maratonista' }).click();
    await page.getByRole('dialog', { name: 'Confirmar Exclusão' }).getByRole('button', { name: 'Excluir' }).click();
    await page.getByText(BADGE_MSG.deleted).waitFor();
    await page.getByText('Nenhum badge cadastrado ainda.').waitFor();
    await page.context().close();
  });

  it('a malicious SVG does not run in Chromium (list and profile)', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const acc = await registerAndCreateClub(page, { clubName: 'Clube Seguro' });
    await e2e.server.db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE email = $1`, [acc.email]);
    // Through the API (sanitised on save) …
    const saved = await page.evaluate(async (svg) => {
      const res = await fetch('/api/admin/badges', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' },
        body: JSON.stringify({ name: 'Via API', description: 'x', icon_svg: svg, rarity: 'common', points: 0, active: true, badge_type: 'manual', category: 'special', criteria_type: '', criteria_value: 0 }),
      });
      return (await res.json()).icon_svg as string;
    }, MALICIOUS);
    for (const bad of ['onload', '<script', 'foreignObject', 'onerror', 'javascript:', 'onbegin']) expect(saved).not.toContain(bad);
    // … and straight into the database, as if an old row were poisoned: sanitised on render.
    const [{ id: clubId }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Seguro'`);
    const [me] = await e2e.server.db.query<{ profile_id: string }>(`SELECT profile_id FROM club_members WHERE club_id = $1`, [clubId]);
    const [raw] = await e2e.server.db.query<{ id: string }>(
      `INSERT INTO badges (name, description, icon_svg, badge_type) VALUES ('Envenenado', 'x', $1, 'manual') RETURNING id`, [MALICIOUS]);
    await e2e.server.db.query(`INSERT INTO member_badges (club_id, profile_id, badge_id) VALUES ($1, $2, $3)`, [clubId, me.profile_id, raw.id]);

    await page.goto('/superadmin/badges');
    await page.getByRole('img', { name: 'Ícone do badge Envenenado' }).waitFor();
    await page.getByRole('img', { name: 'Ícone do badge Via API' }).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    const html = await page.getByRole('img', { name: 'Ícone do badge Envenenado' }).innerHTML();
    expect(html).toContain('<circle');
    for (const bad of ['onload', 'script', 'foreignObject', 'onerror', 'javascript:']) expect(html).not.toContain(bad);
    await screenshot(page, 'badges-03-malicious');

    await page.goto('/dashboard/perfil');
    await page.getByRole('img', { name: 'Ícone do badge Envenenado' }).waitFor();
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expectNoA11yViolations(page, 'profile with badge');
    await page.context().close();
  });

  it("letters or a fraction in 'Pontos (XP)' are refused beside the field and save nothing (issue 18)", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const acc = await registerAndCreateClub(page, { clubName: 'Clube XP' });
    await e2e.server.db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE email = $1`, [acc.email]);
    await page.goto('/superadmin/badges');
    await page.getByRole('button', { name: 'Novo Badge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Badge' });
    await dialog.getByLabel('Nome').fill('XP com letras');
    await dialog.getByLabel('Descrição', { exact: true }).fill('Não deve ser salvo');
    for (const typed of ['dez', '2,5']) {
      await dialog.getByLabel('Pontos (XP)').fill('');
      await dialog.getByLabel('Pontos (XP)').pressSequentially(typed);
      await dialog.getByRole('button', { name: 'Criar Badge' }).click();
      await dialog.getByRole('alert').filter({ hasText: BADGE_MSG.pointsMin }).waitFor();
    }
    expect(await page.getByText(BADGE_MSG.created).count()).toBe(0);
    expect(await e2e.server.db.query(`SELECT 1 FROM badges WHERE name = 'XP com letras'`)).toHaveLength(0);
    await page.context().close();
  });
});
