import { z } from 'zod';

/** pt-BR messages of every money field (spec 5 and the rules Trilha adds). */
export const MONEY_MSG = {
  invalid: 'Valor inválido. Use apenas números, com até 2 casas decimais (ex.: 150,00).',
  decimals: 'O valor deve ter no máximo 2 casas decimais.',
  tooLarge: 'O valor máximo permitido é R$ 999.999.999.999,99.',
} as const;

/** The largest amount numeric(14,2) holds, as the API writes it. */
export const MONEY_MAX = '999999999999.99';
const MAX_INTEGER_DIGITS = 12;

export interface MoneyOptions {
  /** Blank, zero (unless allowZero) and negatives (unless negativeMessage) get this message. */
  requiredMessage: string;
  allowZero?: boolean;
  negativeMessage?: string;
  /** What a blank field means (e.g. '0.00' for an initial balance); absent: blank is refused. */
  blankValue?: string;
}

export type MoneyParse = { ok: true; value: string } | { ok: false; message: string };

/** Sign, integer digits and decimal digits as typed: the checks every reader shares. */
function finish(sign: string, intRaw: string, decRaw: string, opts: MoneyOptions): MoneyParse {
  const intPart = intRaw.replace(/^0+/, '') || '0';
  const isZero = intPart === '0' && /^0*$/.test(decRaw);
  if (sign === '-' && !isZero) return { ok: false, message: opts.negativeMessage ?? opts.requiredMessage };
  if (decRaw.length > 2) return { ok: false, message: MONEY_MSG.decimals };
  if (intPart.length > MAX_INTEGER_DIGITS) return { ok: false, message: MONEY_MSG.tooLarge };
  if (isZero && !opts.allowZero) return { ok: false, message: opts.requiredMessage };
  return { ok: true, value: `${intPart}.${decRaw.padEnd(2, '0')}` };
}

function blank(opts: MoneyOptions): MoneyParse {
  return opts.blankValue ? { ok: true, value: opts.blankValue } : { ok: false, message: opts.requiredMessage };
}

/**
 * Reads an amount sent to the API ('150', '150.5', '150,50') into canonical '150.50', without
 * ever going through a float. No thousands separators: a JSON client writes plain decimals.
 */
export function parseMoney(raw: string, opts: MoneyOptions): MoneyParse {
  const s = raw.trim().replace(/\s/g, '');
  if (s === '') return blank(opts);
  const m = /^(-?)(\d*)(?:[.,](\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return { ok: false, message: MONEY_MSG.invalid };
  return finish(m[1], m[2], m[3] ?? '', opts);
}

const GROUPED = /^[1-9]\d{0,2}(?:\.\d{3})+$/;

/**
 * Reads what a person types in a money field, the Brazilian way, into the API's canonical
 * decimal string ('1.234,56' → '1234.56'). Accepted: '1234,56', '1.234,56', '1234', '0,5',
 * an optional 'R$'; a single '.' followed by one or two digits is a decimal point too ('10.50'),
 * because some phone keypads only offer '.'. Dots followed by three digits group thousands.
 */
export function parseBrlInput(raw: string, opts: MoneyOptions): MoneyParse {
  const s = raw.replace(/\s/g, '').replace(/^R\$/i, '');
  if (s === '') return blank(opts);
  const m = /^(-?)([\d.]*)(?:,(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return { ok: false, message: MONEY_MSG.invalid };
  const [, sign, intRaw, decRaw] = m;
  if (!intRaw.includes('.')) return finish(sign, intRaw, decRaw ?? '', opts);
  if (GROUPED.test(intRaw)) return finish(sign, intRaw.replace(/\./g, ''), decRaw ?? '', opts);
  // No comma and one dot: a decimal point ('10.5'); more than two decimals is the decimals rule.
  const dot = /^(\d*)\.(\d+)$/.exec(intRaw);
  if (decRaw === undefined && dot) return finish(sign, dot[1], dot[2], opts);
  return { ok: false, message: MONEY_MSG.invalid };
}

export { formatBrl } from './format-brl.js';

function zParsed(parse: (raw: string, opts: MoneyOptions) => MoneyParse, opts: MoneyOptions) {
  return z.string({ error: opts.requiredMessage }).transform((v, ctx) => {
    const r = parse(v, opts);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }
    return r.value;
  });
}

/** A money field of a request body: a decimal string in, canonical 'N.NN' string out. */
export const zMoney = (opts: MoneyOptions) => zParsed(parseMoney, opts);

/** The same field in a form: the text as typed ('1.234,56') in, canonical 'N.NN' out. */
export const zBrlMoney = (opts: MoneyOptions) => zParsed(parseBrlInput, opts);

/**
 * Whole cents of a canonical signed decimal ('-12.90' → -1290n, '150' → 15000n), never through a
 * float. Throws on anything else: callers hold amounts the API or SQL already wrote.
 */
export function moneyToCents(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) throw new Error(`not a canonical amount: ${amount.slice(0, 40)}`);
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** Cents back to the canonical decimal: -1290n → '-12.90'. */
export function centsToMoney(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  const s = abs.toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** The exact sum of canonical decimals, as one. */
export function sumMoney(amounts: readonly string[]): string {
  return centsToMoney(amounts.reduce((acc, a) => acc + moneyToCents(a), 0n));
}

/**
 * A total split in `n` instalments, exact to the cent: the first ones carry the leftover cents
 * ('100.00' in 3 → '33.34', '33.33', '33.33'). Their sum is always the total.
 */
export function splitMoney(total: string, n: number): string[] {
  if (!Number.isInteger(n) || n < 1) throw new Error(`not a count of instalments: ${n}`);
  const cents = moneyToCents(total);
  const count = BigInt(n);
  const base = cents / count;
  const extra = cents % count;
  return Array.from({ length: n }, (_, i) => centsToMoney(base + (BigInt(i) < extra ? 1n : 0n)));
}

/**
 * `amount` less `percent` % in integer cents, rounded half up to the cent exactly as SQL's
 * round(amount * (100 - percent) / 100, 2) does for a positive amount (generate_dues): '0.49' less 99 % → '0.00'.
 */
export function percentOff(amount: string, percent: number): string {
  return centsToMoney((moneyToCents(amount) * BigInt(100 - percent) + 50n) / 100n);
}
