import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUB_MSG } from '../../shared/clubs.js';
import { SETTINGS_MSG } from '../../shared/settings.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let member: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Admin' });
  member = await signUp(ctx.app, { name: 'Membro' });
  club = await createClub(ctx.app, admin, 'Configurado');
  await addMember(ctx.db, club.id, member.profile.id);
});
afterAll(() => ctx.close());

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function multipart(filename: string, bytes: Buffer, contentType = 'image/png') {
  const boundary = '----trilha' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(as: Session, clubId: string, filename: string, bytes: Buffer, contentType?: string) {
  const m = multipart(filename, bytes, contentType);
  return ctx.app.inject({ method: 'POST', url: `/api/clubs/${clubId}/logo`, payload: m.payload, headers: { ...m.headers, cookie: as.cookie, 'x-trilha-client': 'web' } });
}

const settings = { name: 'Clube Novo Nome', description: 'Descrição', timezone: 'Europe/Lisbon', active: true };

describe(`club settings on ${engineName()}`, () => {
  it('admin updates name, description, time zone and active flag; updated_at moves', async () => {
    const before = (await call(ctx.app, 'GET', `/api/clubs/${club.id}`, { as: admin })).json();
    const res = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/settings`, { as: admin, body: settings });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...settings, slug: before.slug, id: club.id });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    const blank = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/settings`, { as: admin, body: { ...settings, description: ' ' } });
    expect(blank.json().description).toBeNull();
  });

  it('name and a known time zone are required', async () => {
    const noName = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/settings`, { as: admin, body: { ...settings, name: '' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe(CLUB_MSG.nameRequired);
    const badTz = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/settings`, { as: admin, body: { ...settings, timezone: 'Mars/Base' } });
    expect(badTz.json().error.message).toBe(CLUB_MSG.timezoneRequired);
  });

  it('uploads a logo under logos/club-logos/{clubId}-{timestamp}.png, served with a one-hour cache, and replaces it', async () => {
    const res = await upload(admin, club.id, 'meu-logo.jpg', PNG, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url: string = res.json().logo_url;
    expect(url).toMatch(new RegExp(`^/uploads/logos/club-logos/${club.id}-\\d+\\.png$`));
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('max-age=3600');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    await new Promise((r) => setTimeout(r, 5));
    const second = await upload(admin, club.id, 'outro.png', PNG);
    expect(second.json().logo_url).not.toBe(url);
    expect(existsSync(path.join(ctx.dataDir, 'uploads', url.replace('/uploads/', '')))).toBe(false);
    const mine = await call(ctx.app, 'GET', '/api/clubs', { as: admin });
    expect(mine.json()[0].logo_url).toBe(second.json().logo_url);
  });

  it('refuses a 2.1 MB PNG and a text file named .png', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(Math.round(2.1 * 1024 * 1024))]);
    const tooBig = await upload(admin, club.id, 'grande.png', big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toBe(SETTINGS_MSG.tooLarge);
    const fake = await upload(admin, club.id, 'foto.png', Buffer.from('isto não é uma imagem, só texto'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe(SETTINGS_MSG.notImage);
    const svg = await upload(admin, club.id, 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
    expect(svg.json().error.message).toBe(SETTINGS_MSG.notImage);
  });

  it('removal deletes the file, then clears logo_url; a missing file is ignored', async () => {
    const url: string = (await upload(admin, club.id, 'apagar.png', PNG)).json().logo_url;
    const file = path.join(ctx.dataDir, 'uploads', url.replace('/uploads/', ''));
    expect(existsSync(file)).toBe(true);
    const res = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/logo`, { as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().logo_url).toBeNull();
    expect(existsSync(file)).toBe(false);

    await ctx.db.query(`UPDATE clubs SET logo_url = $2 WHERE id = $1`, [club.id, `/uploads/logos/club-logos/${club.id}-1.png`]);
    const missing = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/logo`, { as: admin });
    expect(missing.statusCode).toBe(200);
    expect(missing.json().logo_url).toBeNull();
  });

  it("refuses to remove a logo whose URL is outside our storage with 'URL do logo inválida'", async () => {
    for (const bad of ['https://exemplo.com/logo.png', '/uploads/outra-pasta/x.png', '/uploads/logos/../../etc/passwd']) {
      await ctx.db.query(`UPDATE clubs SET logo_url = $2 WHERE id = $1`, [club.id, bad]);
      const res = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/logo`, { as: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(SETTINGS_MSG.invalidLogoUrl);
    }
    await ctx.db.query(`UPDATE clubs SET logo_url = NULL WHERE id = $1`, [club.id]);
  });

  it('a plain member is refused every write; another club answers 404', async () => {
    for (const res of [
      await call(ctx.app, 'PUT', `/api/clubs/${club.id}/settings`, { as: member, body: settings }),
      await upload(member, club.id, 'x.png', PNG),
      await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/logo`, { as: member }),
    ]) expect(res.statusCode).toBe(403);
    const other = await signUp(ctx.app);
    await createClub(ctx.app, other, 'Vizinho');
    for (const res of [
      await call(ctx.app, 'GET', `/api/clubs/${club.id}`, { as: other }),
      await call(ctx.app, 'PUT', `/api/clubs/${club.id}/settings`, { as: other, body: settings }),
      await upload(other, club.id, 'x.png', PNG),
      await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/logo`, { as: other }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(SETTINGS_MSG.clubNotFound);
    }
  });
});
