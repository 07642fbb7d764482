import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

describe('receivables reports', () => {
  it("the treasurer's 'Relatórios' tab at 360 and 1280 px, each report's CSV, and 'A receber' in the finance report", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    const { clubName } = await registerAndCreateClub(page, { clubName: 'Clube Relatórios de Cobrança' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const year = new Date().getFullYear() - 1;
    for (const [unitName, people] of [['Águias', ['Pedro Almeida', 'Lia Souza']], ['Falcões', ['Théo Lima']]] as const) {
      const [unit] = await e2e.server.db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, $2) RETURNING id`, [club.id, unitName]);
      for (const [n, name] of people.entries()) {
        const [p] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
        await e2e.server.db.query('INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3)', [club.id, p.id, unit.id]);
        for (let month = 1; month <= 12; month++) {
          const paid = (month + n) % 3 === 0 ? 0 : (month + n) % 3 === 1 ? 1234.56 : 600;
          await e2e.server.db.query(
            `INSERT INTO charges (club_id, profile_id, description, amount, paid_amount, due_date, origin)
             VALUES ($1, $2, 'Mensalidade', 1234.56, $3, make_date($4::int, $5::int, 10), 'avulsa')`,
            [club.id, p.id, paid, year, month],
          );
        }
      }
    }
    await e2e.server.db.query(
      `INSERT INTO events (club_id, title, kind, starts_on, ends_on, place, cost, places, registration_deadline)
       VALUES ($1, 'Acampamento de Inverno', 'acampamento', make_date($2::int, 7, 10), make_date($2::int, 7, 12), 'Sítio', 150, 40, make_date($2::int, 7, 1))`,
      [club.id, year],
    );

    await page.goto('/dashboard/cobrancas');
    await page.getByRole('heading', { name: 'Cobranças', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Relatórios' }).click();
    await page.getByText('Nenhuma cobrança com vencimento em').waitFor();
    await page.getByLabel('Ano').selectOption(String(year));
    const table = page.getByRole('table', { name: 'A receber por mês' });
    await table.getByRole('rowheader', { name: 'março' }).waitFor();
    await page.getByText(/R\$\s44\.444,16/).first().waitFor();
    await screenshot(page, 'charge-reports-01-a-receber-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoA11yViolations(page, 'charge reports 360');
    await screenshot(page, 'charge-reports-01-a-receber-360');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Baixar CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`a-receber-por-mes-${year}.csv`);

    await page.getByLabel('Relatório', { exact: true }).selectOption('defaults');
    await page.getByRole('table', { name: 'Inadimplência por unidade' }).getByRole('rowheader', { name: 'Falcões' }).waitFor();
    await screenshot(page, 'charge-reports-02-inadimplencia-360');
    await page.getByLabel('Relatório', { exact: true }).selectOption('events');
    await page.getByRole('table', { name: 'Eventos: inscritos, autorizados e pagos' }).getByRole('rowheader', { name: /Acampamento de Inverno/ }).waitFor();
    await screenshot(page, 'charge-reports-03-eventos-360');
    const eventsCsv = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Baixar CSV' }).click();
    expect((await eventsCsv).suggestedFilename()).toBe(`eventos-inscritos-autorizados-pagos-${year}.csv`);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Relatório', { exact: true }).selectOption('receivables');
    await table.getByRole('rowheader', { name: 'dezembro' }).waitFor();
    await expectNoA11yViolations(page, 'charge reports 1280');
    await screenshot(page, 'charge-reports-04-a-receber-1280');

    await page.goto('/dashboard/financeiro');
    await page.getByRole('tab', { name: 'Relatórios' }).click();
    await page.getByText('A receber', { exact: true }).first().waitFor();
    await page.getByText('A receber no fim de cada mês').click();
    await expectNoA11yViolations(page, 'finance a receber 1280');
    await screenshot(page, 'charge-reports-05-financeiro-a-receber-1280');
    await page.setViewportSize({ width: 360, height: 780 });
    // The chart follows the new width on its ResizeObserver's next turn.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 360, undefined, { timeout: 5000 });
    await screenshot(page, 'charge-reports-06-financeiro-a-receber-360');
  });
});
