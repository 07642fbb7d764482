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
