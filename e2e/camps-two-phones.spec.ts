import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectCleanConsole, lateDoseDay, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser({ offline: true });
const PHONE = { width: 360, height: 780 };

/** A named leader: an account of the club's leadership (counsellor), in a browser context of its own. */
async function counsellor(name: string, clubId: string, unitId: string): Promise<{ page: Page; memberId: string }> {
  const page = await newPage(e2e.browser, e2e.server.baseUrl, PHONE);
  const account = await signUp(page, { name });
  const [m] = await e2e.server.db.query<{ id: string }>(
    `INSERT INTO club_members (club_id, profile_id, unit_id, role) SELECT $1, id, $2, 'counselor' FROM profiles WHERE email = $3 RETURNING id`, [clubId, unitId, account.email]);
  return { page, memberId: m.id };
}

async function reconnect(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByText(/registros? na fila|Enviando/).waitFor({ state: 'detached', timeout: 15_000 });
}

/** The merged log, the same on both phones: three check-outs (each once) and one dose, each with who recorded it. */
const MERGED = [
  /Dose dada: Ritalina 10 mg — Bruno Reis · Pedro Conselheiro$/,
  /Saída — Ana Lima \(Ônibus — ida\) · Pedro Conselheiro$/,
  /Saída — Bruno Reis \(Ônibus — ida\) · Pedro Conselheiro$/,
  /Saída — Carla Souza \(Ônibus — ida\) · Marta Conselheira$/,
];
const logLines = (page: Page) => page.getByRole('list', { name: 'Registro do acampamento' }).getByRole('listitem');

describe('saídas: two leaders offline on two phones, one log after both reconnect (ADR 078)', () => {
  it('both count and give the same due dose offline → each record once on the server, the second phone told, both show the merged log without F5', async () => {
    const director = await newPage(e2e.browser, e2e.server.baseUrl, PHONE);
    const { clubName } = await registerAndCreateClub(director, { clubName: 'Clube Vale' });
    const db = e2e.server.db;
    const [club] = await db.query<{ id: string; today: string }>(`SELECT id, (now() AT TIME ZONE timezone)::date::text AS today FROM clubs WHERE name = $1`, [clubName]);
    const units = await db.query<{ id: string; name: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Águias'), ($1, 'Falcões') RETURNING id, name`, [club.id]);
    const unitOf = (name: string) => units.find((u) => u.name === name)?.id ?? '';
    const kids = new Map<string, string>();
    for (const [name, unit] of [['Ana Lima', 'Águias'], ['Bruno Reis', 'Águias'], ['Carla Souza', 'Falcões']]) {
      const [p] = await db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
      const [m] = await db.query<{ id: string }>(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3) RETURNING id`, [club.id, p.id, unitOf(unit)]);
      kids.set(name, m.id);
    }
    const dose = await lateDoseDay(db, club.id);
    const [event] = await db.query<{ id: string }>(
      `INSERT INTO events (club_id, title, kind, starts_on, ends_on, place, registration_deadline) VALUES ($1, 'Acampamento do Vale', 'acampamento', $2::date, $2::date + 1, 'Sítio do Vale', $2::date) RETURNING id`,
      [club.id, dose.startsOn]);
    for (const k of kids.values()) await db.query(`INSERT INTO event_registrations (club_id, event_id, member_id) VALUES ($1, $2, $3)`, [club.id, event.id, k]);

    const a = await counsellor('Pedro Conselheiro', club.id, unitOf('Águias'));
    const b = await counsellor('Marta Conselheira', club.id, unitOf('Falcões'));

    // The director names both on the saída and gives Bruno a medication an hour ago (late by now).
    const cookie = (await director.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const headers = { cookie, 'x-trilha-client': 'web' };
    const saved = await e2e.server.app.inject({ method: 'PUT', url: `/api/clubs/${club.id}/events/${event.id}/camp`, headers, payload: { transport: 'Ônibus', leader_member_ids: [a.memberId, b.memberId] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const meds = await e2e.server.app.inject({
      method: 'PUT', url: `/api/clubs/${club.id}/events/${event.id}/camp/participants/${kids.get('Bruno Reis')}/medications`, headers,
      payload: { items: [{ name: 'Ritalina', dose: '10 mg', times: [dose.lateTime] }] },
    });
    expect(meds.statusCode, meds.body).toBe(200);

    // Before leaving: Pedro downloads and creates the bus movement; Marta downloads after, so both phones hold it.
    await a.page.goto(`/dashboard/eventos/${event.id}/acampamento`);
    await a.page.getByRole('button', { name: 'Baixar para o celular' }).click();
    await a.page.getByText('3 participantes · 2 líderes ·', { exact: false }).waitFor();
    await a.page.getByLabel('Novo deslocamento').fill('Ônibus — ida');
    await a.page.getByRole('button', { name: 'Criar' }).click();
    await expect.poll(async () => (await db.query(`SELECT 1 FROM camp_movements`)).length, { timeout: 10_000 }).toBe(1);
    await b.page.goto(`/dashboard/eventos/${event.id}/acampamento`);
    await b.page.getByRole('button', { name: 'Baixar para o celular' }).click();
    await b.page.getByRole('region', { name: 'Unidade Falcões' }).waitFor();
    // Marks this document: a reload (F5) would lose it.
    for (const p of [a.page, b.page]) await p.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });

    // No signal at the campsite: both phones offline, each counts heads and gives Bruno's late dose.
    await a.page.context().setOffline(true);
    await b.page.context().setOffline(true);
    await a.page.getByRole('region', { name: 'Unidade Águias' }).getByRole('button', { name: 'Saída da unidade toda' }).click();
    await a.page.getByText('1 dose atrasada').waitFor();
    await a.page.getByRole('button', { name: 'Dose dada' }).first().click();
    await a.page.getByText('Sem conexão — 3 registros na fila').waitFor();

    await b.page.getByRole('region', { name: 'Unidade Águias' }).getByRole('button', { name: 'Bruno Reis' }).click();
    await b.page.getByRole('region', { name: 'Unidade Falcões' }).getByRole('button', { name: 'Carla Souza' }).click();
    await b.page.getByText('1 dose atrasada').waitFor();
    await b.page.getByRole('button', { name: 'Dose dada' }).first().click();
    await b.page.getByText('Sem conexão — 3 registros na fila').waitFor();
    expect(await db.query(`SELECT 1 FROM camp_head_marks UNION ALL SELECT 1 FROM camp_doses`)).toHaveLength(0);
    await screenshot(a.page, 'camps-two-01-pedro-offline-360');
    await screenshot(b.page, 'camps-two-02-marta-offline-360');

    // Pedro reconnects first: his three go. Then Marta: Bruno's check-out and the dose were Pedro's first.
    await reconnect(a.page);
    await reconnect(b.page);
    const counts = await db.query<{ member: string; direction: string; n: number }>(
      `SELECT p.full_name AS member, h.direction, count(*)::int AS n FROM camp_head_marks h JOIN club_members m ON m.id = h.member_id JOIN profiles p ON p.id = m.profile_id
        GROUP BY 1, 2 ORDER BY 1`);
    expect(counts).toEqual([
      { member: 'Ana Lima', direction: 'saida', n: 1 }, { member: 'Bruno Reis', direction: 'saida', n: 1 }, { member: 'Carla Souza', direction: 'saida', n: 1 },
    ]);
    const doses = await db.query<{ recorded_by: string; status: string }>(
      `SELECT p.full_name AS recorded_by, d.status FROM camp_doses d JOIN profiles p ON p.id = d.recorded_by`);
    expect(doses).toEqual([{ recorded_by: 'Pedro Conselheiro', status: 'dada' }]);

    // Marta's phone says what happened to hers: the first stood, hers was not added.
    const told = b.page.getByRole('list', { name: 'Registros de outro líder' }).getByRole('listitem');
    await expect.poll(async () => told.allTextContents(), { timeout: 10_000 }).toEqual([
      expect.stringMatching(/^Saída: Bruno Reis — ficou o registro de Pedro Conselheiro \(.+\); o deste celular não foi somado\.$/),
      expect.stringMatching(/^Dose dada: Ritalina — Bruno Reis — ficou o registro de Pedro Conselheiro \(.+\); o deste celular não foi somado\.$/),
    ]);
    await b.page.getByText('Se a dose foi mesmo dada duas vezes, registre uma ocorrência e avise o responsável.').waitFor();

    // Both phones show the one merged log — Pedro's picks up Marta's Carla by itself, without F5.
    for (const p of [a.page, b.page]) {
      await expect.poll(async () => {
        const lines = await logLines(p).allTextContents();
        return lines.length === MERGED.length && MERGED.every((re) => lines.some((l) => re.test(l)));
      }, { timeout: 40_000 }).toBe(true);
      await p.getByText('1 dose atrasada').waitFor({ state: 'detached' });
      expect(await p.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    }
    await screenshot(a.page, 'camps-two-03-pedro-merged-360');
    await screenshot(b.page, 'camps-two-04-marta-merged-360');
    expectCleanConsole(director, 'director');
  });
});
