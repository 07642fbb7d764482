// BASE_URL=http://127.0.0.1:3100 npx tsx bench/pages-screenshots.ts : screenshots (desktop and 360 px) of
// the paged members and transactions lists of a server started on bench/screenshot-data.ts's data,
// signed in as the director it prints. Written to docs/screenshots/.
import { chromium, type Page } from 'playwright-core';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3100';
const OUT = process.env.SHOTS_DIR ?? 'docs/screenshots';
const EMAIL = process.env.SHOTS_EMAIL ?? 'diretor@trilha.test';

async function login(page: Page): Promise<void> {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Senha').fill('segredo123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/dashboard**');
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [suffix, viewport] of [['desktop', { width: 1280, height: 720 }], ['360', { width: 360, height: 740 }]] as const) {
  const page = await browser.newPage({ viewport, locale: 'pt-BR' });
  await login(page);
  await page.goto(`${BASE}/dashboard/membros`);
  await page.getByText(/^Mostrando 50 de [\d.]+ membros$/).waitFor({ timeout: 60_000 });
  // The top: the search, unit and status filters the server applies before paging.
  if (suffix === 'desktop') await page.screenshot({ path: `${OUT}/paged-members-top-${suffix}.png` });
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await page.getByText(/^Mostrando 100 de [\d.]+ membros$/).waitFor({ timeout: 60_000 });
  // The count and 'Carregar mais' in view, with the last rows above them.
  await page.getByRole('button', { name: 'Carregar mais' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${OUT}/paged-members-${suffix}.png` });

  await page.goto(`${BASE}/dashboard/financeiro`);
  await page.getByText(/^Mostrando 20 de [\d.]+ lançamentos$/).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Carregar mais' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${OUT}/paged-transactions-${suffix}.png` });
  await page.close();
}
await browser.close();
