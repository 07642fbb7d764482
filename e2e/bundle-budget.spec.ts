import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { WEB_DIR, launchBrowser, newPage, registerAndCreateClub, startServer, type E2EServer } from './harness.js';

/**
 * What a phone downloads before it can show a page, measured in Chromium against the built app.
 * Budgets are compressed bytes of JavaScript (brotli, as the server sends it). They fail the suite
 * when a change makes the first screen heavier; raise them only with a reason in docs/performance.md.
 */
export const BUDGET = {
  /** /login and the landing page: React, the router, the query client and the login form. */
  loginJs: 150 * 1024,
  /** A signed-in /dashboard: the above plus the app shell, its schemas and the dashboard. */
  dashboardJs: 200 * 1024,
};

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Brotli size of a built asset (what the server sends to a browser that accepts br). */
function brotliSize(file: string): number {
  const br = path.join(WEB_DIR, 'assets', `${file}.br`);
  return statSync(existsSync(br) ? br : path.join(WEB_DIR, 'assets', file)).size;
}

/** The scripts a page downloads until the network is idle: their names, encodings and brotli bytes. */
async function scriptsOf(page: Page, url: string): Promise<{ bytes: number; files: string[]; encodings: Set<string> }> {
  const files: string[] = [];
  const encodings = new Set<string>();
  const onResponse = (res: Response) => {
    if (!res.url().endsWith('.js')) return;
    files.push(res.url().replace(/^.*\/assets\//, ''));
    encodings.add(res.headers()['content-encoding'] ?? 'identity');
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  return { bytes: files.reduce((n, f) => n + brotliSize(f), 0), files, encodings };
}

describe('what the first screen downloads', () => {
  it('/login loads no dashboard code, gets precompressed brotli and stays within its budget', async () => {
    const page = await newPage(browser, server.baseUrl);
    const login = await scriptsOf(page, '/login');
    await page.getByLabel('E-mail').waitFor();
    expect(login.files.some((f) => /app-layout|dashboard-page|members-page|financial-page|club-selector/.test(f)), login.files.join(', ')).toBe(false);
    // Files under 1 KB are not precompressed and go as they are.
    expect(login.encodings.has('br')).toBe(true);
    expect([...login.encodings].every((e) => e === 'br' || e === 'identity')).toBe(true);
    console.log(`/login: ${(login.bytes / 1024).toFixed(1)} KB of JavaScript (brotli) in ${login.files.length} files`);
    expect(login.bytes).toBeLessThanOrEqual(BUDGET.loginJs);
    await page.close();
  });

  it('a signed-in /dashboard stays within its budget', async () => {
    const page = await newPage(browser, server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Leve' });
    // A new context with the same session: nothing comes from the browser cache.
    const fresh = await newPage(browser, server.baseUrl);
    await fresh.context().addCookies(await page.context().cookies());
    const dashboard = await scriptsOf(fresh, '/dashboard');
    await fresh.getByRole('heading', { level: 1 }).first().waitFor();
    console.log(`/dashboard: ${(dashboard.bytes / 1024).toFixed(1)} KB of JavaScript (brotli) in ${dashboard.files.length} files`);
    expect(dashboard.bytes).toBeLessThanOrEqual(BUDGET.dashboardJs);
    await page.close();
    await fresh.close();
  });
});
