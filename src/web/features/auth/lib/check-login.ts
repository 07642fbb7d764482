import type { TLogin } from '../../../../shared/auth';
import { AUTH_MSG } from '../../../../shared/auth-messages';

// The same rule as zod's z.email(), which ZLogin applies on the server: the login page checks the
// form by hand so that it downloads neither zod nor react-hook-form (ADR 021).
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type LoginErrors = Partial<Record<'email' | 'password', string>>;

/**
 * ZLogin of @shared/auth, by hand: the same messages and the same normalised values (trimmed,
 * lower-case e-mail). A test checks both agree on any input.
 */
export function checkLogin(input: { email: string; password: string; remember: boolean }): { ok: true; values: Required<TLogin> } | { ok: false; errors: LoginErrors } {
  const errors: LoginErrors = {};
  const email = input.email.trim();
  if (email.length === 0) errors.email = AUTH_MSG.emailRequired;
  else if (email.length > 254 || !EMAIL.test(email)) errors.email = AUTH_MSG.emailInvalid;
  if (input.password.length === 0) errors.password = AUTH_MSG.passwordRequired;
  else if (input.password.length > 200) errors.password = AUTH_MSG.passwordRequired; // what ZLogin says, too
  if (errors.email || errors.password) return { ok: false, errors };
  return { ok: true, values: { email: email.toLowerCase(), password: input.password, remember: input.remember } };
}
