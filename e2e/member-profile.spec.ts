import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectCleanConsole, newPage, registerAndCreateClub, signUp, screenshot, type Account, useServerAndBrowser } from './harness.js';

// Issue 43: the kid's 'Meu perfil' fits a 360 px phone.

const e2e = useServerAndBrowser();
let director: Page;
let club: Account & { clubName: string };
let clubId: string;

beforeAll(async () => {
  director = await newPage(e2e.browser, e2e.server.baseUrl);
  club = await registerAndCreateClub(director, { account: { name: 'Diretora Perfil' }, clubName: 'Clube do Perfil' });
  [{ id: clubId }] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = $1`, [club.clubName]);
  await e2e.server.db.query(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Águias Reais do Planalto Central', '#0ea5e9')`, [clubId]);
});

/** The elements wider than the window, for the failure message. */
const overflowing = (p: Page) => p.evaluate(() => [...document.querySelectorAll('body *')]
  .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
  .slice(0, 8).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}`));

describe("a kid's 'Meu perfil' on a phone", () => {
  it('is no wider than the 360 px screen', async () => {
    const kid = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    const acc = await signUp(kid, { name: 'Maria Eduarda dos Santos Albuquerque', email: `maria.eduarda.dos.santos.albuquerque.${Date.now()}@exemplo-muito-comprido.com.br` });
    const [profile] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [acc.email]);
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id, birth_date)
      SELECT $1, $2, 'member', id, current_date - interval '11 years' FROM units WHERE club_id = $1`, [clubId, profile?.id]);
    // A badge whose description is one long line: its card once stretched the page to 456 px.
    const [badge] = await e2e.server.db.query<{ id: string }>(`INSERT INTO badges (name, description, icon_svg) VALUES ('Explorador da Natureza Avançado',
      'Completou todas as trilhas do acampamento regional de inverno com a unidade inteira reunida', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>') RETURNING id`);
    await e2e.server.db.query(`INSERT INTO member_badges (club_id, profile_id, badge_id) VALUES ($1, $2, $3)`, [clubId, profile?.id, badge?.id]);
    await kid.goto('/dashboard/perfil');
    await kid.getByRole('heading', { name: 'Meu perfil' }).waitFor();
    await kid.waitForLoadState('networkidle');
    await screenshot(kid, 'member-profile-360');
    const width = await kid.evaluate(() => document.documentElement.scrollWidth);
    expect(width, (await overflowing(kid)).join('\n')).toBeLessThanOrEqual(360);
    expectCleanConsole(kid, 'Meu perfil');
    await kid.context().close();
  });
});
