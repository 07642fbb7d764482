import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney, monthOfYear, monthTitle } from './format';

const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

describe('formatMoney', () => {
  it.each(['0.00', '0.5', '7.00', '1234.56', '-20.00', '150.50', '1000000.00'])('%s reads like Intl would print it', (v) => {
    expect(formatMoney(v)).toBe(intl.format(Number(v)));
  });

  it('prints a number as Intl would, without Intl (a screen\'s first Intl formatter costs a phone 250 ms)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.integer().map((i) => i / 1000)), (n) => {
        expect(formatMoney(n)).toBe(intl.format(n).replace(/^-(R\$\u00a00,00)$/, '$1'));
      }),
      { numRuns: 2000 },
    );
    expect(formatMoney(1234.5)).toBe('R$\u00a01.234,50');
    expect(formatMoney(-0.004)).toBe('R$\u00a00,00');
  });

  it('is exact past what a float holds', () => {
    expect(formatMoney('999999999999.99')).toBe('R$\u00a0999.999.999.999,99');
    expect(formatMoney('12345678901234567.89')).toBe('R$\u00a012.345.678.901.234.567,89');
  });
});

describe('monthTitle', () => {
  it('names the month in pt-BR, capitalised as a title, with its year', () => {
    expect(monthTitle(2027, 3)).toBe('Março de 2027');
    expect(monthTitle(2026, 1)).toBe('Janeiro de 2026');
    expect(monthTitle(2026, 12)).toBe('Dezembro de 2026');
  });

  it('reads as the sentence says it, lower case, in monthOfYear', () => {
    expect(monthOfYear(2027, 3)).toBe('março de 2027');
  });
});
