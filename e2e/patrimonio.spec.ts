import { describe, expect, it } from 'vitest';
import { expectCleanConsole, newPage, registerAndCreateClub, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const brDigitsIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('');

describe('patrimônio: a donated tent lent to a unit comes back torn; the inventory prints; the counsellor sees who lacks the lenço', () => {
  it('treasurer registers and lends (1280) → leader records the return on a phone (360) → director prints → counsellor (360)', async () => {
    const director = await newPage(e2e.browser, e2e.server.baseUrl);
    const { clubName } = await registerAndCreateClub(director, { clubName: 'Clube Patrimônio' });
    const db = e2e.server.db;
    const [club] = await db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const [unit] = await db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Águias') RETURNING id`, [club.id]);
    const kids: string[] = [];
    for (const name of ['Nina Prado', 'Rui Souza']) {
      const [p] = await db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name]);
      kids.push((await db.query<{ id: string }>(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3) RETURNING id`, [club.id, p.id, unit.id]))[0].id);
    }

    // The treasurer registers the donated tent with its termo and a photo, and lends it to Águias.
    const treasurer = await newPage(e2e.browser, e2e.server.baseUrl);
    await signUp(treasurer, { name: 'Tereza Tesoureira' });
    const [tereza] = await db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Tereza Tesoureira'`);
    await db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'treasurer')`, [club.id, tereza.id]);
    await treasurer.goto('/dashboard/patrimonio');
    await treasurer.getByRole('heading', { name: 'Patrimônio', level: 1 }).waitFor();
    await treasurer.getByText('Nenhum item cadastrado ainda.').waitFor();
    await treasurer.getByRole('button', { name: 'Novo item' }).click();
    const form = treasurer.getByRole('dialog', { name: 'Novo item do patrimônio' });
    await form.getByLabel('Nome').fill('Barraca iglu 4 pessoas');
    await form.getByLabel('Quantidade').fill('1');
    await form.getByLabel('Valor de cada unidade (R$)').fill('1.234,56');
    await form.getByLabel('Data de aquisição').pressSequentially('10032025');
    await form.getByLabel('Como foi adquirido').selectOption({ label: 'Doado' });
    await form.getByLabel('Voto da igreja (opcional)').fill('Ata nº 12/2025, voto nº 3');
    await form.getByLabel('Onde fica guardado').fill('Almoxarifado');
    await form.getByRole('button', { name: 'Salvar item' }).click();
    await form.waitFor({ state: 'hidden' });
    await treasurer.getByRole('link', { name: 'Barraca iglu 4 pessoas' }).click();
    await treasurer.getByRole('heading', { name: 'Barraca iglu 4 pessoas', level: 1 }).waitFor();
    for (const [kind, file] of [['Termo de doação', { name: 'termo.pdf', mimeType: 'application/pdf', buffer: PDF }], ['Foto', { name: 'barraca.png', mimeType: 'image/png', buffer: PNG }]] as const) {
      await treasurer.getByRole('button', { name: 'Anexar' }).click();
      const dialog = treasurer.getByRole('dialog', { name: 'Anexar a Barraca iglu 4 pessoas' });
      await dialog.getByLabel('Tipo do arquivo').selectOption({ label: kind });
      await dialog.getByLabel('Arquivo', { exact: true }).setInputFiles(file);
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await treasurer.getByRole('link', { name: 'Termo de doação: termo.pdf' }).waitFor();
    await treasurer.getByRole('img', { name: 'Foto: barraca.png' }).waitFor();
    await treasurer.getByRole('img', { name: 'QR da etiqueta de Barraca iglu 4 pessoas' }).waitFor();
    await treasurer.getByRole('button', { name: 'Emprestar' }).click();
    const lend = treasurer.getByRole('dialog', { name: 'Emprestar: Barraca iglu 4 pessoas' });
    await lend.getByLabel('Unidade', { exact: true }).selectOption({ label: 'Águias' });
    await lend.getByLabel('Devolver até').pressSequentially(brDigitsIn(7));
    await lend.getByRole('button', { name: 'Emprestar' }).click();
    await lend.waitFor({ state: 'hidden' });
    await treasurer.getByText(/Unidade: Águias · devolver até/).waitFor();
    await screenshot(treasurer, 'patrimonio-01-item-lent-1280');
    const itemUrl = treasurer.url();
    expectCleanConsole(treasurer, 'treasurer');

    // The counsellor of Águias scans the label on return (the QR opens the item's page) and records a torn floor.
    const leader = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    await signUp(leader, { name: 'Caio Conselheiro' });
    const [caio] = await db.query<{ id: string }>(`SELECT id FROM profiles WHERE full_name = 'Caio Conselheiro'`);
    await db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, 'counselor', $3)`, [club.id, caio.id, unit.id]);
    await leader.goto(new URL(itemUrl).pathname);
    await leader.getByRole('button', { name: 'Registrar devolução' }).first().click();
    const back = leader.getByRole('dialog', { name: 'Devolução: Barraca iglu 4 pessoas' });
    await back.getByLabel('Estado na devolução').selectOption({ label: 'Ruim' });
    await back.getByLabel('Observação (opcional)').fill('Piso rasgado');
    await back.getByRole('button', { name: 'Registrar devolução' }).click();
    await back.waitFor({ state: 'hidden' });
    const history = leader.getByRole('list', { name: 'Histórico do item' });
    await history.getByText('Piso rasgado').waitFor();
    await history.getByText('Estado: Novo → Ruim').waitFor();
    expect(await leader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(leader, 'patrimonio-02-returned-torn-360');

    // The director prints the inventory for the Associação.
    await director.goto(`/patrimonio-impressao/${club.id}`);
    const table = director.getByRole('table', { name: 'Inventário' });
    await table.getByText('Barraca iglu 4 pessoas').waitFor();
    await table.getByText('R$ 1.234,56').waitFor();
    await table.getByText('Ata nº 12/2025, voto nº 3').waitFor();
    // The photo is in the printed list, loaded (not a broken image).
    const printed = table.locator('img').first();
    await printed.waitFor();
    await director.waitForFunction(() => { const img = document.querySelector('table[aria-label="Inventário"] img'); return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0; });
    await director.emulateMedia({ media: 'print' });
    await screenshot(director, 'patrimonio-03-inventory-print-1280');
    await director.emulateMedia({ media: 'screen' });
    expectCleanConsole(director, 'director');

    // A kit half given: the counsellor sees who still lacks the lenço in their unit.
    const cookie = (await director.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const headers = { cookie, 'x-trilha-client': 'web' };
    const kit = await e2e.server.app.inject({ method: 'POST', url: `/api/clubs/${club.id}/uniformes/kits`, headers, payload: { name: 'Kit Desbravador', items: [{ name: 'Lenço', price: '25' }, { name: 'Boné', price: '28', sized_by: 'bone' }] } });
    expect(kit.statusCode, kit.body).toBe(201);
    const given = await e2e.server.app.inject({ method: 'POST', url: `/api/clubs/${club.id}/uniformes/kits/${kit.json().id}/deliveries`, headers, payload: { kit_item_id: kit.json().items[0].id, member_ids: [kids[0]], delivered_on: new Date().toISOString().slice(0, 10) } });
    expect(given.statusCode, given.body).toBe(201);
    await leader.goto('/dashboard/patrimonio');
    await leader.getByRole('tab', { name: 'Uniformes e kits' }).click();
    const lenco = leader.getByRole('region', { name: 'Quem ainda não recebeu: Lenço' });
    await lenco.getByText('Rui Souza').waitFor();
    expect(await lenco.getByText('Nina Prado').count()).toBe(0);
    expect(await leader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(leader, 'patrimonio-04-lenco-pending-360');
    expectCleanConsole(leader, 'counsellor');
  });

  it("the club's uniform: who has each piece, the kit edited without losing what was given, each member's own; a label read with the camera on return and in the count", async () => {
    const director = await newPage(e2e.browser, e2e.server.baseUrl);
    const { clubName } = await registerAndCreateClub(director, { clubName: 'Clube Uniforme' });
    const db = e2e.server.db;
    const [club] = await db.query<{ id: string }>('SELECT id FROM clubs WHERE name = $1', [clubName]);
    const [unit] = await db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Falcões') RETURNING id`, [club.id]);
    const member = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    // By her e-mail: the first journey made another 'Nina Prado' (a profile without an account) in the same database.
    const ninaAccount = await signUp(member, { name: 'Nina Prado' });
    const [nina] = await db.query<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [ninaAccount.email]);
    const [ninaMember] = await db.query<{ id: string }>(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3) RETURNING id`, [club.id, nina.id, unit.id]);
    const [rui] = await db.query<{ id: string }>(`INSERT INTO profiles (full_name) VALUES ('Rui Souza') RETURNING id`);
    await db.query(`INSERT INTO club_members (club_id, profile_id, unit_id) VALUES ($1, $2, $3)`, [club.id, rui.id, unit.id]);
    const cookie = (await director.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const headers = { cookie, 'x-trilha-client': 'web' };
    const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await e2e.server.app.inject({ method, url: `/api/clubs/${club.id}${url}`, headers, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    await api('PUT', `/uniformes/sizes/${ninaMember.id}`, { camisa: 'M', calca_saia: '36', sapato: '35', bone: 'U' });
    const uniform = await api('POST', '/uniformes/kits', { name: 'Uniforme de gala', kind: 'uniforme', items: [
      { name: 'Camisa', price: '65', sized_by: 'camisa' }, { name: 'Lenço', price: '25' }, { name: 'Distintivos', price: '18' },
    ] });
    await api('POST', `/uniformes/kits/${uniform.id}/deliveries`, { kit_item_id: uniform.items[0].id, member_ids: [ninaMember.id], delivered_on: '2026-02-01', source: 'proprio' });

    // The director sees who still lacks each piece, and edits the uniform: the shirt renamed, the badges out, a belt in.
    await director.goto('/dashboard/patrimonio');
    await director.getByRole('tab', { name: 'Uniformes e kits' }).click();
    const shirt = director.getByRole('region', { name: 'Quem ainda não tem: Camisa' });
    await shirt.getByText('Rui Souza').waitFor();
    expect(await shirt.getByText('Nina Prado').count()).toBe(0);
    await director.getByRole('button', { name: 'Editar kit' }).click();
    const edit = director.getByRole('dialog', { name: 'Editar Uniforme de gala' });
    await edit.getByLabel('Item 1', { exact: true }).fill('Camisa bege');
    await edit.getByRole('button', { name: 'Tirar item 3' }).click();
    await edit.getByRole('button', { name: 'Adicionar item' }).click();
    await edit.getByLabel('Item 3', { exact: true }).fill('Cinto');
    await edit.getByLabel('Preço (R$)').nth(2).fill('30,00');
    await edit.getByRole('button', { name: 'Salvar kit' }).click();
    await edit.waitFor({ state: 'hidden' });
    await director.getByRole('region', { name: 'Quem ainda não tem: Cinto' }).getByText('Nina Prado').waitFor();
    await director.getByText(/Itens tirados do kit/).waitFor();
    await screenshot(director, 'patrimonio-05-uniform-edited-1280');
    expectCleanConsole(director, 'director (uniform)');

    // Nina sees her own uniform: the shirt (her own, size M) under the name it had, what she still lacks.
    await member.goto('/dashboard/patrimonio');
    await member.getByRole('tab', { name: 'Meus itens' }).click();
    const mine = member.getByRole('region', { name: 'Meu uniforme' }).or(member.locator('[aria-label="Meu uniforme"]'));
    await mine.getByText('✓ Camisa bege').waitFor();
    await mine.getByText(/tamanho M, já era do membro desde 01\/02\/2026/).waitFor();
    await mine.getByText('✗ Cinto').waitFor();
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(member, 'patrimonio-06-my-uniform-360');
    expectCleanConsole(member, 'member');

    // Nina lost her shirt: the director marks it, it is missing again, and Nina sees it so.
    const bege = director.getByRole('region', { name: 'Quem ainda não tem: Camisa bege' });
    const holders = director.locator('details[aria-label="Quem tem: Camisa bege"]');
    await holders.getByText('Quem tem (1)').click();
    await holders.getByRole('button', { name: 'Não tem mais: Nina Prado (Camisa bege)' }).click();
    const lost = director.getByRole('dialog', { name: 'Nina Prado não tem mais: Camisa bege' });
    await lost.getByLabel('Motivo').selectOption({ label: 'Perdeu' });
    await lost.getByRole('button', { name: 'Registrar' }).click();
    await lost.waitFor({ state: 'hidden' });
    await holders.waitFor({ state: 'detached' });
    await bege.getByText('Nina Prado — tamanho M').waitFor();
    expectCleanConsole(director, 'director (piece lost)');
    await member.reload();
    await member.getByRole('tab', { name: 'Meus itens' }).click();
    await mine.getByText('✗ Camisa bege').waitFor();
    await mine.getByText(/não tem mais \(perdeu\) \(tamanho M\)/).waitFor();
    await screenshot(member, 'patrimonio-06b-my-uniform-lost-360');
    expectCleanConsole(member, 'member (piece lost)');

    // A lent tent comes back: the leader reads its label with the camera in the app (the decoder's answer
    // injected: the browser's BarcodeDetector and a camera stream stand in for the phone's).
    const tent = await api('POST', '/patrimonio/items', { name: 'Barraca canadense', category: 'barraca', quantity: 1, unit_value: '300', acquired_on: '2025-01-10', acquisition: 'fabricado', condition: 'bom' });
    await api('POST', `/patrimonio/items/${tent.id}/check-out`, { borrower_kind: 'unidade', borrower_id: unit.id, due_on: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) });
    const itemUrl = `${e2e.server.baseUrl}/dashboard/patrimonio/${tent.id}`;
    const fakeCamera = (code: string) => {
      class FakeDetector {
        static async getSupportedFormats() { return ['qr_code']; }
        async detect() { return [{ rawValue: code }]; }
      }
      Object.defineProperty(window, 'BarcodeDetector', { value: FakeDetector, configurable: true });
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const getUserMedia = async () => canvas.captureStream(5);
      Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    };
    const leader = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 780 });
    await leader.addInitScript(fakeCamera, itemUrl);
    const ivoAccount = await signUp(leader, { name: 'Ivo Instrutor' });
    const [ivo] = await db.query<{ id: string }>(`SELECT id FROM profiles WHERE email = $1`, [ivoAccount.email]);
    await db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'instructor')`, [club.id, ivo.id]);
    await leader.goto('/dashboard/patrimonio');
    await leader.getByRole('tab', { name: 'Emprestados' }).click();
    await leader.getByRole('button', { name: 'Ler QR da devolução' }).click();
    const back = leader.getByRole('dialog', { name: 'Devolução: Barraca canadense' });
    await back.waitFor();
    await screenshot(leader, 'patrimonio-07-scanned-return-360');
    await back.getByLabel('Estado na devolução').selectOption({ label: 'Bom' });
    await back.getByRole('button', { name: 'Registrar devolução' }).click();
    await back.waitFor({ state: 'hidden' });
    await leader.getByText('Nada emprestado agora.').waitFor();
    expectCleanConsole(leader, 'leader (scan)');

    // The count: the director reads the same label and the tent is found.
    const counter = await newPage(e2e.browser, e2e.server.baseUrl, { width: 1280, height: 800 });
    await counter.context().addCookies(await director.context().cookies());
    await counter.addInitScript(fakeCamera, itemUrl);
    await counter.goto('/dashboard/patrimonio');
    await counter.getByRole('tab', { name: 'Contagem' }).click();
    await counter.getByRole('button', { name: 'Começar contagem' }).click();
    await counter.getByText('0 de 1 itens conferidos', { exact: false }).or(counter.getByText(/de 1 itens conferidos/)).first().waitFor();
    await counter.getByRole('button', { name: 'Ler QR' }).click();
    await counter.getByText('Encontrei: Barraca canadense.').waitFor();
    await counter.getByText(/1 de 1 itens conferidos/).waitFor();
    await screenshot(counter, 'patrimonio-08-count-scanned-1280');
    expectCleanConsole(counter, 'count (scan)');
  });
});
