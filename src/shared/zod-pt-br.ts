import { z } from 'zod';

/**
 * pt-BR for every schema check that has no message of its own, so no English default ('Invalid input',
 * 'Expected string, received number', 'Too big') ever reaches a person or an API client (issue 31).
 * Each message starts with 'Campo'; the API's error handler puts the field's name after that word
 * (`Campo "criteria_type" obrigatório.`), because an error map does not know the full path of its issue.
 */
export const FIELD_WORD = 'Campo';

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  int: 'número inteiro',
  bigint: 'número inteiro',
  boolean: 'verdadeiro ou falso (true/false)',
  object: 'objeto',
  array: 'lista',
  date: 'data',
  null: 'nulo',
  undefined: 'ausente',
  nan: 'número',
};

const FORMATS: Record<string, string> = {
  email: 'um e-mail válido',
  uuid: 'um identificador (UUID) válido',
  guid: 'um identificador (UUID) válido',
  url: 'um endereço (URL) válido',
  datetime: 'data e hora no formato ISO 8601 (AAAA-MM-DDTHH:MM:SSZ)',
  date: 'uma data no formato AAAA-MM-DD',
  time: 'um horário no formato HH:MM',
  regex: 'no formato esperado',
  starts_with: 'no formato esperado',
  ends_with: 'no formato esperado',
  includes: 'no formato esperado',
};

const list = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

function sizeMessage(kind: 'max' | 'min', origin: string, limit: unknown): string {
  const n = typeof limit === 'bigint' ? limit.toString() : String(limit);
  const more = kind === 'max' ? 'máximo' : 'mínimo';
  if (origin === 'string') return kind === 'min' && n === '1' ? `${FIELD_WORD} obrigatório.` : `${FIELD_WORD} com ${kind === 'max' ? 'texto longo' : 'texto curto'} demais (${more} ${n} caracteres).`;
  if (origin === 'array' || origin === 'set') return `${FIELD_WORD} com ${kind === 'max' ? 'itens demais' : 'itens de menos'} (${more} ${n}).`;
  if (origin === 'file') return `${FIELD_WORD} com arquivo ${kind === 'max' ? 'grande' : 'pequeno'} demais.`;
  return `${FIELD_WORD} com valor ${kind === 'max' ? 'alto' : 'baixo'} demais (${more} ${n}).`;
}

/** The pt-BR message of one issue without a message of its own. */
export function ptBrIssueMessage(iss: z.core.$ZodRawIssue): string {
  // Left out of the request: whatever the check (type, list of values, union), the field is missing.
  if (iss.input === undefined && iss.code !== 'custom' && iss.code !== 'unrecognized_keys') return `${FIELD_WORD} obrigatório.`;
  switch (iss.code) {
    case 'invalid_type':
      return `${FIELD_WORD} com tipo errado: esperado ${TYPE_NAMES[iss.expected] ?? iss.expected}.`;
    case 'too_big':
      return sizeMessage('max', iss.origin, iss.maximum);
    case 'too_small':
      return sizeMessage('min', iss.origin, iss.minimum);
    case 'invalid_format':
      return `${FIELD_WORD} inválido: use ${FORMATS[iss.format] ?? 'o formato esperado'}.`;
    case 'not_multiple_of':
      return `${FIELD_WORD} inválido: deve ser múltiplo de ${String(iss.divisor)}.`;
    case 'unrecognized_keys':
      return `${FIELD_WORD} não reconhecido: ${list(iss.keys)}.`;
    case 'invalid_value':
      return iss.values.length === 1 ? `${FIELD_WORD} inválido: use ${list(iss.values)}.` : `${FIELD_WORD} inválido: use um destes valores: ${list(iss.values)}.`;
    case 'invalid_union':
      return `${FIELD_WORD} inválido: nenhuma das formas aceitas.`;
    case 'invalid_key':
      return `${FIELD_WORD} com chave inválida.`;
    case 'invalid_element':
      return `${FIELD_WORD} com item inválido.`;
    default:
      return `${FIELD_WORD} inválido.`;
  }
}

/** Turns the defaults on for every schema of this process (a schema's own message still wins). */
export function usePtBrZodMessages(): void {
  z.config({ customError: (iss) => ptBrIssueMessage(iss) });
}

/**
 * Names the field in a default message: 'Campo obrigatório.' at `criteria_type` reads
 * 'Campo "criteria_type" obrigatório.'. A schema's own message (already naming its field) is left alone.
 */
export function withFieldName(message: string, path: string): string {
  if (!path || !message.startsWith(`${FIELD_WORD} `)) return message;
  return `${FIELD_WORD} "${path}"${message.slice(FIELD_WORD.length)}`;
}
