import type { OpenAPIV3 } from 'openapi-types';
import { API_ERROR_CODES } from '../../shared/errors.js';
import { UUID_RE } from '../../shared/ids.js';
import { EVIDENCE_MAX_LABEL, EVIDENCE_TYPES_LABEL } from '../../shared/progress.js';
import { SESSION_COOKIE, mfaPendingMayCall } from '../auth/session.js';

/**
 * Turns the document @fastify/swagger builds from the route schemas into the API's contract: every
 * operation gets a stable operationId, pt-BR response descriptions, the error envelope on every error
 * status it can answer, the session-cookie security requirement when it needs a session, and the
 * right content types for CSV, binary and multipart bodies. Runtime behaviour is untouched: this only
 * describes what the error handler, the auth plugin and the limits already do.
 */

type Doc = OpenAPIV3.Document;
type Operation = OpenAPIV3.OperationObject;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Operations anyone may call without a session (everything else declares the cookie scheme). */
export const PUBLIC_OPERATIONS = new Set([
  'GET /api/health',
  'GET /api/ready',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/session',
  'GET /api/boot',
  'GET /api/invitations/{token}',
  'POST /api/invitations/{token}/register',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset/check',
  'POST /api/auth/password/reset',
  'POST /api/auth/mfa/challenge',
  'POST /api/auth/email/confirm',
  'GET /api/privacy/{clubId}',
  'GET /api/guardian-invitations/{token}',
  'POST /api/notifications/unsubscribe',
  'GET /api/calendar/{file}',
  'GET /api/carteirinha/{token}',
]);

export const ERROR_SCHEMA: OpenAPIV3.SchemaObject = {
  type: 'object',
  description: 'Envelope de erro de toda a API.',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', enum: [...API_ERROR_CODES], description: 'Código estável do erro, para programas.' },
        message: { type: 'string', description: 'Mensagem em português para mostrar à pessoa.' },
        details: { description: 'Detalhes, quando há: por exemplo a lista de campos inválidos `[{ path, message }]` ou `retry_after` (segundos).' },
      },
    },
  },
};

const DESCRIPTIONS: Record<string, string> = {
  200: 'Sucesso.',
  201: 'Criado.',
  204: 'Feito; sem conteúdo.',
  400: 'Dados inválidos: a mensagem diz o que corrigir e nada foi alterado.',
  401: 'Sem sessão válida: faça login.',
  403: 'Sem permissão para esta ação, ou escrita sem origem do próprio site.',
  404: 'Não encontrado (também para dados de outro clube).',
  405: 'Método não aceito neste endereço (cabeçalho Allow lista os aceitos).',
  409: 'Conflito com o estado atual dos dados.',
  413: 'Requisição ou arquivo grande demais.',
  414: 'Endereço longo demais.',
  415: 'Tipo de conteúdo não aceito: envie JSON (ou multipart nos envios de arquivo).',
  422: 'Os dados estão certos, mas a conta indicada não pode ser usada (inexistente ou bloqueada).',
  429: 'Muitas requisições: aguarde o tempo do cabeçalho Retry-After.',
  503: 'Servidor ocupado ou consulta demorou demais: nada foi alterado; tente novamente.',
};

/** Error statuses any operation can answer; 401 only where a session is needed, 413 where there is a body. */
function errorStatuses(key: string, path: string, method: string, isPublic: boolean): number[] {
  const statuses = [400, 404, 409, 414, 429, 503];
  // Public, and still 401: a wrong password, and any route a person between password and second factor
  // may not call yet (mfa_required; the login page asks /api/auth/session after a reload).
  if (!isPublic || key === 'POST /api/auth/login' || !mfaPendingMayCall(path)) statuses.push(401);
  if (!isPublic) statuses.push(403);
  if (method !== 'get') statuses.push(403, 409, 413, 415);
  // Creating a club for someone else: the director's e-mail must be an active account.
  if (key === 'POST /api/admin/clubs') statuses.push(422);
  return [...new Set(statuses)].sort();
}

const VERBS: Record<string, string> = { post: 'create', put: 'update', patch: 'update', delete: 'delete' };

function pascal(segment: string): string {
  return segment
    .replace(/\.[a-z]+$/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/** `GET /api/clubs/{clubId}/members` → `listClubsMembers`; `GET …/members/{memberId}` → `getClubsMembers`. */
export function operationIdFor(method: string, path: string): string {
  const parts = path.replace(/^\/api\//, '').split('/');
  const last = parts[parts.length - 1] ?? '';
  const endsWithParam = last.startsWith('{');
  const words = parts.filter((p) => !p.startsWith('{')).map(pascal).join('');
  const verb = method === 'get' ? (endsWithParam ? 'get' : 'list') : (VERBS[method] ?? method);
  return `${verb}${words}`;
}

function jsonContent(schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): OpenAPIV3.ResponseObject['content'] {
  return { 'application/json': { schema } };
}

/** Example values by field name, as a club would fill them. */
const FIELD_EXAMPLES: Record<string, unknown> = {
  full_name: 'Ana Souza',
  name: 'Águias',
  title: 'Limpar o acampamento',
  email: 'ana@exemplo.com',
  password: 'senha-segura-123',
  confirm_password: 'senha-segura-123',
  password_confirmation: 'senha-segura-123',
  description: 'Texto livre em português.',
  reason: 'Ajudou na limpeza do acampamento',
  points: 10,
  amount: '1234.56',
  initial_balance: '150.00',
  target_amount: '800.00',
  color: '#0ea5e9',
  timezone: 'America/Sao_Paulo',
  slug: 'clube-aguias',
  start_date: '2026-03-01',
  end_date: '2026-06-30',
  date: '2026-03-07',
  role: 'member',
  active: true,
};

/** A plausible example for a request body, built from its JSON schema. */
export function exampleFor(schema: OpenAPIV3.SchemaObject | undefined, field = '', depth = 0): unknown {
  if (!schema || depth > 5) return null;
  if (field in FIELD_EXAMPLES) {
    const v = FIELD_EXAMPLES[field];
    const t = schema.type;
    if ((t === 'string' && typeof v === 'string') || ((t === 'integer' || t === 'number') && typeof v === 'number') || (t === 'boolean' && typeof v === 'boolean')) {
      if (!schema.enum || schema.enum.includes(v)) return v;
    }
  }
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = (schema.anyOf ?? schema.oneOf)?.[0];
  if (alt) return exampleFor(alt as OpenAPIV3.SchemaObject, field, depth + 1);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = exampleFor(v as OpenAPIV3.SchemaObject, k, depth + 1);
      return out;
    }
    case 'array':
      return schema.items ? [exampleFor(schema.items as OpenAPIV3.SchemaObject, field, depth + 1)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid' || schema.pattern === UUID_RE.source || field.endsWith('_id')) return '3f1c2a8e-6b7d-4c5e-9f10-2a3b4c5d6e7f';
      if (schema.format === 'email') return 'ana@exemplo.com';
      if (schema.format === 'date-time' || field.endsWith('_at')) return '2026-03-07T15:00:00-03:00';
      return 'texto';
    default:
      return null;
  }
}

/** Adjusts one operation in place. */
function decorate(method: string, path: string, op: Operation, usedIds: Set<string>): void {
  const key = `${method.toUpperCase()} ${path}`;
  const isPublic = PUBLIC_OPERATIONS.has(key);
  let id = op.operationId ?? operationIdFor(method, path);
  for (let n = 2; usedIds.has(id); n += 1) id = `${operationIdFor(method, path)}${n}`;
  usedIds.add(id);
  op.operationId = id;
  op.security = isPublic ? [] : [{ sessionCookie: [] }];

  const responses = (op.responses ??= {}) as Record<string, OpenAPIV3.ResponseObject>;
  for (const [status, response] of Object.entries(responses)) {
    if (!response.description || response.description === 'Default Response') response.description = DESCRIPTIONS[status] ?? 'Resposta.';
    if (status === '204') delete response.content;
  }
  const produces = (op as { produces?: string[] }).produces;
  if (path.endsWith('.csv') || produces?.includes('text/csv')) {
    responses['200'] = { description: 'Arquivo CSV (UTF-8, separador ";", datas dd/mm/aaaa).', content: { 'text/csv': { schema: { type: 'string' } } } };
  }
  if (path.endsWith('/evidence') && method === 'get') {
    responses['200'] = {
      description: `O arquivo enviado como comprovação, com o tipo conferido pelos bytes no envio: ${EVIDENCE_TYPES_LABEL}.`,
      content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  for (const status of errorStatuses(key, path, method, isPublic)) {
    responses[String(status)] ??= { description: DESCRIPTIONS[status] ?? 'Erro.', content: jsonContent({ $ref: '#/components/schemas/ErrorBody' }) };
  }
  const json = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content?.['application/json'];
  if (json && json.example === undefined) json.example = exampleFor(json.schema as OpenAPIV3.SchemaObject);
  const consumes = (op as { consumes?: string[] }).consumes;
  if (consumes?.includes('multipart/form-data')) {
    const isLogo = path.endsWith('/logo');
    op.requestBody = {
      required: true,
      description: isLogo
        ? 'Campo `file`: imagem PNG, JPEG, GIF ou WEBP de até 2 MB, conferida pelos bytes.'
        : `Campo \`file\` (até ${EVIDENCE_MAX_LABEL}, conferido pelos bytes: ${EVIDENCE_TYPES_LABEL}) e campo opcional \`comment\`.`,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: isLogo
              ? { file: { type: 'string', format: 'binary' } }
              : { file: { type: 'string', format: 'binary' }, comment: { type: 'string', maxLength: 2000 } },
          },
        },
      },
    };
  }
  delete (op as { produces?: unknown }).produces;
  delete (op as { consumes?: unknown }).consumes;
}

export const CONTRACT_INTRO = [
  'API do Trilha. Todas as respostas de erro usam o envelope `{"error": {"code", "message", "details?"}}` (schema `ErrorBody`).',
  '',
  '**Autenticação**: `POST /api/auth/login` com `{ email, password }` devolve o cookie de sessão `' + SESSION_COOKIE + '` (HttpOnly); envie-o nas chamadas seguintes.',
  '',
  '**Proteção contra CSRF**: toda escrita (POST, PUT, PATCH, DELETE) precisa de um cabeçalho `Origin` do próprio site ou do cabeçalho `X-Trilha-Client: web`; sem isso a resposta é 403 `bad_origin`.',
  '',
  'Dados de outro clube respondem 404. Métodos não aceitos num endereço conhecido respondem 405 com o cabeçalho `Allow`.',
].join('\n');

/** The `transformObject` hook for @fastify/swagger. */
export function contractDocument(doc: Doc): Doc {
  doc.info = { ...doc.info, description: CONTRACT_INTRO };
  doc.components = doc.components ?? {};
  doc.components.schemas = { ...(doc.components.schemas ?? {}), ErrorBody: ERROR_SCHEMA };
  doc.components.securitySchemes = {
    sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Sessão criada por `POST /api/auth/login`.' },
  };
  const usedIds = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) decorate(method, path, op, usedIds);
    }
  }
  return doc;
}
