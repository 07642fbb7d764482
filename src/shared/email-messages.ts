// The e-mail rule's limit and messages, without zod: the login page imports these alone (ADR 021).

/** The longest address the server accepts (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_MSG = {
  required: 'Informe o e-mail',
  invalid: 'Informe um e-mail válido',
} as const;
