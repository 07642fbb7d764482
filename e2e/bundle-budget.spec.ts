import { describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { WEB_DIR, newPage, registerAndCreateClub, useServerAndBrowser } from './harness.js';

/**
 * What a phone downloads before it can show a page, measured in Chromium against the built app.
 * Budgets are gzip bytes of JavaScript, the unit of the platform issue's goals (brotli, which
 * Chromium is sent, is printed too). They fail the suite when a change makes the first screen
 * heavier; raise them only with a reason in docs/performance.md (see ADR 029).
 */
export const BUDGET = {
  /** /login and the landing page: React DOM, the router, the query client and the login form. */
  /**
   * 131 KB since the secretaria, calendar and reports routes (docs/performance.md); 132 KB since 29/11/2026:
   * /login measured 131.0–131.1 KB, the same source built in two checkouts differing by a few dozen bytes
   * (the downloads left lib/api for lib/download so the first screen does not carry them).
   */
  loginJs: 132 * 1024,
  /**
   * A signed-in /dashboard: the above plus the app shell and the dashboard (no zod, no dialogs).
   * 151 KB since issue 44: the router declares the 25 club screens' no-club guard (docs/performance.md);
   * 156 KB since the menu asks whether the account has a regional view (155.2 KB measured, 28/11/2026).
   */
  dashboardJs: 156 * 1024,
};

const e2e = useServerAndBrowser();

/** Compressed size of a built asset; files under 1 KB are not precompressed and go as they are. */
function sizeAs(file: string, ext: 'gz' | 'br'): number {
  const packed = path.join(WEB_DIR, 'assets', `${file}.${ext}`);
  return statSync(existsSync(packed) ? packed : path.join(WEB_DIR, 'assets', file)).size;
}

interface Scripts {
  /** gzip bytes (the unit of the budget) and brotli bytes (what Chromium is sent). */
  gzip: number;
  brotli: number;
  files: string[];
  encodings: Set<string>;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * The scripts a page downloads until the network is idle: their names, encodings and sizes. /login runs
 * the app at the first touch (ADR 093): `touch` presses a key once the page is idle, and counts what that
 * brings too.
 */
async function scriptsOf(page: Page, url: string, { touch = false } = {}): Promise<Scripts> {
  const files: string[] = [];
  const encodings = new Set<string>();
  const onResponse = (res: Response) => {
    if (!res.url().endsWith('.js') || !res.url().includes('/assets/')) return;
    files.push(res.url().replace(/^.*\/assets\//, ''));
    encodings.add(res.headers()['content-encoding'] ?? 'identity');
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  if (touch) {
    await page.keyboard.press('Tab');
    await page.locator('#root form').waitFor();
    await page.waitForLoadState('networkidle');
  }
  page.off('response', onResponse);
  return {
    gzip: files.reduce((n, f) => n + sizeAs(f, 'gz'), 0),
    brotli: files.reduce((n, f) => n + sizeAs(f, 'br'), 0),
    files,
    encodings,
  };
}

function report(label: string, s: Scripts): void {
  console.log(`${label}: ${kb(s.gzip)} gzip, ${kb(s.brotli)} brotli of JavaScript in ${s.files.length} files: ${s.files.join(', ')}`);
}

/** Chunks of the signed-in app, zod (`schemas`), react-hook-form (`zod`, its resolver's chunk), charts and the SVG sanitiser. */
const SIGNED_IN_OR_HEAVY = /app-layout|^(?:dashboard|members)-|financial-page|club-selector|schemas-|zod-|BarChart|purify|svg-icon/;

describe('what the first screen downloads', () => {
  it('/login loads no dashboard code, gets precompressed brotli and stays within its budget', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const login = await scriptsOf(page, '/login', { touch: true });
    await page.getByLabel('E-mail').waitFor();
    expect(login.files.some((f) => SIGNED_IN_OR_HEAVY.test(f)), login.files.join(', ')).toBe(false);
    // Files under 1 KB are not precompressed and go as they are.
    expect(login.encodings.has('br')).toBe(true);
    expect([...login.encodings].every((e) => e === 'br' || e === 'identity')).toBe(true);
    report('/login', login);
    expect(login.gzip).toBeLessThanOrEqual(BUDGET.loginJs);
    // React DOM's root (createRoot marks its container), not another runtime behind a 'react' alias:
    // Preact 10 keeps its virtual tree on the container as `__k`/`_children`.
    const root = await page.evaluate(() => {
      const el = document.getElementById('root');
      return { keys: el ? Object.keys(el) : [], preactDevtools: '__PREACT_DEVTOOLS__' in window };
    });
    expect(root.keys.some((k) => k.startsWith('__reactContainer$')), root.keys.join(', ')).toBe(true);
    expect(root.keys.filter((k) => k === '__k' || k === '_children' || k.includes('preact'))).toEqual([]);
    expect(root.preactDevtools).toBe(false);
    await page.close();
  });

  it('the landing page loads no signed-in code, no zod and no form library, within the login budget', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const landing = await scriptsOf(page, '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(landing.files.some((f) => SIGNED_IN_OR_HEAVY.test(f)), landing.files.join(', ')).toBe(false);
    report('/', landing);
    expect(landing.gzip).toBeLessThanOrEqual(BUDGET.loginJs);
    await page.close();
  });

  it('a signed-in /dashboard stays within its budget', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Leve' });
    // A new context with the same session: nothing comes from the browser cache.
    const fresh = await newPage(e2e.browser, e2e.server.baseUrl);
    await fresh.context().addCookies(await page.context().cookies());
    const dashboard = await scriptsOf(fresh, '/dashboard');
    await fresh.getByRole('heading', { level: 1 }).first().waitFor();
    report('/dashboard', dashboard);
    // Charts, the zod schemas and the dialogs' form library load with the screens that use them.
    expect(dashboard.files.some((f) => /schemas-|zod-|BarChart/.test(f)), dashboard.files.join(', ')).toBe(false);
    expect(dashboard.gzip).toBeLessThanOrEqual(BUDGET.dashboardJs);
    // The page itself names the shell's chunks, so the phone fetches them beside the entry, not after it;
    // /login does not (it never needs them).
    const shellHtml = await (await fetch(`${e2e.server.baseUrl}/dashboard/membros`)).text();
    const preloaded = [...shellHtml.matchAll(/rel="modulepreload" crossorigin href="\/assets\/([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded.some((f) => f?.startsWith('app-layout-')), preloaded.join(', ')).toBe(true);
    expect(preloaded.every((f) => f && dashboard.files.includes(f)), preloaded.join(', ')).toBe(true);
    expect(await (await fetch(`${e2e.server.baseUrl}/login`)).text()).not.toContain('app-layout-');
    await page.close();
    await fresh.close();
  });
});
