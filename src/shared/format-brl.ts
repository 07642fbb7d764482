// Without zod: every screen that shows an amount imports this alone (ADR 021).
/** Canonical '1234.5' / '1234.56' → '1.234,56' (pt-BR grouping, two decimals), by string only. */
export function formatBrl(decimal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const [, sign, intRaw, decRaw = ''] = m;
  const intPart = intRaw.replace(/^0+/, '') || '0';
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${grouped},${decRaw.padEnd(2, '0').slice(0, 2)}`;
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'R$ 1.234,50' from a decimal string (digit by digit, exact at any size) or a number. */
export function formatMoney(value: string | number | null | undefined): string {
  const s = typeof value === 'string' ? value.trim() : '';
  if (/^-?\d+(\.\d{1,2})?$/.test(s)) return `${s.startsWith('-') ? '-' : ''}R$\u00a0${formatBrl(s.replace(/^-/, ''))}`;
  return BRL.format(Number(value ?? 0));
}
