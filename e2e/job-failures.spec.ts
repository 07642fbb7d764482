import { describe, it } from 'vitest';
import { DUES_MSG } from '../src/shared/dues.js';
import { runDuesJob } from '../src/server/charges/dues.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

// Issue 43: a new plan asks when it starts; a club whose dues fail is shown on the platform panel.
describe('dues first month and failing jobs on the platform panel', () => {
  it('the dues form offers next month by default; the super admin sees the club whose dues failed', async () => {
    // The first account of a fresh platform is its super admin (and here the club's director too).
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    const { clubName } = await registerAndCreateClub(page, { clubName: 'Clube Primeiro Mês' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const [p] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Lia Costa') RETURNING id`);
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, created_at) VALUES ($1, $2, now() - interval '90 days')`, [club.id, p.id]);

    await page.goto('/dashboard/cobrancas');
    await page.getByRole('tab', { name: 'Mensalidades' }).click();
    const form = page.getByRole('form', { name: 'Plano de mensalidades' });
    const first = form.getByLabel('Primeira cobrança');
    await first.waitFor();
    if ((await first.inputValue()) !== 'next') throw new Error('a new plan must start next month by default');
    await form.getByLabel('Valor (R$)').fill('40,00');
    await form.getByLabel('Dia de vencimento').fill('5');
    for (const m of ['janeiro', 'dezembro']) await form.getByLabel(m).check();
    await expectNoA11yViolations(page, 'dues first month');
    await screenshot(page, 'dues-first-month-360');
    await form.getByRole('button', { name: 'Salvar plano' }).click();
    await page.getByText(DUES_MSG.saved).first().waitFor();

    // Another club whose dues fail (a trigger standing for a bad row): the panel names it.
    const [bad] = await e2e.server.db.query<{ id: string }>(`INSERT INTO clubs (name, slug) VALUES ('Clube Falha', 'clube-falha-e2e') RETURNING id`);
    const [q] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Eva Falha') RETURNING id`);
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, created_at) VALUES ($1, $2, '2025-01-01')`, [bad.id, q.id]);
    await e2e.server.db.query(`INSERT INTO dues_plans (club_id, amount, due_day, months) VALUES ($1, 30, 10, '{1,2,3,4,5,6,7,8,9,10,11,12}')`, [bad.id]);
    await e2e.server.db.exec(`CREATE FUNCTION e2e_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.club_id = '${bad.id}' THEN RAISE EXCEPTION 'falha simulada do clube'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER e2e_fail BEFORE INSERT ON charges FOR EACH ROW EXECUTE FUNCTION e2e_fail();`);
    await runDuesJob(e2e.server.db);
    await page.goto('/superadmin');
    const list = page.getByRole('list', { name: 'Falhas das tarefas automáticas' });
    await list.getByText('Mensalidades · Clube Falha').waitFor();
    await list.getByText(/falha simulada do clube/).waitFor();
    await expectNoA11yViolations(page, 'platform panel with a failing job');
    await screenshot(page, 'superadmin-job-failures-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'superadmin-job-failures-1280');
    // Fixed, the next run clears it.
    await e2e.server.db.exec(`DROP TRIGGER e2e_fail ON charges`);
    await runDuesJob(e2e.server.db);
    await page.reload();
    await page.getByText('Nenhuma falha: todas as tarefas automáticas rodaram.').waitFor();
  });
});
