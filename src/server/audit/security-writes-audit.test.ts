import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '../../shared/audit.js';
import { buildApp } from '../app.js';
import { LOCAL_ADMIN_HEADER } from '../local-admin/channel.js';
import { NO_LIMITS, call, createClub, signUp, type Session } from '../../../test/api.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';

// Issue 44: three security-relevant writes used to live in route handlers as raw SQL with no audit
// entry — the super admin's two-step reset, the club's 'exigir duas etapas' rule, and the super-admin
// promotion through the local channel. Each now goes through a service that writes one.

const TOKEN = 'segredo-local';
let db: TestDb;
let dataDir: string;
let app: FastifyInstance;
let superAdmin: Session;

async function enableMfa(s: Session): Promise<void> {
  const { secret } = (await call(app, 'POST', '/api/auth/mfa/enroll', { as: s })).json();
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
  expect((await call(app, 'POST', '/api/auth/mfa/verify', { as: s, body: { code } })).statusCode).toBe(200);
}

async function platformAudit(action: string) {
  const res = await call(app, 'GET', `/api/admin/audit?action=${action}`, { as: superAdmin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as Array<{ action: string; action_label: string; entity_id: string | null; actor_id: string | null; actor_name: string }>;
}

beforeAll(async () => {
  db = await openTestDb();
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-security-audit-'));
  app = await buildApp({ db, dataDir, limits: NO_LIMITS, localAdmin: { token: TOKEN } });
  await app.ready();
  superAdmin = await signUp(app, { name: 'Super Admin' }); // the first account is the super admin
});
afterAll(async () => {
  await app.close();
  await db.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`security writes are audited on ${engineName()}`, () => {
  it('the labels are in pt-BR', () => {
    expect(AUDIT_ACTION_LABELS['profile.mfa_reset']).toBe('Verificação em duas etapas desligada pelo super admin');
    expect(AUDIT_ACTION_LABELS['club.security_update']).toBe('Regra de verificação em duas etapas alterada');
    expect(AUDIT_ACTION_LABELS['profile.promote']).toBe('Conta promovida a super admin');
  });

  it("the super admin's two-step reset writes one entry with who did it; a refused reset writes none", async () => {
    const lost = await signUp(app, { name: 'Perdeu o Celular' });
    await enableMfa(lost);
    const reset = await call(app, 'DELETE', `/api/admin/users/${lost.profile.id}/two-step`, { as: superAdmin });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { as: lost })).statusCode).toBe(401);
    const entries = (await platformAudit('profile.mfa_reset')).filter((e) => e.entity_id === lost.profile.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action_label: 'Verificação em duas etapas desligada pelo super admin', actor_id: superAdmin.profile.id, actor_name: 'Super Admin' });
    // Nothing left to reset: 404, and no second entry.
    expect((await call(app, 'DELETE', `/api/admin/users/${lost.profile.id}/two-step`, { as: superAdmin })).statusCode).toBe(404);
    expect((await platformAudit('profile.mfa_reset')).filter((e) => e.entity_id === lost.profile.id)).toHaveLength(1);
  });

  it("the club's 'exigir duas etapas' rule: each change is in the club's log with before and after; a refusal or a no-change writes none", async () => {
    const director = await signUp(app, { name: 'Diretora Exigente' });
    const club = await createClub(app, director, 'Clube Seguro');
    const refused = await call(app, 'PUT', `/api/clubs/${club.id}/security`, { as: director, body: { require_mfa_admins: true } });
    expect(refused.statusCode).toBe(400);
    await enableMfa(director);
    expect((await call(app, 'PUT', `/api/clubs/${club.id}/security`, { as: director, body: { require_mfa_admins: true } })).statusCode).toBe(200);
    expect((await call(app, 'PUT', `/api/clubs/${club.id}/security`, { as: director, body: { require_mfa_admins: true } })).statusCode).toBe(200);
    expect((await call(app, 'PUT', `/api/clubs/${club.id}/security`, { as: director, body: { require_mfa_admins: false } })).json()).toEqual({ require_mfa_admins: false });
    const log = await call(app, 'GET', `/api/clubs/${club.id}/audit?action=club.security_update`, { as: director });
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json().entries as Array<{ action_label: string; actor_name: string }>;
    expect(entries.map((e) => [e.action_label, e.actor_name])).toEqual([
      ['Regra de verificação em duas etapas alterada', 'Diretora Exigente'],
      ['Regra de verificação em duas etapas alterada', 'Diretora Exigente'],
    ]);
    const rows = await db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE club_id = $1 AND action = 'club.security_update' ORDER BY at, id`, [club.id]);
    expect(rows).toEqual([
      { before: { require_mfa_admins: false }, after: { require_mfa_admins: true } },
      { before: { require_mfa_admins: true }, after: { require_mfa_admins: false } },
    ]);
  });

  it('the local super-admin promotion is audited like the one in /superadmin (by Sistema); promoting again writes none', async () => {
    const target = await signUp(app, { name: 'Nova Super Admin' });
    const promote = () => call(app, 'POST', '/api/local-admin/promote-superadmin', { body: { email: (target.profile.email ?? '').toUpperCase() }, headers: { [LOCAL_ADMIN_HEADER]: TOKEN } });
    expect((await promote()).json()).toEqual({ promoted: true });
    expect((await promote()).json()).toEqual({ promoted: true });
    const entries = (await platformAudit('profile.promote')).filter((e) => e.entity_id === target.profile.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action_label: 'Conta promovida a super admin', actor_id: null, actor_name: 'Sistema' });
    const [row] = await db.query<{ user_type: string }>(`SELECT user_type FROM profiles WHERE id = $1`, [target.profile.id]);
    expect(row.user_type).toBe('super_admin');
    const unknown = await call(app, 'POST', '/api/local-admin/promote-superadmin', { body: { email: 'ninguem@example.com' }, headers: { [LOCAL_ADMIN_HEADER]: TOKEN } });
    expect(unknown.json()).toEqual({ promoted: false });
  });
});
