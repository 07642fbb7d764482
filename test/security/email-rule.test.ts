import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EMAIL_MSG } from '../../src/shared/email.js';
import { call, createClub, createTestApp, login, signUp, type Session, type TestContext } from '../api.js';
import { engineName } from '../db.js';

/** Issue 33: one e-mail rule (trim, at most 254 characters, valid, lowercase) on every route that takes an address. */
let ctx: TestContext;
let director: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  director = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, director, 'Clube do E-mail');
});
afterAll(() => ctx.close());

const MIXED = '  Ana@Exemplo.COM ';
const FOLDED = 'ana@exemplo.com';
const LONGEST = `${'a'.repeat(242)}@exemplo.com`;
const TOO_LONG = `${'a'.repeat(243)}@exemplo.com`;

type Def = { type: string; shape?: Record<string, z.ZodType>; options?: z.ZodType[]; in?: z.ZodType; innerType?: z.ZodType };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The body fields named like an e-mail address (email, admin_email, new_email…), through unions and pipes. */
function emailFields(schema: z.ZodType | undefined, out: Array<[string, z.ZodType]> = []): Array<[string, z.ZodType]> {
  if (!schema) return out;
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape)) if (/(^|_)email$/.test(key)) out.push([key, field]);
  }
  for (const inner of [...(def.options ?? []), def.in, def.innerType]) if (inner) emailFields(inner, out);
  return out;
}

describe(`the e-mail rule on ${engineName()}`, () => {
  it('every route that takes an address reads it the same way: trimmed, lowercased, at most 254 characters, valid', () => {
    const found: string[] = [];
    for (const route of ctx.app.routeCatalog) {
      const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
      for (const [key, field] of emailFields(body)) {
        const where = `${String(route.method)} ${route.url} ${key}`;
        found.push(where);
        expect(field.safeParse(MIXED), where).toMatchObject({ success: true, data: FOLDED });
        expect(field.safeParse(LONGEST), where).toMatchObject({ success: true, data: LONGEST });
        for (const bad of [TOO_LONG, 'não-é-email', 'ana@', ' @exemplo.com']) {
          const res = field.safeParse(bad);
          expect(res.success, `${where} accepted ${bad.slice(0, 20)}`).toBe(false);
          expect(res.error?.issues[0]?.message, where).toBe(EMAIL_MSG.invalid);
        }
      }
    }
    // Login, sign-up, members (by e-mail and without an account), families, admin and security.
    expect(found).toEqual(expect.arrayContaining([
      'POST /api/auth/register email', 'POST /api/auth/login email', 'POST /api/clubs/:clubId/members email',
      'POST /api/clubs/:clubId/members/:memberId/guardians email', 'POST /api/admin/clubs admin_email',
      'POST /api/auth/password/forgot email',
    ]));
    expect(found.some((f) => f.endsWith(' new_email'))).toBe(true);
  });

  it('an address typed with spaces and capitals is stored and looked up folded; 255 characters are refused in pt-BR', async () => {
    const reg = await call(ctx.app, 'POST', '/api/auth/register', { body: { full_name: 'Ana', email: MIXED, password: 'segredo123', confirm_password: 'segredo123' } });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().profile.email).toBe(FOLDED);
    expect((await login(ctx.app, ' ANA@exemplo.com')).profile.email).toBe(FOLDED);

    const added = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members`, { as: director, body: { mode: 'accountless', full_name: 'Beto', email: '  Beto@Exemplo.COM ', role: 'member' } });
    expect(added.statusCode).toBe(201);
    const stored = await ctx.db.query<{ email: string }>(`SELECT email FROM profiles WHERE full_name = 'Beto'`);
    expect(stored.map((r) => r.email)).toEqual(['beto@exemplo.com']);

    const tooLong = await call(ctx.app, 'POST', '/api/auth/register', { body: { full_name: 'Longo', email: TOO_LONG, password: 'segredo123', confirm_password: 'segredo123' } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(EMAIL_MSG.invalid);
    const memberTooLong = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members`, { as: director, body: { mode: 'email', email: TOO_LONG, role: 'member' } });
    expect(memberTooLong.statusCode).toBe(400);
    expect(memberTooLong.json().error.message).toBe(EMAIL_MSG.invalid);
  });
});
