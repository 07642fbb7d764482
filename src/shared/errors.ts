/** Error body every API route returns on failure (ARCHITECTURE §6). */
export interface TApiErrorBody {
  /** request_id: on a 500 or 503, the id of the request in the server's logs (shown as 'Código do erro'). */
  error: { code: string; message: string; details?: unknown; request_id?: string };
}

/** Fallback texts shared by the server and the client. */
export const MSG = {
  unauthenticated: 'Faça login para continuar.',
  notFound: 'Recurso não encontrado.',
  clubNotFound: 'Clube não encontrado',
  forbidden: 'Você não tem permissão para esta ação.',
  adminOnly: 'Só quem tem a função Diretor(a) no clube pode fazer isso.',
  invalidData: 'Dados inválidos. Verifique os campos e tente novamente.',
  badOrigin: 'Origem da requisição não permitida.',
  internal: 'Erro interno. Tente novamente em instantes.',
  methodNotAllowed: 'Este endereço não aceita este método.',
  rateLimited: 'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.',
  tooManySignups: 'Muitos cadastros a partir desta rede. Tente novamente mais tarde.',
  tooManyLoginAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  tooManyClubs: 'Você atingiu o limite de clubes por conta. Fale com a administração da plataforma.',
  clubDeactivated: 'Clube desativado pela administração da plataforma',
} as const;

/** Every `error.code` the API answers with; the OpenAPI document enumerates them. */
export const API_ERROR_CODES = ['admin_account_blocked', 'permission_denied', 'meeting_cancelled', 'consent_required', 'consent_text_changed', 'invalid_code', 'invalid_token', 'mfa_enabled', 'mfa_enrolment_required', 'mfa_required', 'wrong_password','admin_account_missing','already_reversed','bad_origin','bad_request','blocked','claim_needs_new_account','club_deactivated','club_limit','conflict','csv_invalid','email_taken','evidence_type','forbidden','in_use','internal','invalid','invalid_credentials','invalid_logo_url','invitation_wrong_email','last_admin','logo_too_large','method_not_allowed','no_file','not_an_image','not_available','not_embedded','not_found','period_in_use','rate_limited','self_adjustment','slug_taken','timeout','too_large','unauthenticated','unit_in_use','validation',] as const;
