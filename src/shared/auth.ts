import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;
export const REGISTER_REDIRECT_MS = 2000;

export const AUTH_MSG = {
  passwordsDiffer: 'As senhas não coincidem',
  passwordTooShort: 'A senha deve ter no mínimo 6 caracteres',
  registerFallback: 'Erro ao criar conta',
  loginFallback: 'Erro ao fazer login',
  emailTaken: 'Este e-mail já está cadastrado. Faça login ou use outro e-mail.',
  /** The e-mail belongs to a member a club registered without an account: only their link may claim it. */
  invalidCredentials: 'E-mail ou senha incorretos.',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  blocked: 'Esta conta está bloqueada. Fale com o administrador da plataforma.',
  registered: 'Conta criada com sucesso! Redirecionando…',
  nameRequired: 'Informe seu nome completo',
  emailRequired: 'Informe seu e-mail',
  emailInvalid: 'Informe um e-mail válido',
  passwordRequired: 'Informe sua senha',
} as const;

const email = z
  .string({ error: AUTH_MSG.emailRequired })
  .trim()
  .min(1, AUTH_MSG.emailRequired)
  .max(254, AUTH_MSG.emailInvalid)
  .pipe(z.email({ error: AUTH_MSG.emailInvalid }))
  .transform((v) => v.toLowerCase());

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
