import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUDIT_MSG } from '../src/shared/audit.js';
import { SCREENSHOT_DIR, expectNoA11yViolations, newPage, registerAndCreateClub, useServerAndBrowser } from './harness.js';

/** The director's 'Registro de atividades' and the super admin's 'Auditoria', paged with 'Carregar mais'. */
const e2e = useServerAndBrowser();

// One small picture of each screen (viewport only, JPEG): into e2e/screenshots, or into the docs'
// committed ones with DOCS_SCREENSHOTS=1, so an ordinary run leaves the repository untouched.
const SHOTS = process.env.DOCS_SCREENSHOTS === '1' ? 'docs/screenshots' : SCREENSHOT_DIR;
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.jpg`, type: 'jpeg', quality: 70 });

describe('audit screens', () => {
  it('the director opens the activity log from the menu, sees the club they just created, and loads more', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const director = await registerAndCreateClub(page, { account: { name: 'Diretora Atenta' }, clubName: 'Clube Auditado' });
    const [club] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Auditado'`);
    await e2e.server.db.query(
      `INSERT INTO audit_log (club_id, actor_id, action, entity, after, at)
       SELECT $1, (SELECT id FROM profiles WHERE email = $2), (ARRAY['member.add', 'transaction.register', 'points.adjust'])[1 + g % 3], 'x',
              jsonb_build_object('full_name', 'Pessoa ' || g, 'amount', g), now() - g * interval '90 minutes'
         FROM generate_series(1, 64) g`,
      [club?.id, director.email],
    );
    await page.getByRole('link', { name: 'Registro de atividades' }).click();
    await page.getByRole('heading', { name: 'Registro de atividades' }).waitFor();
    const first = page.getByRole('row').nth(1);
    await first.getByText('Clube criado').waitFor();
    await first.getByText('Diretora Atenta').waitFor();
    expect(await first.getByRole('cell').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await page.getByText('Mostrando 50 de 65 registros').waitFor();
    await expectNoA11yViolations(page, 'activity log');
    await page.getByText('Clube criado com sucesso!').waitFor({ state: 'hidden' });
    await shot(page, 'audit-club-desktop');
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await page.getByText('Mostrando 65 de 65 registros').waitFor();
    expect(await page.getByRole('button', { name: 'Carregar mais' }).count()).toBe(0);

    await page.getByLabel('Assunto').selectOption({ label: 'Pontos' });
    await page.getByText('Mostrando 21 de 21 registros').waitFor();
    // The day range is typed dd/mm/aaaa; an end before the start is pointed at beside 'Até'.
    await page.getByLabel('De', { exact: true }).pressSequentially('10012026');
    await page.getByLabel('Até', { exact: true }).pressSequentially('01012026');
    expect(await page.getByLabel('De', { exact: true }).inputValue()).toBe('10/01/2026');
    expect(await page.getByLabel('Até', { exact: true }).inputValue()).toBe('01/01/2026');
    await page.getByText(AUDIT_MSG.rangeOrder).waitFor();
    expect(await page.getByLabel('Até', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    // A phone: cards instead of the table, nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    // The unfiltered pages already loaded come back from the cache.
    await page.getByText('Mostrando 65 de 65 registros').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Clube criado' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'audit-club-360');
    await page.context().close();
  });

  it('the super admin reads the whole platform in Auditoria, with the club of each line', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const admin = await registerAndCreateClub(page, { account: { name: 'Plataforma' }, clubName: 'Clube da Plataforma' });
    await e2e.server.db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE email = $1`, [admin.email]);
    await page.goto('/superadmin/auditoria');
    await page.getByRole('heading', { name: 'Auditoria' }).waitFor();
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Clube da Plataforma' }).waitFor();
    await page.getByText(/^Mostrando 50 de \d+ registros$/).waitFor();
    await expectNoA11yViolations(page, 'platform audit');
    await shot(page, 'audit-platform-desktop');
    // Clicking a club's name shows only that club.
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Clube da Plataforma' }).click();
    await page.getByText('Mostrando 1 de 1 registro').waitFor();
    await page.context().close();
  });
});
