import { describe, expect, it } from 'vitest';
import { expectCleanConsole, mailIn, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

describe('the regional view: two clubs share with one coordinator', () => {
  it('each direction shares by e-mail; the coordinator confirms the e-mail and sees both clubs side by side (1280 and 360 px), counts only', async () => {
    const coordinator = await newPage(e2e.browser, e2e.server.baseUrl, { width: 1280, height: 800 });
    const coord = await signUp(coordinator, { name: 'Rita Coordenadora' });

    for (const clubName of ['Clube Águia Dourada', 'Clube Zimbro']) {
      const director = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
      await registerAndCreateClub(director, { clubName });
      const [club] = await e2e.server.db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
      const [kid] = await e2e.server.db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Criança de ${clubName}') RETURNING id`);
      await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, birth_date) VALUES ($1, $2, '2015-03-03')`, [club.id, kid.id]);
      await director.goto('/dashboard/associacao/regional');
      await director.getByRole('heading', { name: 'Compartilhar com a coordenação regional' }).waitFor();
      await director.getByLabel('E-mail da coordenação regional').fill(coord.email);
      await director.getByRole('button', { name: 'Compartilhar' }).click();
      await director.getByRole('list', { name: 'Compartilhamentos' }).getByText(coord.email).waitFor();
      if (clubName === 'Clube Zimbro') {
        expect(await director.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await screenshot(director, 'associacao-regional-01-share-360');
      }
      expectCleanConsole(director, `director of ${clubName}`);
      await director.close();
    }

    // The coordinator's e-mail is not confirmed yet: nothing shows until it is.
    await coordinator.goto('/dashboard/regional');
    await coordinator.getByText('Confirme seu e-mail para ver os clubes que compartilharam com você.').waitFor();
    await coordinator.getByRole('button', { name: 'Enviar link de confirmação' }).click();
    // The clubs' share notices went to the same address before: wait for the one with the link.
    const confirmLink = /https?:\/\/\S+\/confirmar-email\/[\w-]+/;
    const mail = await mailIn(e2e.server, coord.email, confirmLink);
    const link = confirmLink.exec(mail.text)?.[0] ?? '';
    expect(link, mail.text).not.toBe('');
    await coordinator.goto(new URL(link).pathname);
    await coordinator.getByRole('button', { name: 'Confirmar novo e-mail' }).click();
    await coordinator.getByRole('status').waitFor();

    await coordinator.goto('/dashboard/regional');
    const table = coordinator.getByRole('table', { name: 'Clubes lado a lado' });
    await table.getByRole('rowheader', { name: 'Clube Águia Dourada' }).waitFor();
    await table.getByRole('rowheader', { name: 'Clube Zimbro' }).waitFor();
    expect(await coordinator.getByText(/Criança de/).count()).toBe(0);
    await screenshot(coordinator, 'associacao-regional-02-side-by-side-1280');
    expectCleanConsole(coordinator, 'coordinator 1280');

    await coordinator.setViewportSize({ width: 360, height: 780 });
    const cards = coordinator.getByRole('list', { name: 'Clubes' });
    await cards.getByRole('heading', { name: 'Clube Zimbro' }).waitFor();
    expect(await coordinator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(coordinator, 'associacao-regional-03-cards-360');
    expectCleanConsole(coordinator, 'coordinator 360');
  });
});
