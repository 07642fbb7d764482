import extenso from 'extenso';
import { parseMoney } from './money.js';

/**
 * 'Valor por extenso' of an amount as the API writes it ('150.20' → 'cento e cinquenta reais e vinte
 * centavos'), for receipts. The decimal string goes to `extenso` as text, never through a float.
 */
export function amountInWords(decimal: string): string {
  const read = parseMoney(decimal, { requiredMessage: 'valor', allowZero: true });
  if (!read.ok) throw new Error(`amountInWords: not an amount: ${decimal}`);
  return extenso(read.value, { mode: 'currency', currency: { code: 'BRL' } });
}
