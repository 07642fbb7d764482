import { beforeAll, describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { BATCH_MSG } from '../src/shared/point-batches.js';
import { MEMBER_MSG } from '../src/shared/members.js';
import { BADGE_MSG } from '../src/shared/badges.js';
import { SCREENSHOT_DIR, expectNoA11yViolations, loginThroughUi, newPage, registerAndCreateClub, screenshot, uniqueEmail, type Account, useServerAndBrowser } from './harness.js';

// Issue 19: a club run from a phone (360 × 780, touch, pt-BR).
const PHONE = { width: 360, height: 780 };

const e2e = useServerAndBrowser();
let phone: BrowserContext;
let page: Page;
let admin: Account & { clubName: string };
let clubId: string;
let eagles: string;
let lions: string;

async function phoneContext(): Promise<BrowserContext> {
  return e2e.browser.newContext({ baseURL: e2e.server.baseUrl, viewport: PHONE, hasTouch: true, isMobile: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
}

async function addMember(name: string, unitId: string | null, email: string | null = null): Promise<string> {
  const [p] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name, email, owner_club_id) VALUES ($1, $2, $3) RETURNING id`, [name, email, clubId]);
  await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, 'Desbravador(a)', $3)`, [clubId, p.id, unitId]);
  return p.id;
}

/** What the phone shows without scrolling (a full-page shot of 30 cards is too tall to judge). */
async function shot(p: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await p.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

const toast = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();
const scrollWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  const desk = await newPage(e2e.browser, e2e.server.baseUrl);
  admin = await registerAndCreateClub(desk, { account: { name: 'Diretora Marta' }, clubName: 'Clube do Celular' });
  await desk.context().close();
  [{ id: clubId }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube do Celular'`);
  [{ id: eagles }, { id: lions }] = await e2e.server.db.query<{ id: string }>(
    `INSERT INTO units (club_id, name, color) VALUES ($1, 'Águias', '#0ea5e9'), ($1, 'Leões', '#f97316') RETURNING id`, [clubId]);
  const first = ['Ana', 'Bruno', 'Caio', 'Duda', 'Enzo', 'Fabi', 'Gabi', 'Hugo', 'Iara', 'João', 'Kaio', 'Lara', 'Mel', 'Nina', 'Otto'];
  for (const [i, n] of first.entries()) await addMember(`${n} Souza`, i % 2 ? eagles : lions);
  for (const [i, n] of first.entries()) await addMember(`${n} Lima`, i % 3 === 0 ? null : i % 2 ? lions : eagles);
  phone = await phoneContext();
  page = await phone.newPage();
  await loginThroughUi(page, admin.email);
});

describe('a club run from a phone (360 px)', () => {
  it('members are cards with function and unit inside the screen; the actions are reachable', async () => {
    await page.goto('/dashboard/membros');
    const cards = page.getByRole('list', { name: 'Membros do clube' });
    const card = cards.getByRole('listitem').filter({ hasText: 'Ana Souza' });
    await card.getByText('Desbravador(a)').waitFor();
    const unit = card.getByText('Leões', { exact: true });
    const box = await unit.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const role = await card.getByText('Desbravador(a)').boundingBox();
    expect(role && role.x + role.width).toBeLessThanOrEqual(PHONE.width);
    await card.getByText('Sem conta').waitFor();
    const edit = card.getByRole('button', { name: 'Editar Ana Souza' });
    const editBox = await edit.boundingBox();
    expect(editBox && editBox.x + editBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(editBox?.height).toBeGreaterThanOrEqual(44);
    expect(await page.getByRole('region', { name: 'Tabela de membros' }).isVisible()).toBe(false);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectNoA11yViolations(page, 'members cards at 360');
    await shot(page, 'phone-01-members-cards');
  });

  it("'Pontuar vários' scores three members in one save and the ranking shows it", async () => {
    await page.goto('/dashboard/ranking');
    await page.getByRole('button', { name: 'Pontuar vários' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pontuar vários' });
    await dialog.getByRole('checkbox', { name: 'Ana Souza' }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Selecionar unidade Águias' }).count()).toBe(1);
    await shot(page, 'phone-02-score-many-30');
    await expectNoA11yViolations(page, 'score many dialog');
    // Validation: nothing selected, no points.
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText(BATCH_MSG.membersRequired).waitFor();
    await dialog.getByLabel('Buscar membro').fill('souza');
    expect(await dialog.getByRole('checkbox', { name: 'Ana Lima' }).count()).toBe(0);
    for (const n of ['Ana Souza', 'Bruno Souza', 'Caio Souza']) await dialog.getByRole('checkbox', { name: n }).check();
    await dialog.getByLabel('Pontos').fill('12');
    await dialog.getByLabel('Motivo').fill('Limpeza do acampamento');
    await dialog.getByText('3 selecionados').waitFor();
    const save = dialog.getByRole('button', { name: 'Salvar' });
    const saveBox = await save.boundingBox();
    expect(saveBox && saveBox.x + saveBox.width).toBeLessThanOrEqual(PHONE.width);
    await save.click();
    await toast(page, `${BATCH_MSG.saved} (3)`);
    await dialog.waitFor({ state: 'hidden' });
    const table = page.getByRole('region', { name: 'Tabela do ranking individual' });
    for (const n of ['Ana Souza', 'Bruno Souza', 'Caio Souza']) {
      await expect.poll(() => table.getByRole('row').filter({ hasText: n }).locator('td').last().textContent()).toBe('12');
    }
    const [{ n }] = await e2e.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM point_batches WHERE club_id = $1`, [clubId]);
    expect(n).toBe(1);
  });

  it("the batch is undone as a whole from a member's points history", async () => {
    const [{ id }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Bruno Souza'`);
    await page.goto(`/dashboard/membros/${id}`);
    const history = page.getByRole('region', { name: 'Tabela do histórico de pontos' });
    const line = history.getByRole('row').filter({ hasText: 'Limpeza do acampamento' });
    const points = await line.locator('td').last().boundingBox();
    expect(points && points.x + points.width).toBeLessThanOrEqual(PHONE.width);
    await line.getByRole('button', { name: 'Desfazer lote' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desfazer lote' });
    await confirm.getByRole('button', { name: 'Desfazer lote' }).click();
    await toast(page, `${BATCH_MSG.undone} (3)`);
    await history.getByText('· lote desfeito').first().waitFor();
    const totals = await e2e.server.db.query<{ n: number }>(
      `SELECT coalesce(sum(pe.points), 0)::int AS n FROM point_events pe JOIN profiles p ON p.id = pe.profile_id
        WHERE pe.club_id = $1 AND p.full_name IN ('Ana Souza', 'Bruno Souza', 'Caio Souza') GROUP BY p.id`, [clubId]);
    expect(totals.map((t) => t.n)).toEqual([0, 0, 0]);
  });

  it("'Selecionar unidade' picks a whole unit", async () => {
    await page.goto('/dashboard/membros');
    await page.getByRole('button', { name: 'Pontuar vários' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pontuar vários' });
    await dialog.getByRole('checkbox', { name: 'Selecionar unidade Águias' }).check();
    const [{ n }] = await e2e.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM club_members WHERE club_id = $1 AND unit_id = $2`, [clubId, eagles]);
    await dialog.getByText(`${n} selecionados`).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('a club badge is created by picking an icon, then linked to a task', async () => {
    await page.goto('/dashboard/badges');
    await page.getByRole('button', { name: 'Novo badge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo badge do clube' });
    const gallery = dialog.getByRole('radiogroup', { name: 'Ícone' });
    // count() does not wait, and the opened dialog renders a tick after the click.
    await gallery.getByRole('radio').first().waitFor({ state: 'attached' });
    expect(await gallery.getByRole('radio').count()).toBeGreaterThanOrEqual(30);
    await gallery.getByRole('radio', { name: 'Barraca' }).check({ force: true });
    await dialog.getByRole('radiogroup', { name: 'Cor' }).getByRole('radio', { name: 'Laranja' }).check({ force: true });
    await dialog.getByLabel('Nome').fill('Acampante');
    await dialog.getByLabel('Descrição').fill('Dormiu na barraca no acampamento');
    await dialog.getByLabel('Categoria').selectOption('specialties');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectNoA11yViolations(page, 'badge icon gallery');
    await dialog.getByText('Escolha um ícone e uma cor.').scrollIntoViewIfNeeded();
    await shot(page, 'phone-03-badge-gallery');
    await dialog.getByRole('button', { name: 'Criar badge' }).click();
    await toast(page, BADGE_MSG.created);
    await page.getByRole('heading', { name: 'Acampante' }).waitFor();
    const [badge] = await e2e.server.db.query<{ club_id: string; icon_key: string; icon_color: string }>(`SELECT club_id, icon_key, icon_color FROM badges WHERE name = 'Acampante'`);
    expect(badge).toEqual({ club_id: clubId, icon_key: 'tent', icon_color: '#ea580c' });

    await e2e.server.db.query(`INSERT INTO tasks (club_id, title, type, points) VALUES ($1, 'Montar a barraca', 'check', 10)`, [clubId]);
    await page.goto('/dashboard/tarefas');
    await page.getByRole('button', { name: 'Badges de Montar a barraca' }).click();
    const bd = page.getByRole('dialog', { name: 'Badges — Montar a barraca' });
    await bd.getByRole('button', { name: 'Vincular Acampante' }).click();
    await expect.poll(async () => (await e2e.server.db.query(`SELECT 1 FROM task_badges tb JOIN tasks t ON t.id = tb.task_id WHERE t.title = 'Montar a barraca'`)).length).toBe(1);
  });

  it("'Gerar novo link' kills the old link and shows the new one", async () => {
    await page.goto('/dashboard/membros');
    await page.getByRole('button', { name: 'Adicionar membro' }).click();
    const add = page.getByRole('dialog', { name: 'Adicionar membro' });
    const email = uniqueEmail('relink');
    await add.getByLabel('E-mail', { exact: true }).fill(email);
    await add.getByRole('button', { name: 'Adicionar' }).click();
    const oldLink = await add.getByLabel('Link do convite').inputValue();
    await add.getByRole('button', { name: 'Concluir' }).click();
    await page.getByRole('button', { name: `Gerar novo link para ${email}` }).click();
    const fresh = page.getByRole('dialog', { name: 'Novo link do convite' });
    const newLink = await fresh.getByLabel('Link do convite').inputValue();
    expect(newLink).not.toBe(oldLink);
    await fresh.getByRole('button', { name: 'Copiar link' }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await fresh.getByRole('button', { name: 'Concluir' }).click();
    const guest = await (await phoneContext()).newPage();
    await guest.goto(new URL(oldLink).pathname);
    await guest.getByText(MEMBER_MSG.invitationInvalid).waitFor();
    await guest.goto(new URL(newLink).pathname);
    expect(await guest.getByLabel('E-mail').inputValue()).toBe(email);
    await guest.context().close();
  });

  it('a member logs in and sees Meus pontos and Minha posição, and no Adicionar membro', async () => {
    const kid = { name: 'Kiko Alves', email: uniqueEmail('kiko'), password: 'segredo123' };
    const reg = await (await phoneContext()).newPage();
    await reg.goto('/cadastro');
    await reg.getByLabel('Nome completo').fill(kid.name);
    await reg.getByLabel('E-mail').fill(kid.email);
    await reg.getByLabel('Senha', { exact: true }).fill(kid.password);
    await reg.getByLabel('Confirmar senha').fill(kid.password);
    await reg.getByRole('button', { name: 'Criar conta' }).click();
    await reg.waitForURL('**/dashboard');
    const [{ id }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [kid.email]);
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, 'Desbravador(a)', $3)`, [clubId, id, eagles]);
    await e2e.server.db.query(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason) VALUES ($1, $2, $3, 'manual', 30, 'Bônus')`, [clubId, id, eagles]);
    await e2e.server.db.query(`INSERT INTO tasks (club_id, title, type, points, due_date) VALUES ($1, 'Trazer a Bíblia', 'check', 5, now() + interval '3 days')`, [clubId]);
    await reg.goto('/dashboard');
    await reg.getByRole('heading', { name: 'Meus pontos' }).waitFor();
    await reg.getByRole('heading', { name: 'Minha posição' }).waitFor();
    await reg.getByText('1º de', { exact: false }).first().waitFor();
    await reg.getByText('30 pontos', { exact: true }).first().waitFor();
    expect(await reg.getByText('Adicionar membro').count()).toBe(0);
    expect(await reg.getByText('Criar tarefa').count()).toBe(0);
    expect(await reg.getByText('Membros Ativos').count()).toBe(0);
    expect(await scrollWidth(reg)).toBeLessThanOrEqual(PHONE.width);
    await expectNoA11yViolations(reg, 'member home');
    await shot(reg, 'phone-04-member-home');
    await screenshot(reg, 'phone-04-member-home-full');
    await reg.getByRole('button', { name: /Trazer a Bíblia/ }).click();
    await reg.getByRole('dialog', { name: 'Trazer a Bíblia' }).waitFor();
    await reg.context().close();
  });

  it('a director who also takes part sees the club panel and, apart, their own progress', async () => {
    await page.goto('/dashboard');
    await page.getByRole('group', { name: 'Membros Ativos' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Meu progresso' }).count()).toBe(0);
    await e2e.server.db.query(`UPDATE club_members SET unit_id = $2 WHERE club_id = $1 AND role = 'admin'`, [clubId, lions]);
    await page.reload();
    await page.getByRole('heading', { name: 'Meu progresso' }).waitFor();
    await page.getByRole('link', { name: 'Adicionar membro' }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it('a camera-sized photo becomes the logo, shrunk to 512 px in the browser', async () => {
    await page.goto('/dashboard/configuracoes');
    // A 3000 × 2000 noisy JPEG: several MB, like a phone camera's.
    const base64 = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 3000;
      c.height = 2000;
      const ctx = c.getContext('2d');
      if (!ctx) return '';
      const img = ctx.createImageData(c.width, c.height);
      for (let i = 0; i < img.data.length; i += 1) img.data[i] = (i * 2654435761) % 251;
      ctx.putImageData(img, 0, 0);
      return c.toDataURL('image/jpeg', 0.98).split(',')[1] ?? '';
    });
    const photo = Buffer.from(base64, 'base64');
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    await page.locator('#logo-file').setInputFiles({ name: 'IMG_2024.jpg', mimeType: 'image/jpeg', buffer: photo });
    await toast(page, 'Logo atualizado com sucesso!');
    const logo = page.getByRole('img', { name: /^Logo do / }).first();
    await logo.waitFor();
    const size = await logo.evaluate(async (el) => {
      const img = el as HTMLImageElement;
      await img.decode();
      return { w: img.naturalWidth, h: img.naturalHeight };
    });
    expect(size).toEqual({ w: 512, h: 341 });
  });

  it('no club page is wider than the screen at 360 px', async () => {
    const [{ id: someone }] = await e2e.server.db.query<{ id: string }>(`SELECT profile_id AS id FROM club_members WHERE club_id = $1 AND role <> 'admin' LIMIT 1`, [clubId]);
    const pages = ['/dashboard', '/dashboard/membros', `/dashboard/membros/${someone}`, '/dashboard/unidades', '/dashboard/tarefas', '/dashboard/minhas-tarefas',
      '/dashboard/aprovacoes', '/dashboard/periodos', '/dashboard/financeiro', '/dashboard/ranking', '/dashboard/badges', '/dashboard/configuracoes', '/dashboard/perfil'];
    const wide: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(300);
      const w = await scrollWidth(page);
      if (w > PHONE.width) wide.push(`${path}: ${w}px`);
    }
    expect(wide).toEqual([]);
  });
});
