import { z } from 'zod';

import { EMAIL_MAX_LENGTH, EMAIL_MSG } from './email-messages.js';

export { EMAIL_MAX_LENGTH, EMAIL_MSG } from './email-messages.js';

/** A valid address, judged after trimming and before lowercasing (the one check every e-mail field runs). */
const ZEmailAddress = z.email({ error: EMAIL_MSG.invalid });

/**
 * The e-mail rule (issue 33), one schema for login, sign-up, members, families, admin and security:
 * trimmed, at most 254 characters, a valid address, then lowercased — so `"  Ana@Exemplo.COM "` is
 * stored and looked up as `ana@exemplo.com`. Only the message for a missing address is the form's own.
 */
export function zEmail(requiredMessage: string = EMAIL_MSG.required) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX_LENGTH, EMAIL_MSG.invalid)
    .pipe(ZEmailAddress)
    .transform((v) => v.toLowerCase());
}

/** The same rule for an address that may be left out: absent or empty is null. */
export const ZOptionalEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, EMAIL_MSG.invalid)
  .nullish()
  .refine((v) => !v || ZEmailAddress.safeParse(v).success, EMAIL_MSG.invalid)
  .transform((v) => (v ? v.toLowerCase() : null));
