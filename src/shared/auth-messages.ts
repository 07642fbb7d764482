// Messages and limits of sign-in and sign-up, without zod: the login page imports these alone (ADR 021).
import { EMAIL_MSG } from './email-messages.js';

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
  emailInvalid: EMAIL_MSG.invalid,
  passwordRequired: 'Informe sua senha',
} as const;
