import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MARK_MSG } from '../src/shared/programme.js';
import { expectNoA11yViolations, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser, untilServiceWorkerControls } from './harness.js';

// Issue 34: the grid at camp, on a phone (360 px), with no connection. Signatures wait on the device
// ('pendente de envio'), survive a reload with no connection, and arrive once when it returns.
const e2e = useServerAndBrowser({ offline: true });
let page: Page;
let clubId: string;
const kids = ['Ana Souza', 'Bruno Lima', 'Carla Dias'];

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => e2e.server.db.query<T>(text, params);
const cell = (name: string, n: number, state: string) => page.getByRole('button', { name: `${name}, requisito ${n}: ${state}`, exact: true });
const signatures = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM programme_signatures WHERE club_id = $1', [clubId]))[0].n;
const points = async () => (await sql<{ n: number }>(`SELECT coalesce(sum(points), 0)::int AS n FROM point_events WHERE club_id = $1 AND source = 'programme'`, [clubId]))[0].n;

beforeAll(async () => {
  page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
  const { clubName } = await registerAndCreateClub(page, { clubName: 'Clube no Acampamento' });
  [{ id: clubId }] = await sql<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
  for (const [i, text] of ['Ter no mínimo 10 anos', 'Memorizar o voto e a lei', 'Participar de uma caminhada'].entries()) {
    await sql(`INSERT INTO programme_requirements (club_id, item_code, position, text) VALUES ($1, 'AMIGO', $2, $3)`, [clubId, i + 1, text]);
  }
  for (const name of kids) {
    const [p] = await sql<{ id: string }>('INSERT INTO profiles (full_name) VALUES ($1) RETURNING id', [name]);
    const [m] = await sql<{ id: string }>(`INSERT INTO club_members (club_id, profile_id, birth_date) VALUES ($1, $2, current_date - interval '10 years 3 months') RETURNING id`, [clubId, p.id]);
    await sql(`INSERT INTO programme_enrolments (club_id, member_id, item_code, kind) VALUES ($1, $2, 'AMIGO', 'class')`, [clubId, m.id]);
  }
});

describe('the grid offline', () => {
  it('an instructor signs in the grid with no connection, reloads offline, and the queue arrives once when back online', async () => {
    await page.goto('/dashboard/programa');
    await page.getByRole('tab', { name: 'Grade' }).waitFor();
    await page.getByLabel('Classe ou especialidade da grade').selectOption('AMIGO');
    await cell('Ana Souza', 1, 'não assinado').waitFor();
    // The installed service worker controls the page, so the app itself opens with no connection.
    await untilServiceWorkerControls(page);
    await cell('Ana Souza', 1, 'não assinado').waitFor();
    await screenshot(page, 'programme-offline-01-grid-online');

    await page.context().setOffline(true);
    await page.getByText('Sem conexão.', { exact: true }).waitFor();
    await cell('Ana Souza', 1, 'não assinado').click();
    await cell('Ana Souza', 1, 'pendente de envio').waitFor();
    await cell('Bruno Lima', 1, 'não assinado').click();
    await cell('Bruno Lima', 1, 'pendente de envio').waitFor();
    await page.getByRole('status').filter({ hasText: 'Sem conexão — 2 assinaturas na fila' }).waitFor();
    await page.getByRole('button', { name: /^Requisito 2:/ }).click();
    await page.getByRole('button', { name: 'Assinar para todos os presentes' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Assinar para 3' }).click();
    for (const name of kids) await cell(name, 2, 'pendente de envio').waitFor();
    await page.getByRole('status').filter({ hasText: 'Sem conexão — 5 assinaturas na fila' }).waitFor();
    await expectNoA11yViolations(page, 'grid offline with a queue');
    await screenshot(page, 'programme-offline-02-queued');
    await page.setViewportSize({ width: 1280, height: 800 });
    await cell('Carla Dias', 2, 'pendente de envio').waitFor();
    await page.waitForTimeout(400); // the sidebar slides in
    await screenshot(page, 'programme-offline-02-queued-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await signatures()).toBe(0);

    // Reopened with no connection: the grid comes from the device, the pending cells from the queue.
    await page.reload();
    await cell('Carla Dias', 2, 'pendente de envio').waitFor({ timeout: 10_000 });
    await cell('Ana Souza', 1, 'pendente de envio').waitFor();
    await cell('Carla Dias', 1, 'não assinado').waitFor();
    await page.getByRole('status').filter({ hasText: 'Sem conexão — 5 assinaturas na fila' }).waitFor();
    await screenshot(page, 'programme-offline-03-reloaded-offline');
    expect(await signatures()).toBe(0);

    await page.context().setOffline(false);
    await page.getByRole('status').filter({ hasText: /assinaturas? na fila/ }).waitFor({ state: 'detached', timeout: 30_000 });
    for (const name of kids) await cell(name, 2, 'assinado').waitFor();
    await cell('Ana Souza', 1, 'assinado').waitFor();
    await cell('Bruno Lima', 1, 'assinado').waitFor();
    await cell('Carla Dias', 1, 'não assinado').waitFor();
    await expect.poll(signatures).toBe(5);
    expect(await points()).toBe(25);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM programme_sign_requests WHERE club_id = $1', [clubId]))[0].n).toBe(3);
    await screenshot(page, 'programme-offline-04-back-online');

    // Arrived once: another loss and return of the connection sends nothing again; the API agrees.
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await page.waitForTimeout(1500);
    const grid = await page.evaluate(async (id) => (await fetch(`/api/clubs/${id}/programme/items/AMIGO/grid`, { headers: { 'x-trilha-client': 'web' } })).json(), clubId);
    expect(grid.signatures).toHaveLength(5);
    expect(await signatures()).toBe(5);
    expect(await points()).toBe(25);

    // Completing Carla online still works as before: the last requisito signs her class, points once.
    await cell('Carla Dias', 1, 'não assinado').click();
    await cell('Carla Dias', 1, 'assinado').waitFor();
    await page.getByRole('button', { name: /^Requisito 3:/ }).click();
    await page.getByRole('button', { name: 'Assinar para todos os presentes' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Assinar para 3' }).click();
    await page.getByText('3 assinaturas registradas.').waitFor();
    expect(await points()).toBe(5 * 9 + 50 * 3);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(400); // the sidebar slides in
    await screenshot(page, 'programme-offline-05-desktop');
  });

  it('a queued signature the server refuses (the requisito was removed meanwhile) leaves the queue with a pt-BR message', async () => {
    const [req] = await sql<{ id: string }>(`INSERT INTO programme_requirements (club_id, item_code, position, text) VALUES ($1, 'AMIGO', 4, 'Requisito que será removido') RETURNING id`, [clubId]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await cell('Ana Souza', 4, 'não assinado').waitFor();
    await page.context().setOffline(true);
    await cell('Ana Souza', 4, 'não assinado').click();
    await cell('Ana Souza', 4, 'pendente de envio').waitFor();
    await page.getByRole('status').filter({ hasText: 'Sem conexão — 1 assinatura na fila' }).waitFor();
    await sql('DELETE FROM programme_requirements WHERE id = $1', [req.id]);
    await page.context().setOffline(false);
    await page.getByText('Requisito 4 de Ana Souza não foi assinado: Requisito não encontrado. Saiu da fila.').waitFor({ timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: /assinaturas? na fila/ }).waitFor({ state: 'detached' });
    await screenshot(page, 'programme-offline-06-refused');
    expect(await page.evaluate(async () => new Promise<number>((resolve) => {
      const open = indexedDB.open('trilha-programme-grid');
      open.onsuccess = () => {
        const get = open.result.transaction('queue').objectStore('queue').count();
        get.onsuccess = () => resolve(get.result);
      };
    }))).toBe(0);
  });

  it('a signature made by mistake offline is taken back before it is sent, and an undo of a sent one waits in the queue', async () => {
    await sql(`INSERT INTO programme_requirements (club_id, item_code, position, text) VALUES ($1, 'AMIGO', 5, 'Fazer um nó de escota')`, [clubId]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await cell('Ana Souza', 1, 'assinado').waitFor();
    await cell('Bruno Lima', 4, 'não assinado').waitFor();
    const anaPoints = async () => (await sql<{ n: number }>(
      `SELECT coalesce(sum(pe.points), 0)::int AS n FROM point_events pe JOIN programme_requirements r ON r.id = pe.programme_requirement_id
        WHERE pe.club_id = $1 AND r.position = 1 AND pe.profile_id = (SELECT id FROM profiles WHERE full_name = 'Ana Souza')`, [clubId]))[0].n;
    expect(await anaPoints()).toBe(5);

    await page.context().setOffline(true);
    await cell('Ana Souza', 1, 'assinado').click();
    await cell('Ana Souza', 1, 'desfazer pendente').waitFor();
    await page.getByRole('status').filter({ hasText: 'Sem conexão — 1 a desfazer na fila' }).waitFor();
    await cell('Bruno Lima', 4, 'não assinado').click();
    await cell('Bruno Lima', 4, 'pendente de envio').waitFor();
    await cell('Carla Dias', 4, 'não assinado').click();
    await cell('Carla Dias', 4, 'pendente de envio').waitFor();
    await page.getByRole('status').filter({ hasText: 'Sem conexão — 2 assinaturas e 1 a desfazer na fila' }).waitFor();
    // Bruno's was a mistake: tapped again, it leaves the queue before anything is sent.
    await cell('Bruno Lima', 4, 'pendente de envio').click();
    await cell('Bruno Lima', 4, 'não assinado').waitFor();
    await page.getByRole('status').filter({ hasText: 'Sem conexão — 1 assinatura e 1 a desfazer na fila' }).waitFor();
    await expectNoA11yViolations(page, 'grid offline with an undo queued');
    await screenshot(page, 'programme-offline-09-undo-queued');
    await page.setViewportSize({ width: 1280, height: 800 });
    await cell('Ana Souza', 1, 'desfazer pendente').waitFor();
    await page.waitForTimeout(400); // the sidebar slides in
    await screenshot(page, 'programme-offline-09-undo-queued-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await anaPoints()).toBe(5);

    await page.context().setOffline(false);
    await page.getByRole('status').filter({ hasText: /na fila/ }).waitFor({ state: 'detached', timeout: 30_000 });
    await cell('Ana Souza', 1, 'não assinado').waitFor();
    await cell('Carla Dias', 4, 'assinado').waitFor();
    await cell('Bruno Lima', 4, 'não assinado').waitFor();
    await screenshot(page, 'programme-offline-10-undo-sent');
    expect(await anaPoints()).toBe(0);
    const byKind = await sql<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM programme_sign_requests WHERE club_id = $1 GROUP BY kind ORDER BY kind', [clubId]);
    expect(byKind.find((k) => k.kind === 'unsign')?.n).toBe(1);
    const [bruno] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM programme_signatures s JOIN programme_requirements r ON r.id = s.requirement_id JOIN programme_enrolments e ON e.id = s.enrolment_id
         JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id WHERE s.club_id = $1 AND r.position = 5 AND p.full_name = 'Bruno Lima'`, [clubId]);
    expect(bruno.n).toBe(0);
  });

  it('the grid filtered to one unit keeps the filter in the URL, also on reload', async () => {
    const [aguias] = await sql<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Águias', '#0ea5e9') RETURNING id`, [clubId]);
    const [tigres] = await sql<{ id: string }>(`INSERT INTO units (club_id, name, color) VALUES ($1, 'Tigres', '#f97316') RETURNING id`, [clubId]);
    await sql(`UPDATE club_members cm SET unit_id = CASE WHEN p.full_name = 'Ana Souza' THEN $2::uuid ELSE $3::uuid END FROM profiles p
                WHERE p.id = cm.profile_id AND cm.club_id = $1 AND p.full_name = ANY($4::text[])`, [clubId, aguias.id, tigres.id, kids]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await cell('Bruno Lima', 2, 'assinado').waitFor();
    await page.getByLabel('Unidade da grade').selectOption({ label: 'Águias' });
    await cell('Ana Souza', 2, 'assinado').waitFor();
    await expect.poll(() => cell('Bruno Lima', 2, 'assinado').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('unidade')).toBe(aguias.id);
    await page.reload();
    await cell('Ana Souza', 2, 'assinado').waitFor();
    expect(await cell('Carla Dias', 2, 'assinado').count()).toBe(0);
    await expectNoA11yViolations(page, 'grid of one unit');
    await screenshot(page, 'programme-offline-11-unit-filter');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(400); // the sidebar slides in
    await screenshot(page, 'programme-offline-11-unit-filter-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByLabel('Unidade da grade').selectOption({ label: 'Todas as unidades' });
    await cell('Carla Dias', 2, 'assinado').waitFor();
    expect(new URL(page.url()).searchParams.get('unidade')).toBeNull();
  });

  it("a member marks a requisito done with 'Marquei', and it reaches the leaders' 'Para assinar'", async () => {
    const kid = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    const acc = await signUp(kid, { name: 'Davi Rocha' });
    const [profile] = await sql<{ id: string }>('SELECT id FROM profiles WHERE email = $1', [acc.email]);
    const [m] = await sql<{ id: string }>(`INSERT INTO club_members (club_id, profile_id, birth_date) VALUES ($1, $2, current_date - interval '10 years 3 months') RETURNING id`, [clubId, profile.id]);
    await sql(`INSERT INTO programme_enrolments (club_id, member_id, item_code, kind) VALUES ($1, $2, 'AMIGO', 'class')`, [clubId, m.id]);
    await kid.goto('/dashboard/programa');
    await kid.getByRole('button', { name: 'Marcar como feito: Participar de uma caminhada' }).click();
    await kid.getByLabel('Comentário (opcional)').fill('Fiz a caminhada no acampamento');
    // The evidence field speaks pt-BR: no native 'Choose File' / 'No file chosen' (issue 43).
    const markDialog = kid.getByRole('dialog', { name: 'Marcar como feito' });
    await markDialog.getByText('Escolher arquivo', { exact: true }).waitFor();
    await markDialog.getByText('Nenhum arquivo escolhido').waitFor();
    const picker = markDialog.getByLabel('Comprovação (opcional)');
    expect((await picker.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await picker.setInputFiles({ name: 'caminhada.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex') });
    await markDialog.getByText('caminhada.png').waitFor();
    await picker.setInputFiles([]);
    await markDialog.getByText('Nenhum arquivo escolhido').waitFor();
    await kid.getByRole('button', { name: 'Enviar para assinatura' }).click();
    await kid.getByText(MARK_MSG.marked).first().waitFor();
    await kid.getByText('Marcado como feito: aguardando assinatura').waitFor();
    await expectNoA11yViolations(kid, 'member card with a mark');
    await screenshot(kid, 'programme-offline-07-member-marquei');
    expect(await kid.getByRole('button', { name: 'Marcar como feito: Participar de uma caminhada' }).count()).toBe(0);
    await kid.close();

    await page.getByRole('tab', { name: 'Para assinar' }).click();
    await page.getByText('Fiz a caminhada no acampamento', { exact: false }).waitFor();
    await screenshot(page, 'programme-offline-08-para-assinar');
  });
});
