// Without zod: every screen that shows an amount imports this alone (ADR 021). Without Intl too
// (see pt-number.ts): a screen's first Intl formatter costs a phone a quarter of a second.
import { formatNumber, groupThousands } from './pt-number.js';

/** Canonical '1234.5' / '1234.56' → '1.234,56' (pt-BR grouping, two decimals), by string only. */
export function formatBrl(decimal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const [, sign, intRaw, decRaw = ''] = m;
  const intPart = intRaw.replace(/^0+/, '') || '0';
  return `${sign}${groupThousands(intPart)},${decRaw.padEnd(2, '0').slice(0, 2)}`;
}

/** 'R$ 1.234,50' from a decimal string (digit by digit, exact at any size) or a number. */
export function formatMoney(value: string | number | null | undefined): string {
  const s = typeof value === 'string' ? value.trim() : '';
  if (/^-?\d+(\.\d{1,2})?$/.test(s)) return `${s.startsWith('-') ? '-' : ''}R$\u00a0${formatBrl(s.replace(/^-/, ''))}`;
  const n = Number(value ?? 0);
  // Two decimals as Intl rounds them (the shortest decimal, halves away from zero), then grouped.
  const text = formatNumber(Math.abs(n), 2, 2);
  return `${n < 0 && text !== '0,00' ? '-' : ''}R$\u00a0${text}`;
}
