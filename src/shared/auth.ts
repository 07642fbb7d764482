import { z } from 'zod';

import { AUTH_MSG, PASSWORD_MIN_LENGTH } from './auth-messages.js';
import { zEmail } from './email.js';

export { AUTH_MSG, PASSWORD_MIN_LENGTH, REGISTER_REDIRECT_MS } from './auth-messages.js';

const email = zEmail(AUTH_MSG.emailRequired);

export const ZRegister = z
  .object({
    full_name: z.string({ error: AUTH_MSG.nameRequired }).trim().min(1, AUTH_MSG.nameRequired).max(120),
    email,
    password: z
      .string({ error: AUTH_MSG.passwordRequired })
      .min(1, AUTH_MSG.passwordRequired)
      .min(PASSWORD_MIN_LENGTH, AUTH_MSG.passwordTooShort)
      .max(200),
    confirm_password: z.string({ error: AUTH_MSG.passwordRequired }).min(1, AUTH_MSG.passwordRequired),
  })
  .refine((v) => v.password === v.confirm_password, { message: AUTH_MSG.passwordsDiffer, path: ['confirm_password'] });
export type TRegister = z.input<typeof ZRegister>;

export const ZLogin = z.object({
  email,
  password: z.string({ error: AUTH_MSG.passwordRequired }).min(1, AUTH_MSG.passwordRequired).max(200),
  remember: z.boolean().default(false),
});
export type TLogin = z.input<typeof ZLogin>;

export const ZProfile = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  user_type: z.enum(['member', 'super_admin']),
});
export type TProfile = z.infer<typeof ZProfile>;

/** mfa_required: the password was right, the session waits for the second step (aal1). */
export const ZMe = z.object({ profile: ZProfile, mfa_required: z.boolean().optional() });
export type TMe = z.infer<typeof ZMe>;
