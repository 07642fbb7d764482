import { cp, mkdtemp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { CLIENT_HEADER } from '../src/server/auth/plugin.js';
import { openPglite } from '../src/server/db/pglite.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { slugify } from '../src/shared/clubs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIR = path.join(ROOT, 'dist', 'web');
export const SCREENSHOT_DIR = path.join(ROOT, 'e2e', 'screenshots');

export interface E2EServer {
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * The built app (dist/web) on a random port with its own PGlite data dir: the embedded default. The data
 * dir is a copy of the run's migrated one (e2e/global-setup.ts); migrate() then finds nothing to do.
 */
export async function startServer(): Promise<E2EServer> {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) throw new Error('dist/web is missing: run `npx vite build` first');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-e2e-'));
  await cp(inject('e2eDataDir'), path.join(dataDir, 'pgdata'), { recursive: true });
  const db = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  await migrate(db);
  const app = await buildApp({ db, dataDir, webDir: WEB_DIR });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    db,
    async close() {
      await app.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, with the flags that work on this machine (no network beyond loopback). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * The server and the browser of one spec file: started before its tests, closed after them.
 * `const e2e = useServerAndBrowser();` at the top of the file, then `e2e.server`, `e2e.browser` in the tests.
 */
export function useServerAndBrowser({ offline = false }: { offline?: boolean } = {}): { readonly server: E2EServer; readonly browser: Browser } {
  const env = {} as { server: E2EServer; browser: Browser };
  beforeAll(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
    if (offline) offlineBrowsers.add(env.browser);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/**
 * The browsers of the files that take pages offline (`useServerAndBrowser({ offline: true })`): only
 * their pages install the service worker. Elsewhere it is blocked: each new page would download, store
 * and compile the whole app (200 files) a couple of seconds after it settles, with two files sharing
 * two cores.
 */
const offlineBrowsers = new WeakSet<Browser>();

const pageErrors = new WeakMap<Page, string[]>();
const consoleProblems = new WeakMap<Page, string[]>();
/** Every page newPage opened in this file, for the console check after each test (e2e/console-guard.ts). */
export const openPages = new Set<Page>();

/** A fresh browser context and page; Content-Security-Policy violations and uncaught errors are recorded. */
export async function newPage(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const serviceWorkers = offlineBrowsers.has(browser) ? 'allow' : 'block';
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', serviceWorkers });
  const page = await context.newPage();
  const errors: string[] = [];
  pageErrors.set(page, errors);
  const problems: string[] = [];
  consoleProblems.set(page, problems);
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) errors.push(msg.text());
    // The harness's own doing, not the app's: pages outside the offline files block the service worker.
    if (serviceWorkers === 'block' && /^Service Worker registration blocked by Playwright/.test(msg.text())) return;
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()} ${msg.location().url} (on ${page.url()})`);
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return page;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation { id: string; impact: string; help: string; targets: string[] }

/**
 * axe-core's serious and critical violations on the page as it is now, with every rule of axe's defaults.
 * axe is put into the page once per document and run there, asking only for violations: @axe-core/playwright
 * opened a second page for every check, 2–3 s each, 7 s with two files at once (156 checks in the suite).
 */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<Result> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}

/** Fails on any serious or critical axe violation of the page as it is now (and on CSP violations or uncaught errors so far). */
export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<void> {
  const errors = pageErrors.get(page) ?? [];
  if (errors.length > 0) throw new Error(`Browser errors on ${label}:\n${errors.join('\n')}`);
  const serious = () => seriousViolations(page);
  let bad = await serious();
  if (bad.length > 0) {
    // A toast fading in or a page still rendering can fail contrast for a moment: judge the settled page.
    await page.waitForTimeout(800);
    bad = await serious();
  }
  if (bad.length > 0) {
    const detail = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.targets.join('\n  ')}`).join('\n');
    throw new Error(`Accessibility violations on ${label}:\n${detail}`);
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * The newest .eml in the server's outbox addressed to `to` whose text matches `match` (any, without it),
 * parsed; the mail worker is drained first, and the outbox read again until one is there.
 */
export async function mailIn(server: E2EServer, to: string, match?: RegExp): Promise<{ subject: string; text: string; html: string }> {
  for (let i = 0; i < 50; i++) {
    await server.app.mail.drain();
    const files = (await readdir(server.app.mail.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
    for (const f of files) {
      const m = await simpleParser(await readFile(path.join(server.app.mail.outboxDir, f)));
      const addr = m.to && !Array.isArray(m.to) ? m.to.text : '';
      if (addr === to && (!match || match.test(m.text ?? ''))) return { subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '' };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to}${match ? ` matching ${match}` : ''}`);
}

let seq = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  seq += 1;
  return `${prefix}.${Date.now()}.${seq}@teste.com`;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Registers through /register and waits for the redirect to /dashboard. */
export async function registerThroughUi(page: Page, account: Partial<Account> = {}): Promise<Account> {
  const acc = withDefaults(account);
  await page.goto('/cadastro');
  await page.getByLabel('Nome completo').fill(acc.name);
  await page.getByLabel('E-mail').fill(acc.email);
  await page.getByLabel('Senha', { exact: true }).fill(acc.password);
  await page.getByLabel('Confirmar senha').fill(acc.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
  return acc;
}

/**
 * A new account, signed in on the page's browser context and on /dashboard: the register screen's own
 * request (POST /api/auth/register), sent with the context's cookies. For the tests about what comes
 * after signing up; `registerThroughUi` fills /cadastro itself (foundation, account security).
 */
export async function signUp(page: Page, account: Partial<Account> = {}): Promise<Account> {
  const acc = await newAccount(page, account);
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return acc;
}

/** A new account with a new club it directs, created through the API the screens call; ends on the club's /dashboard. */
export async function registerAndCreateClub(page: Page, opts: { account?: Partial<Account>; clubName?: string } = {}): Promise<Account & { clubName: string }> {
  const account = await newAccount(page, opts.account);
  const clubName = opts.clubName ?? `Clube E2E ${seq}`;
  await apiPost(page, '/api/clubs', { name: clubName, slug: slugify(clubName) });
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: `Bem-vindo ao ${clubName}` }).waitFor();
  return { ...account, clubName };
}

function withDefaults(account: Partial<Account> = {}): Account {
  return { name: account.name ?? 'Pessoa E2E', email: account.email ?? uniqueEmail(), password: account.password ?? 'segredo123' };
}

/** Registers the account (defaults for what is not given) and signs it in on the page's context. */
async function newAccount(page: Page, account?: Partial<Account>): Promise<Account> {
  const acc = withDefaults(account);
  await apiPost(page, '/api/auth/register', { full_name: acc.name, email: acc.email, password: acc.password, confirm_password: acc.password });
  return acc;
}

/** A write through the page's context, as the app sends it (its client header, the context's cookies); fails on a non-2xx. */
async function apiPost(page: Page, url: string, data: unknown): Promise<void> {
  const res = await page.request.post(url, { data, headers: { [CLIENT_HEADER]: 'web' } });
  if (!res.ok()) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
}

/** Signs in through /login. */
export async function loginThroughUi(page: Page, email: string, password = 'segredo123'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/dashboard**');
}

/**
 * Fails on any console error or warning the page logged since the last check (a 401 the browser
 * reports, a React Router warning, a failed request), then forgets them.
 */
export function expectCleanConsole(page: Page, label = page.url()): void {
  const problems = consoleProblems.get(page) ?? [];
  const seen = problems.splice(0);
  if (seen.length > 0) throw new Error(`Console not clean on ${label}:\n${seen.join('\n')}`);
}

/**
 * What a browser logs by itself and the app cannot keep out of the console: the network log of an
 * answer the test provoked on purpose (a 4xx with the pt-BR message the screen shows) and the
 * requests of a page the test took offline. Everything else — React and React Router warnings,
 * uncaught errors, the app's own console.error/warn — fails the test.
 */
const EXPECTED_CONSOLE = [
  /^error: Failed to load resource: the server responded with a status of 4\d\d /,
  /net::ERR_INTERNET_DISCONNECTED/,
  /^error: Failed to load resource: net::ERR_(FAILED|NETWORK_CHANGED|ABORTED|CONNECTION_REFUSED) /,
];

/** The console problems of every open page since the last call, minus the expected ones; forgets them. */
export function unexpectedConsoleProblems(): string[] {
  const out: string[] = [];
  for (const page of openPages) {
    const problems = consoleProblems.get(page) ?? [];
    out.push(...problems.splice(0).filter((p) => !EXPECTED_CONSOLE.some((re) => re.test(p))));
  }
  return out;
}

/**
 * Waits until the installed service worker controls the page, reloading once if it activated after
 * the page loaded: a page it does not control, reloaded offline, is the browser's offline error.
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/**
 * For a camp test with exactly one late dose, whatever the hour: the saída's first day and a dose time
 * an hour ago on the club's clock. The saída starts today, or yesterday in the club's first hour (no time
 * of today is 30 minutes late yet then); it lasts two days, so the same time on the other day is still due.
 */
export async function lateDoseDay(db: Db, clubId: string): Promise<{ startsOn: string; lateTime: string }> {
  const [row] = await db.query<{ starts_on: string; late_time: string }>(
    `SELECT CASE WHEN l::time >= '01:00' THEN l::date ELSE l::date - 1 END::text AS starts_on, to_char(l - interval '1 hour', 'HH24:MI') AS late_time
       FROM (SELECT now() AT TIME ZONE timezone AS l FROM clubs WHERE id = $1) x`, [clubId]);
  return { startsOn: row.starts_on, lateTime: row.late_time };
}
