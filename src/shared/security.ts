import { z } from 'zod';
import { AUTH_MSG, PASSWORD_MIN_LENGTH } from './auth.js';
import { zEmail } from './email.js';

/** pt-BR texts of password recovery, two-step verification, sessions and e-mail (issue 13). */
export const SECURITY_MSG = {
  forgotSent: 'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Confira sua caixa de entrada.',
  resetInvalid: 'Link inválido ou expirado',
  resetDone: 'Senha redefinida com sucesso! Faça login com a nova senha.',
  tooManyRequests: 'Muitos pedidos em pouco tempo. Aguarde alguns minutos e tente novamente.',
  mfaRequired: 'Informe o código de verificação para continuar.',
  codeInvalid: 'Código inválido ou já usado',
  codeFormat: 'Informe os 6 dígitos do código',
  codeRequired: 'Informe o código de verificação ou um código de recuperação',
  tooManyCodes: 'Muitas tentativas de código. Aguarde alguns minutos e tente novamente.',
  mfaAlreadyOn: 'A verificação em duas etapas já está ativa',
  mfaNotOn: 'A verificação em duas etapas não está ativa',
  enrolFirst: 'Clique em "Ativar verificação em duas etapas" para começar',
  mfaEnabled: 'Verificação em duas etapas ativada!',
  mfaDisabled: 'Verificação em duas etapas desativada',
  codesRegenerated: 'Novos códigos de recuperação gerados. Os anteriores não valem mais.',
  clubRequiresMfa: 'Este clube exige verificação em duas etapas para administradores e tesoureiros. Ative-a em Segurança.',
  enableYourselfFirst: 'Ative a verificação em duas etapas na sua conta antes de exigi-la no clube.',
  sessionNotFound: 'Sessão não encontrada',
  sessionRevoked: 'Sessão encerrada',
  othersRevoked: 'Você saiu de todos os outros dispositivos',
  wrongPassword: 'Senha atual incorreta',
  passwordChanged: 'Senha alterada. As outras sessões foram encerradas.',
  emailChangeSent: 'Enviamos um link de confirmação para o novo e-mail.',
  emailChanged: 'E-mail alterado com sucesso!',
  emailVerifySent: 'Enviamos um link de confirmação para o seu e-mail.',
  emailMissing: 'Sua conta não tem e-mail para confirmar.',
  emailSame: 'Este já é o seu e-mail',
  clubSecuritySaved: 'Configuração de segurança salva',
} as const;

export const MAIL_MSG = { notFound: 'E-mail não encontrado' } as const;

const email = zEmail(AUTH_MSG.emailRequired);

const newPassword = z
  .string({ error: AUTH_MSG.passwordRequired })
  .min(1, AUTH_MSG.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_MSG.passwordTooShort)
  .max(200);

const token = z.string({ error: SECURITY_MSG.resetInvalid }).min(1, SECURITY_MSG.resetInvalid).max(200, SECURITY_MSG.resetInvalid);

export const ZForgotPassword = z.object({ email });
export type TForgotPassword = z.input<typeof ZForgotPassword>;

export const ZResetPassword = z
  .object({ token, password: newPassword, confirm_password: z.string({ error: AUTH_MSG.passwordRequired }).min(1, AUTH_MSG.passwordRequired).max(200) })
  .refine((v) => v.password === v.confirm_password, { message: AUTH_MSG.passwordsDiffer, path: ['confirm_password'] });
export type TResetPassword = z.input<typeof ZResetPassword>;

/** A TOTP code: 6 digits; spaces typed between groups are ignored. */
export const ZTotpCode = z
  .string({ error: SECURITY_MSG.codeFormat })
  .max(20, SECURITY_MSG.codeFormat)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, SECURITY_MSG.codeFormat));

export const ZRecoveryCode = z
  .string()
  .max(40, SECURITY_MSG.codeInvalid)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, SECURITY_MSG.codeInvalid));

export const ZMfaCodeBody = z.object({ code: ZTotpCode });

export const ZMfaChallenge = z
  .object({ code: ZTotpCode.optional(), recovery_code: ZRecoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), { message: SECURITY_MSG.codeRequired, path: ['code'] });
export type TMfaChallenge = z.input<typeof ZMfaChallenge>;

export const ZMfaEnrolment = z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() });
export type TMfaEnrolment = z.infer<typeof ZMfaEnrolment>;

export const ZRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

export const ZSessionInfo = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

export const ZSecurityOverview = z.object({
  email: z.string().nullable(),
  mfa_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  pending_email: z.string().nullable(),
  sessions: z.array(ZSessionInfo),
});
export type TSecurityOverview = z.infer<typeof ZSecurityOverview>;

export const ZChangePassword = z
  .object({
    current_password: z.string({ error: AUTH_MSG.passwordRequired }).min(1, AUTH_MSG.passwordRequired).max(200),
    password: newPassword,
    confirm_password: z.string({ error: AUTH_MSG.passwordRequired }).min(1, AUTH_MSG.passwordRequired).max(200),
  })
  .refine((v) => v.password === v.confirm_password, { message: AUTH_MSG.passwordsDiffer, path: ['confirm_password'] });
export type TChangePassword = z.input<typeof ZChangePassword>;

export const ZChangeEmail = z.object({
  new_email: email,
  current_password: z.string({ error: AUTH_MSG.passwordRequired }).min(1, AUTH_MSG.passwordRequired).max(200),
});
export type TChangeEmail = z.input<typeof ZChangeEmail>;

export const ZTokenBody = z.object({ token });

export const ZClubSecurity = z.object({ require_mfa_admins: z.boolean({ error: 'Valor inválido' }) });
export type TClubSecurity = z.infer<typeof ZClubSecurity>;

const ZOutboxRow = z.object({
  id: z.string(),
  to_address: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  message_file: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string(),
});
export const ZOutboxList = z.object({ delivery: z.enum(['smtp', 'outbox']), messages: z.array(ZOutboxRow) });
export type TOutboxList = z.infer<typeof ZOutboxList>;
export const ZOutboxMessage = ZOutboxRow.extend({ text_body: z.string(), eml: z.string().nullable() });
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const OUTBOX_STATUS_LABEL: Record<z.infer<typeof ZOutboxRow>['status'], string> = {
  pending: 'Na fila',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'Falhou',
};

/** "Chrome no Windows": a readable device name from a user agent. */
export function deviceFromUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'Dispositivo desconhecido';
  const browser = /Edg\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
    : /Firefox\//.test(ua) ? 'Firefox'
    : /Chrom(e|ium)\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) ? 'Safari'
    : null;
  const os = /Android/.test(ua) ? 'Android'
    : /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /Linux/.test(ua) ? 'Linux'
    : null;
  if (browser && os) return `${browser} no ${os}`;
  return browser ?? os ?? 'Dispositivo desconhecido';
}
