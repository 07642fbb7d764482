/** Error body every API route returns on failure (ARCHITECTURE §6). */
export interface TApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/** Fallback texts shared by the server and the client. */
export const MSG = {
  unauthenticated: 'Faça login para continuar.',
  notFound: 'Recurso não encontrado.',
  clubNotFound: 'Clube não encontrado',
  forbidden: 'Você não tem permissão para esta ação.',
  adminOnly: 'Só o(a) Diretor(a) do clube pode fazer isso.',
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
