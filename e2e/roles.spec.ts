import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEMBER_MSG } from '../src/shared/members.js';
import { PERMISSION_MSG } from '../src/shared/permissions.js';
import { SCREENSHOT_DIR, expectCleanConsole, expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot, type Account, useServerAndBrowser } from './harness.js';

// Issue 14: the function chosen from a list, a counsellor's unit required, and a sidebar per function.

const e2e = useServerAndBrowser();
let page: Page;
let director: Account & { clubName: string };
let clubId: string;
let aguias: string;

beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl);
  director = await registerAndCreateClub(page, { account: { name: 'Diretora Ana' }, clubName: 'Clube das Funções' });
  [{ id: clubId }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = $1`, [director.clubName]);
  [{ id: aguias }] = await e2e.server.db.query<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Águias', '#0ea5e9') RETURNING id`, [clubId]);
});

const row = (p: Page, name: string) => p.getByRole('row').filter({ hasText: name });

/** What the phone shows right now (a full-page capture smears the fixed drawer). */
async function viewportShot(p: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await p.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Opens the phone drawer and waits for its slide-in to end (screenshots mid-transition are cut). */
async function openDrawer(p: Page): Promise<void> {
  await p.getByRole('button', { name: 'Abrir menu' }).click();
  await p.waitForFunction(() => document.querySelector('aside[aria-label="Barra lateral"]')?.getBoundingClientRect().left === 0);
}

/** A person with an account who holds a function in the club. */
async function personWith(role: string, name: string, unitId: string | null = null): Promise<Page> {
  const p = await newPage(e2e.browser, e2e.server.baseUrl);
  const acc = await signUp(p, { name });
  const [profile] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [acc.email]);
  await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, $3, $4)`, [clubId, profile.id, role, unitId]);
  await p.goto('/dashboard');
  return p;
}

async function menuLabels(p: Page): Promise<string[]> {
  const nav = p.getByRole('navigation', { name: 'Menu do clube' });
  await nav.getByRole('link', { name: 'Início' }).waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.replace(/\d+$/, '').trim());
}

/**
 * English words that have no place on a pt-BR screen (whole words, case as written). The terms
 * Trilha keeps in English on purpose (Badge, Ranking, Quiz, E-mail) are not listed; the menu's first
 * item is 'Início' (issue 43).
 */
const ENGLISH = /\b(Dashboard|Loading|Save|Cancel|Delete|Edit|Submit|Search|Settings|Error|Success|Password|Members?|Tasks?|Points|count|points|days|position|undefined|null|NaN|Invalid|Required|Previous|Next|Close|Upload|Download|None|Unknown|Welcome|Sign (in|out)|Log (in|out)|Logout|Profile|Approvals|Reports|Finance|Amount|Balance|Description|Inactive|Pending|Approved|Rejected|Completed|Today|Yesterday|slug|true|false)\b/;

/** Everything a person reads on the screen now: the text, and the placeholders, labels and titles. */
const screenWords = (p: Page) =>
  p.evaluate(() => {
    const attrs = [...document.querySelectorAll('[placeholder],[aria-label],[title],[alt]')].flatMap((e) =>
      ['placeholder', 'aria-label', 'title', 'alt'].map((a) => e.getAttribute(a) ?? ''));
    return `${document.body.innerText}\n${attrs.join('\n')}`;
  });

/**
 * Opens every screen of the menu (and the personal ones) by client-side navigation, as a click does,
 * and fails on English words, a console error or warning, or, on a phone, a page wider than it.
 */
async function walkScreens(p: Page, who: string, extra: string[] = []): Promise<number> {
  // On a phone the menu sits in the closed drawer: present, not visible.
  await p.locator('nav[aria-label^="Menu do"]').first().waitFor({ state: 'attached' });
  const menu = await p.evaluate(() => [...document.querySelectorAll('nav[aria-label^="Menu do"] a')].map((a) => a.getAttribute('href') ?? ''));
  const paths = [...new Set([...menu, '/dashboard/perfil', '/dashboard/seguranca', ...extra])];
  const width = p.viewportSize()?.width ?? 1280;
  for (const path of paths) {
    await p.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await p.locator('main h1').first().waitFor();
    await p.waitForFunction(() => !document.querySelector('main [role="status"] .animate-spin'));
    await p.waitForTimeout(150);
    const where = `${who} ${path} @${width}px`;
    expect(ENGLISH.exec(await screenWords(p))?.[0], where).toBeUndefined();
    expectCleanConsole(p, where);
    if (width <= 360) expect(await p.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
  }
  return paths.length;
}

describe('club functions', () => {
  it('the director picks a function from the list; a counsellor needs a unit', async () => {
    await page.getByRole('link', { name: 'Membros' }).click();
    await page.getByRole('button', { name: 'Adicionar membro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar membro' });
    await dialog.getByText('Sem conta', { exact: true }).click();
    await dialog.getByLabel('Nome completo').fill('Lia Conselheira');
    const options = await dialog.getByLabel('Função').locator('option').allInnerTexts();
    expect(options).toEqual(['Diretor(a)', 'Diretor(a) associado(a)', 'Secretário(a)', 'Tesoureiro(a)', 'Conselheiro(a)', 'Instrutor(a)', 'Desbravador(a) / Membro']);
    await dialog.getByLabel('Função').selectOption({ label: 'Conselheiro(a)' });
    await dialog.getByText('Lidera a própria unidade', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await dialog.getByRole('alert').filter({ hasText: PERMISSION_MSG.counselorNeedsUnit }).first().waitFor();
    await expectNoA11yViolations(page, 'counsellor without unit');
    await screenshot(page, 'roles-01-counselor-needs-unit');
    await dialog.getByLabel('Unidade').selectOption({ label: 'Águias' });
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText(MEMBER_MSG.added, { exact: true }).first().waitFor();
    await row(page, 'Lia Conselheira').getByText('Conselheiro(a)').waitFor();
    await row(page, 'Lia Conselheira').getByText('Águias').waitFor();
    await screenshot(page, 'roles-02-members');
  });

  it('a treasurer sees Financeiro but not Aprovações or Configurações, and opens the finance screen', async () => {
    const treasurer = await personWith('treasurer', 'Tito Tesoureiro');
    const labels = await menuLabels(treasurer);
    expect(labels).toContain('Financeiro');
    expect(labels).not.toContain('Aprovações');
    expect(labels).not.toContain('Configurações');
    await treasurer.getByRole('link', { name: 'Financeiro' }).click();
    await treasurer.getByRole('heading', { name: 'Financeiro' }).first().waitFor();
    await treasurer.goto('/dashboard/tarefas');
    await treasurer.getByRole('heading', { name: /Tarefas/ }).first().waitFor();
    expect(await treasurer.getByRole('button', { name: /Nova Tarefa/ }).count()).toBe(0);
    await treasurer.goto('/dashboard');
    await treasurer.getByRole('link', { name: 'Novo lançamento' }).waitFor();
    expect(await treasurer.getByRole('link', { name: 'Adicionar membro' }).count()).toBe(0);
    expect(await treasurer.getByRole('link', { name: 'Criar tarefa' }).count()).toBe(0);
    await expectNoA11yViolations(treasurer, 'treasurer');
    await treasurer.setViewportSize({ width: 360, height: 740 });
    await treasurer.goto('/dashboard');
    await openDrawer(treasurer);
    await treasurer.getByRole('navigation', { name: 'Menu do clube' }).getByRole('link', { name: 'Financeiro' }).waitFor();
    await viewportShot(treasurer, 'roles-03-treasurer-sidebar-360');
    await treasurer.context().close();
  });

  it('a counsellor sees Aprovações but not Financeiro; the finance screen says who may', async () => {
    const counselor = await personWith('counselor', 'Caio Conselheiro', aguias);
    const labels = await menuLabels(counselor);
    expect(labels).toContain('Aprovações');
    expect(labels).not.toContain('Financeiro');
    expect(labels).not.toContain('Configurações');
    await counselor.getByRole('link', { name: 'Aprovações' }).click();
    await counselor.getByRole('heading', { name: 'Aprovações' }).first().waitFor();
    await expectNoA11yViolations(counselor, 'counsellor approvals');
    await counselor.setViewportSize({ width: 360, height: 740 });
    await counselor.goto('/dashboard');
    await openDrawer(counselor);
    await counselor.getByRole('navigation', { name: 'Menu do clube' }).getByRole('link', { name: 'Aprovações' }).waitFor();
    await viewportShot(counselor, 'roles-04-counselor-sidebar-360');
    await counselor.context().close();
  });

  it('every screen, as each function, speaks pt-BR and leaves the console clean (1280 px and 360 px)', async () => {
    // The director (the platform's first account, so also super admin) on the desktop.
    await page.goto('/dashboard');
    let screens = await walkScreens(page, 'Diretor(a)', ['/dashboard/reunioes/relatorio', '/dashboard/reunioes/criterios', '/dashboard/fichas-medicas']);
    await page.goto('/superadmin');
    screens += await walkScreens(page, 'Super admin');
    // One account takes each other function in turn, on a phone.
    const p = await personWith('member', 'Rita Rodízio', aguias);
    await p.setViewportSize({ width: 360, height: 740 });
    for (const role of ['associate', 'secretary', 'treasurer', 'counselor', 'instructor', 'member']) {
      await e2e.server.db.query(`UPDATE club_members SET role = $1 WHERE club_id = $2 AND profile_id = (SELECT id FROM profiles WHERE full_name = 'Rita Rodízio')`, [role, clubId]);
      await p.goto('/dashboard');
      screens += await walkScreens(p, role);
    }
    expect(screens).toBeGreaterThan(40);
    await p.context().close();
  });
});
