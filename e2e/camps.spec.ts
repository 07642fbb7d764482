import { describe, expect, it } from 'vitest';
import { CAMP_MSG } from '../src/shared/camps.js';
import { expectCleanConsole, lateDoseDay, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser({ offline: true });
const PHONE = { width: 360, height: 780 };

describe('saídas: the director builds the saída with its APCR, a named leader runs camp mode offline', () => {
  it('APCR from the template → leader downloads the pack → offline: unit checked out, a dose, an incident → reconnects → the log shows each once', async () => {
    const director = await newPage(e2e.browser, e2e.server.baseUrl, PHONE);
    const { clubName } = await registerAndCreateClub(director, { clubName: 'Clube Serra' });
    const db = e2e.server.db;
    const [club] = await db.query<{ id: string; today: string }>(`SELECT id, (now() AT TIME ZONE timezone)::date::text AS today FROM clubs WHERE name = $1`, [clubName]);
    const [unit] = await db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Águias') RETURNING id`, [club.id]);
    const kids: string[] = [];
    for (const name of ['Ana Lima', 'Bruno Reis']) {
      const [p] = await db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
      const [m] = await db.query<{ id: string }>(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3) RETURNING id`, [club.id, p.id, unit.id]);
      kids.push(m.id);
    }
    const dose = await lateDoseDay(db, club.id);
    const [event] = await db.query<{ id: string }>(
      `INSERT INTO events (club_id, title, kind, starts_on, ends_on, place, registration_deadline) VALUES ($1, 'Acampamento da Serra', 'acampamento', $2::date, $2::date + 1, 'Sítio da Serra', $2::date) RETURNING id`,
      [club.id, dose.startsOn]);
    for (const k of kids) await db.query(`INSERT INTO event_registrations (club_id, event_id, member_id) VALUES ($1, $2, $3)`, [club.id, event.id, k]);

    // The leader: an account of the club's leadership (counsellor of Águias).
    const leader = await newPage(e2e.browser, e2e.server.baseUrl, PHONE);
    const leaderAccount = await signUp(leader, { name: 'Pedro Conselheiro' });
    await db.query(
      `INSERT INTO club_members (club_id, profile_id, unit_id, role) SELECT $1, id, $2, 'counselor' FROM profiles WHERE email = $3`, [club.id, unit.id, leaderAccount.email]);

    // The director builds the saída at 360 px: an APCR item without controls is refused, the template fills it.
    await director.goto(`/dashboard/eventos/${event.id}/saida`);
    await director.getByRole('heading', { name: 'Ficha da saída' }).waitFor();
    await director.getByLabel('Transporte').fill('Ônibus fretado');
    await director.getByLabel('Ata nº (voto da igreja)').fill('Ata 12/2026');
    await director.getByLabel('Voto nº').fill('Voto 34');
    await director.getByLabel('Pedro Conselheiro').check();
    await director.getByText('1 líder : 2 participantes').waitFor();
    await director.getByRole('button', { name: 'Adicionar perigo' }).click();
    await director.getByLabel('Perigo 1').fill('Afogamento');
    await director.getByRole('button', { name: 'Salvar saída' }).click();
    await director.getByText(`Item 1: ${CAMP_MSG.controlsRequired}`).waitFor();
    await director.getByRole('button', { name: 'Usar o modelo do clube' }).click();
    await director.getByRole('button', { name: 'Salvar saída' }).click();
    await director.getByText(CAMP_MSG.saved).waitFor();
    await director.getByRole('heading', { name: 'APCR — Acampamento da Serra' }).waitFor();
    expect(await director.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(director, 'camps-01-saida-360');
    expectCleanConsole(director, 'saida');

    // A medication for Bruno an hour ago on the club's clock: late by now.
    const cookie = (await director.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const meds = await e2e.server.app.inject({
      method: 'PUT', url: `/api/clubs/${club.id}/events/${event.id}/camp/participants/${kids[1]}/medications`, headers: { cookie, 'x-trilha-client': 'web' },
      payload: { items: [{ name: 'Ritalina', dose: '10 mg', times: [dose.lateTime] }] },
    });
    expect(meds.statusCode, meds.body).toBe(200);

    // The leader opens camp mode and keeps the pack on the phone.
    await leader.goto(`/dashboard/eventos/${event.id}/acampamento`);
    await leader.getByRole('button', { name: 'Baixar para o celular' }).click();
    await leader.getByText('2 participantes · 1 líder ·', { exact: false }).waitFor();
    const stored = await leader.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('trilha-camp-key:')).length);
    expect(stored).toBe(1);

    // Offline: a movement, the unit checked out, a dose, an incident — all queued.
    await leader.context().setOffline(true);
    await leader.getByLabel('Novo deslocamento').fill('Ônibus — ida');
    await leader.getByRole('button', { name: 'Criar' }).click();
    await leader.getByRole('button', { name: 'Saída da unidade toda' }).click();
    await leader.getByText('Todos contados.').waitFor();
    await leader.getByText('1 dose atrasada').waitFor();
    // The same time on the saída's other day may be listed too: the late one comes first.
    await leader.getByRole('button', { name: 'Dose dada' }).first().click();
    await leader.getByLabel('Participante').selectOption({ label: 'Bruno Reis' });
    await leader.getByLabel('Tipo').selectOption({ label: 'Acidente' });
    await leader.getByLabel('Onde').fill('Trilha');
    await leader.getByLabel('O que aconteceu').fill('Torceu o tornozelo');
    await leader.getByRole('button', { name: 'Registrar ocorrência' }).click();
    await leader.getByText('Sem conexão — 5 registros na fila').waitFor();
    expect(await db.query(`SELECT 1 FROM camp_head_marks`)).toHaveLength(0);
    await screenshot(leader, 'camps-02-offline-360');
    expect(await leader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Back online: the queue goes once, in order.
    await leader.context().setOffline(false);
    await leader.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(async () => (await db.query(`SELECT 1 FROM camp_incidents`)).length, { timeout: 15_000 }).toBe(1);
    await leader.getByText(/registros? na fila/).waitFor({ state: 'detached' });
    const counts = await db.query<{ marks: number; doses: number; incidents: number; movements: number }>(
      `SELECT (SELECT count(*)::int FROM camp_head_marks) AS marks, (SELECT count(*)::int FROM camp_doses) AS doses,
              (SELECT count(*)::int FROM camp_incidents) AS incidents, (SELECT count(*)::int FROM camp_movements) AS movements`);
    expect(counts[0]).toEqual({ marks: 2, doses: 1, incidents: 1, movements: 1 });
    const log = leader.getByRole('list', { name: 'Registro do acampamento' });
    await expect.poll(async () => log.getByRole('listitem').count()).toBe(4);
    await screenshot(leader, 'camps-03-synced-360');
    expectCleanConsole(leader, 'camp mode');
  });
});
