import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatNumber, groupThousands } from './pt-number.js';

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [1234, '1.234'],
    [-1234, '-1.234'],
    [1234567.891, '1.234.567,891'],
    [0.1 + 0.2, '0,3'],
    [12.5, '12,5'],
    [999999999999, '999.999.999.999'],
  ])('%d reads %s', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });

  it('keeps the decimals asked for', () => {
    expect(formatNumber(12.34, 1, 1)).toBe('12,3');
    expect(formatNumber(50, 1, 1)).toBe('50,0');
    expect(formatNumber(2.25, 0, 1)).toBe('2,3');
    expect(formatNumber(3, 0, 1)).toBe('3');
    expect(formatNumber(2.675, 2, 2)).toBe('2,68');
    expect(formatNumber(9.96, 0, 1)).toBe('10');
    expect(formatNumber(1e-7, 0, 3)).toBe('0');
    expect(formatNumber(1e21)).toBe('1.000.000.000.000.000.000.000');
  });

  it('prints what Intl prints, for any number a screen shows', () => {
    const intl = (min: number, max: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: min, maximumFractionDigits: max });
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: -1e22, max: 1e22, noNaN: true }), fc.integer().map((i) => i / 1000), fc.integer().map((i) => i / 8)), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (n, a, b) => {
        const [min, max] = [Math.min(a, b), Math.max(a, b)];
        const expected = intl(min, max).format(n).replace(/^-(0(,0*)?)$/, '$1');
        expect(formatNumber(n, min, max)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('groups a run of digits of any length', () => {
    expect(groupThousands('1')).toBe('1');
    expect(groupThousands('1000')).toBe('1.000');
    expect(groupThousands('12345678901234567')).toBe('12.345.678.901.234.567');
  });
});
