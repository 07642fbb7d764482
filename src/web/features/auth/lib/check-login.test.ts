import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ZLogin } from '../../../../shared/auth';
import { checkLogin } from './check-login';

/** What the form shows for ZLogin: the first message of each field, or the parsed values. */
function viaZod(input: { email: string; password: string; remember: boolean }) {
  const r = ZLogin.safeParse(input);
  if (r.success) return { ok: true, values: r.data };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

const emails = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((e) => `  ${e.toUpperCase()} `),
  fc.string(),
  fc.constantFrom('', '   ', 'a@b', 'a@b.c', 'a..b@c.com', '.a@b.com', 'a.@b.com', 'ana@clube.com.br', `${'a'.repeat(250)}@b.com`, 'ç@b.com'),
);
const passwords = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', 'x'.repeat(200), 'x'.repeat(201)));

describe('the login form check', () => {
  it('agrees with ZLogin on messages and normalised values for any input', () => {
    fc.assert(
      fc.property(emails, passwords, fc.boolean(), (email, password, remember) => {
        expect(checkLogin({ email, password, remember })).toEqual(viaZod({ email, password, remember }));
      }),
      { numRuns: 2000 },
    );
  });

  it('says which field is missing in pt-BR', () => {
    expect(checkLogin({ email: ' ', password: '', remember: false })).toEqual({ ok: false, errors: { email: 'Informe seu e-mail', password: 'Informe sua senha' } });
    expect(checkLogin({ email: 'ana@', password: 'x', remember: false })).toEqual({ ok: false, errors: { email: 'Informe um e-mail válido' } });
  });
});
