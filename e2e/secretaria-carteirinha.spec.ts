import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectCleanConsole, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const year = new Date().getFullYear();

/** The screenshot, also where the docs show it (docs/screenshots/secretaria-carteirinha-*.png). */
async function shot(page: Page, name: string) {
  const file = await screenshot(page, `secretaria-carteirinha-${name}`);
  await mkdir(path.join(ROOT, 'docs', 'screenshots'), { recursive: true });
  await copyFile(file, path.join(ROOT, 'docs', 'screenshots', `secretaria-carteirinha-${name}.png`));
}

async function expectNoSideScroll(page: Page, width: number, label: string) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, `${label}: scrollWidth ${scroll} > ${width}`).toBeLessThanOrEqual(width);
}

describe('carteirinha: the secretary issues and prints the cards, the member shows theirs on the phone, a QR opens the public check', () => {
  it('issue for all → A4 sheet → the QR opens "Membro ativo…" for anyone → revoked says so; the member sees the card at 360 px', async () => {
    const director = await newPage(e2e.browser, e2e.server.baseUrl);
    const { clubName } = await registerAndCreateClub(director, { account: { name: 'Diretora Carla' }, clubName: 'Clube Carteirinha' });
    const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);

    const kid = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    await signUp(kid, { name: 'Ana Clara Souza' });
    const [ana] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Ana Clara Souza'`);
    const [unit] = await e2e.server.db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Águias') RETURNING id`, [club.id]);
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id, birth_date) VALUES ($1, $2, 'member', $3, '2013-05-04')`, [club.id, ana.id, unit.id]);

    // The 'Carteirinhas' tab: pick everyone, the validity defaults to the end of the year, issue.
    await director.goto('/dashboard/secretaria?livro=carteirinhas');
    await director.getByRole('list', { name: 'Carteirinhas dos membros' }).waitFor();
    await director.getByText('Sem carteirinha').first().waitFor();
    await director.getByLabel(/Escolher todos/).check();
    await director.getByRole('button', { name: 'Emitir 2 carteirinhas' }).click();
    await director.getByRole('dialog', { name: 'Emitir carteirinhas?' }).getByRole('button', { name: 'Emitir' }).click();
    await director.getByText('2 carteirinhas emitidas.').waitFor();
    await director.getByText(`Válida até 31/12/${year}`).first().waitFor();
    await shot(director, 'tab-1280');

    // The A4 sheet: both cards with their QR.
    await director.getByRole('link', { name: /Imprimir folha A4/ }).click();
    const card = director.getByRole('article', { name: 'Carteirinha de Ana Clara Souza' });
    await card.waitFor();
    await expect.poll(() => card.locator('img[data-qr-url]').count()).toBe(1);
    await expect.poll(() => card.getByText('Águias').count()).toBe(1);
    const checkUrl = await card.locator('img[data-qr-url]').getAttribute('data-qr-url');
    expect(checkUrl).toMatch(/\/carteirinha\/[A-Za-z0-9_-]{43}$/);
    await director.emulateMedia({ media: 'print' });
    await shot(director, 'sheet-print-a4');
    await director.emulateMedia({ media: 'screen' });
    expectCleanConsole(director, 'director screens');

    // The member's own card on the phone.
    await kid.goto('/dashboard/carteirinha');
    await kid.getByRole('article', { name: 'Carteirinha de Ana Clara Souza' }).waitFor();
    await expect.poll(() => kid.locator('img[data-qr-url]').getAttribute('data-qr-url')).toBe(checkUrl);
    await expectNoSideScroll(kid, 360, 'my card');
    await shot(kid, 'my-card-360');
    expectCleanConsole(kid, 'member phone');

    // Anyone reading the QR (a fresh context, not signed in) sees only the sentence.
    const stranger = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    expect(checkUrl).toBeTruthy();
    await stranger.goto(String(checkUrl));
    await stranger.getByText(`Membro ativo do ${clubName} até 31/12/${year}`).waitFor();
    const text = await stranger.locator('body').innerText();
    for (const hidden of ['Ana', 'Souza', 'Águias', '2013', 'Desbravador']) expect(text).not.toContain(hidden);
    await expectNoSideScroll(stranger, 360, 'check page');
    await shot(stranger, 'check-360');

    // Revoked: the same QR says so.
    await director.goto('/dashboard/secretaria?livro=carteirinhas');
    await director.getByRole('listitem').filter({ hasText: 'Ana Clara Souza' }).getByRole('button', { name: 'Revogar' }).click();
    await director.getByRole('dialog', { name: 'Revogar carteirinha?' }).getByRole('button', { name: 'Revogar' }).click();
    await director.getByText('Carteirinha revogada.').waitFor();
    await stranger.reload();
    await stranger.getByText('Carteirinha revogada').waitFor();
    const wide = await newPage(e2e.browser, e2e.server.baseUrl);
    await wide.goto(String(checkUrl));
    await wide.getByText('Carteirinha revogada').waitFor();
    await shot(wide, 'check-revoked-1280');
    expectCleanConsole(stranger, 'public check');
  });
});
