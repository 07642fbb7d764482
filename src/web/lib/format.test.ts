import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

describe('formatMoney', () => {
  it.each(['0.00', '0.5', '7.00', '1234.56', '-20.00', '150.50', '1000000.00'])('%s reads like Intl would print it', (v) => {
    expect(formatMoney(v)).toBe(intl.format(Number(v)));
  });

  it('is exact past what a float holds', () => {
    expect(formatMoney('999999999999.99')).toBe('R$\u00a0999.999.999.999,99');
    expect(formatMoney('12345678901234567.89')).toBe('R$\u00a012.345.678.901.234.567,89');
  });
});
