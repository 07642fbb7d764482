import { generatePixPayload, getPixKeyInfo } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';

/** What the BR Code carries of the beneficiary's name and city (EMV fields 59 and 60). */
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;
/** What the club may store: the full name and city, printed as typed on receipts (issue 43). */
export const PIX_NAME_STORED_MAX = 100;
export const PIX_CITY_STORED_MAX = 60;

/** pt-BR texts of the club's PIX settings. */
export const PIX_MSG = {
  keyRequired: 'Informe a chave PIX do clube.',
  keyInvalid: 'Chave PIX inválida: use CPF, CNPJ, celular com DDD, e-mail ou chave aleatória.',
  cpfInvalid: 'CPF inválido: confira os dígitos verificadores.',
  cnpjInvalid: 'CNPJ inválido: confira os dígitos verificadores.',
  nameRequired: 'Informe o nome do beneficiário.',
  nameTooLong: `O nome do beneficiário deve ter no máximo ${PIX_NAME_STORED_MAX} caracteres.`,
  nameUnwritable: 'O nome do beneficiário precisa ter letras ou números: o código PIX tira acentos e não leva emojis nem símbolos especiais.',
  cityRequired: 'Informe a cidade do beneficiário.',
  cityTooLong: `A cidade deve ter no máximo ${PIX_CITY_STORED_MAX} caracteres.`,
  cityUnwritable: 'A cidade precisa ter letras ou números: o código PIX tira acentos e não leva emojis nem símbolos especiais.',
  saved: 'Dados do PIX salvos!',
  notConfigured: 'O clube ainda não cadastrou a chave PIX.',
} as const;

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'evp'] as const;
export type TPixKeyType = (typeof PIX_KEY_TYPES)[number];
export const PIX_KEY_TYPE_LABEL: Record<TPixKeyType, string> = {
  cpf: 'CPF', cnpj: 'CNPJ', email: 'E-mail', phone: 'Celular', evp: 'Chave aleatória',
};

/** Why a key typed in the form is not a PIX key, or its canonical form and kind. */
export function readPixKey(raw: string): { ok: true; type: TPixKeyType; value: string } | { ok: false; message: string } {
  const text = raw.trim();
  if (!text) return { ok: false, message: PIX_MSG.keyRequired };
  const info = getPixKeyInfo(text);
  if (info) return { ok: true, type: info.type, value: info.value };
  // Written as a CPF or CNPJ (bare digits or the usual mask) but the check digits do not match.
  if (/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(text)) return { ok: false, message: PIX_MSG.cpfInvalid };
  if (/^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/.test(text)) return { ok: false, message: PIX_MSG.cnpjInvalid };
  return { ok: false, message: PIX_MSG.keyInvalid };
}

/**
 * The text a BR Code carries for a name or a city, as `generatePixPayload` writes it: accents taken off
 * (NFD), any whitespace a space, only printable ASCII kept (no emoji, no 'ß'), spaces collapsed, cut to
 * `max` characters. An emoji-only name comes out empty, and the library then writes no code at all.
 */
export function pixText(value: string, max: number): string {
  return value.normalize('NFD').replace(/\s/g, ' ').replace(/[^\u0020-\u007E]/g, '').replace(/ {2,}/g, ' ').trim().slice(0, max).trim();
}

/** Whether the code would carry something a bank shows as a name: at least one letter or digit. */
const writable = (value: string, max: number) => /[A-Za-z0-9]/.test(pixText(value, max));

export const ZPixSettingsInput = z.object({
  pix_key: z.string({ error: PIX_MSG.keyRequired }).max(200, PIX_MSG.keyInvalid).transform((v, ctx) => {
    const key = readPixKey(v);
    if (!key.ok) {
      ctx.addIssue({ code: 'custom', message: key.message });
      return z.NEVER;
    }
    return key;
  }),
  beneficiary_name: z.string({ error: PIX_MSG.nameRequired }).trim().min(1, PIX_MSG.nameRequired).max(PIX_NAME_STORED_MAX, PIX_MSG.nameTooLong)
    .refine((v) => writable(v, PIX_NAME_MAX), PIX_MSG.nameUnwritable),
  city: z.string({ error: PIX_MSG.cityRequired }).trim().min(1, PIX_MSG.cityRequired).max(PIX_CITY_STORED_MAX, PIX_MSG.cityTooLong)
    .refine((v) => writable(v, PIX_CITY_MAX), PIX_MSG.cityUnwritable),
});
export type TPixSettingsInput = z.input<typeof ZPixSettingsInput>;

export const ZPixSettings = z.object({
  pix_key: z.string(),
  key_type: z.enum(PIX_KEY_TYPES),
  beneficiary_name: z.string(),
  city: z.string(),
  updated_at: z.string(),
});
export type TPixSettings = z.infer<typeof ZPixSettings>;

/**
 * The static BR Code ('PIX copia e cola') of an amount owed: the club's key, name and city, the amount
 * and the charge's short code as txid (so a statement line can be matched by hand). CRC16 included.
 */
export function pixCopiaECola(settings: Pick<TPixSettings, 'pix_key' | 'beneficiary_name' | 'city'>, amount: string, txid: string): string | null {
  // The library takes a number; amounts are at most 12 integer digits with 2 decimals, exact as a double.
  return generatePixPayload({ key: settings.pix_key, merchantName: settings.beneficiary_name, merchantCity: settings.city, amount: Number(amount), txid });
}
