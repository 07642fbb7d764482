import { describe, expect, it } from 'vitest';
import { expectCleanConsole, newPage, registerAndCreateClub, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const year = now.getFullYear();
const todayIso = `${year}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
const todayDigits = `${pad(now.getDate())}${pad(now.getMonth() + 1)}${year}`;

describe("secretaria: a meeting's roll call becomes the attendance of its ata", () => {
  it("the date's roll call is picked in 'Nova ata'; the ata lists who was there and says it came from the chamada, at 360 px", async () => {
    const director = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    const { clubName } = await registerAndCreateClub(director, { account: { name: 'Diretora Reis' }, clubName: 'Clube Chamada' });
    const db = e2e.server.db;
    const [club] = await db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const kids: string[] = [];
    for (const name of ['Ágatha Lima', 'Bento Souza', 'Zeca Prado']) {
      const [p] = await db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
      const [m] = await db.query<{ id: string }>(`INSERT INTO club_members (club_id, profile_id) VALUES ($1, $2) RETURNING id`, [club.id, p.id]);
      kids.push(m.id);
    }
    const cookie = (await director.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await e2e.server.app.inject({ method, url: `/api/clubs/${club.id}${url}`, headers: { cookie, 'x-trilha-client': 'web' }, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const meeting = await api('POST', '/meetings', { date: todayIso, title: 'Reunião de hoje', type: 'regular' });
    await api('PUT', `/meetings/${meeting.id}/attendance`, { marks: [
      { member_id: kids[0], status: 'present', criteria: [] }, { member_id: kids[1], status: 'late', criteria: [] }, { member_id: kids[2], status: 'absent', criteria: [] },
    ] });

    await director.goto('/dashboard/secretaria');
    await director.getByRole('button', { name: 'Nova ata' }).click();
    const dialog = director.getByRole('dialog', { name: 'Nova ata' });
    await dialog.getByLabel('Reunião', { exact: true }).selectOption({ label: 'Reunião regular' });
    await dialog.getByLabel('Data').pressSequentially(todayDigits);
    const rollCall = dialog.getByLabel('Presença pela chamada (opcional)');
    await rollCall.locator('option', { hasText: 'Reunião de hoje (2 presentes)' }).waitFor({ state: 'attached' });
    await rollCall.selectOption({ label: 'Reunião de hoje (2 presentes)' });
    await dialog.getByText(/Chamada de «Reunião de hoje» de \d\d\/\d\d\/\d{4}: 1 presente, 1 atrasado, 1 ausente, 0 justificados/).waitFor();
    await dialog.getByLabel('Local').fill('Salão do clube');
    await dialog.getByLabel('Presidida por').fill('Diretora Reis');
    await dialog.getByLabel('Redigida por').fill('Diretora Reis');
    await dialog.getByRole('checkbox', { name: /Diretora Reis/ }).check();
    await dialog.getByLabel('Texto da ata').fill('Reunião regular do clube; a presença é a da chamada.');
    await rollCall.scrollIntoViewIfNeeded();
    await screenshot(director, 'secretaria-09-ata-roll-call-form-360');
    await dialog.getByRole('button', { name: 'Salvar rascunho' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await director.getByRole('link', { name: `Ata nº 1/${year}` }).click();
    await director.getByRole('heading', { name: `Ata nº 1/${year}` }).waitFor();
    await director.getByText(/Presentes \(3\):.*Ágatha Lima; Bento Souza; Diretora Reis/).waitFor();
    await director.getByText(/Presença conforme a chamada da reunião «Reunião de hoje»/).waitFor();
    expect(await director.getByText('Zeca Prado').count()).toBe(0);
    expect(await director.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(director, 'secretaria-10-ata-roll-call-360');
    expectCleanConsole(director, 'director (ata from roll call)');
  });
});
