import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToMoney, formatBrl, moneyToCents, MONEY_MSG, parseBrlInput, percentOff, splitMoney, sumMoney, type MoneyOptions } from './money.js';

const REQUIRED = 'Preencha todos os campos obrigatórios';
const NEGATIVE = 'O saldo inicial não pode ser negativo.';
const amount: MoneyOptions = { requiredMessage: REQUIRED };
const balance: MoneyOptions = { requiredMessage: REQUIRED, allowZero: true, negativeMessage: NEGATIVE, blankValue: '0.00' };

const outcome = (text: string, opts: MoneyOptions) => {
  const r = parseBrlInput(text, opts);
  return r.ok ? r.value : { error: r.message };
};

describe('parseBrlInput', () => {
  it.each<[string, string | { error: string }]>([
    ['1234,56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1234', '1234.00'],
    ['0,5', '0.50'],
    ['0,05', '0.05'],
    [',5', '0.50'],
    ['10,', '10.00'],
    ['1.234', '1234.00'],
    ['12.345.678,9', '12345678.90'],
    ['999.999.999.999,99', '999999999999.99'],
    ['999999999999,99', '999999999999.99'],
    ['R$ 1.234,56', '1234.56'],
    ['r$10', '10.00'],
    ['  150 ', '150.00'],
    ['1 234,56', '1234.56'],
    ['0150,50', '150.50'],
    ['10.5', '10.50'],
    ['10.50', '10.50'],
    ['100.00', '100.00'],
    ['0,01', '0.01'],
    ['', { error: REQUIRED }],
    ['   ', { error: REQUIRED }],
    ['0', { error: REQUIRED }],
    ['0,00', { error: REQUIRED }],
    ['-5', { error: REQUIRED }],
    ['abc', { error: MONEY_MSG.invalid }],
    ['12a', { error: MONEY_MSG.invalid }],
    ['dez reais', { error: MONEY_MSG.invalid }],
    ['1,234.56', { error: MONEY_MSG.invalid }],
    ['1.23.4', { error: MONEY_MSG.invalid }],
    ['12.34,5', { error: MONEY_MSG.invalid }],
    ['1,2,3', { error: MONEY_MSG.invalid }],
    ['.', { error: MONEY_MSG.invalid }],
    [',', { error: MONEY_MSG.invalid }],
    ['-', { error: MONEY_MSG.invalid }],
    ['1e5', { error: MONEY_MSG.invalid }],
    ['Infinity', { error: MONEY_MSG.invalid }],
    ['１２', { error: MONEY_MSG.invalid }],
    ['1,234', { error: MONEY_MSG.decimals }],
    ['1,999', { error: MONEY_MSG.decimals }],
    ['1.2345', { error: MONEY_MSG.decimals }],
    ['1.000.000.000.000,00', { error: MONEY_MSG.tooLarge }],
    ['1000000000000', { error: MONEY_MSG.tooLarge }],
  ])('a required amount: %j → %j', (text, expected) => {
    expect(outcome(text, amount)).toEqual(expected);
  });

  it.each<[string, string | { error: string }]>([
    ['', '0.00'],
    ['0', '0.00'],
    ['0,00', '0.00'],
    ['-0', '0.00'],
    ['-1,00', { error: NEGATIVE }],
    ['-1.234,56', { error: NEGATIVE }],
    ['abc', { error: MONEY_MSG.invalid }],
  ])('an initial balance (blank is zero, no negatives): %j → %j', (text, expected) => {
    expect(outcome(text, balance)).toEqual(expected);
  });

  it('format → parse is the identity for every amount up to R$ 999.999.999.999,99 (cents as bigint, no float)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 99999999999999n }), (cents) => {
        const canonical = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const shown = formatBrl(canonical);
        expect(shown).toMatch(/^[1-9]\d{0,2}(\.\d{3})*,\d{2}$|^0,\d{2}$/);
        expect(parseBrlInput(shown, amount)).toEqual({ ok: true, value: canonical });
        // The same amount typed without grouping, as most people do.
        expect(parseBrlInput(shown.replace(/\./g, ''), amount)).toEqual({ ok: true, value: canonical });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatBrl', () => {
  it.each([
    ['0.00', '0,00'],
    ['0.5', '0,50'],
    ['7.00', '7,00'],
    ['1234.56', '1.234,56'],
    ['999999999999.99', '999.999.999.999,99'],
    ['-1500.00', '-1.500,00'],
  ])('%s → %s', (decimal, shown) => {
    expect(formatBrl(decimal)).toBe(shown);
  });
});

describe('cents', () => {
  it('reads and writes canonical decimals exactly, signs and sums included', () => {
    expect(moneyToCents('-12.90')).toBe(-1290n);
    expect(moneyToCents('150')).toBe(15000n);
    expect(moneyToCents('0.5')).toBe(50n);
    expect(centsToMoney(-1290n)).toBe('-12.90');
    expect(centsToMoney(5n)).toBe('0.05');
    expect(sumMoney(['0.10', '0.20', '999999999999.99', '-0.29'])).toBe('1000000000000.00');
    expect(() => moneyToCents('1,50')).toThrow();
  });
});

describe('percentOff', () => {
  it('rounds half up in whole cents, as generate_dues rounds round(amount * (100 - p) / 100, 2)', () => {
    expect(percentOff('60.00', 50)).toBe('30.00');
    expect(percentOff('0.01', 50)).toBe('0.01');
    expect(percentOff('0.01', 51)).toBe('0.00');
    expect(percentOff('0.49', 99)).toBe('0.00');
    expect(percentOff('0.50', 99)).toBe('0.01');
    expect(percentOff('85.55', 33)).toBe('57.32');
    expect(percentOff('999999999999.99', 1)).toBe('989999999999.99');
  });

  it('a discount equals the exact rational result rounded half up, for any amount and percent', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 99999999999999n }), fc.integer({ min: 0, max: 100 }), (cents, percent) => {
      const exact = cents * BigInt(100 - percent); // hundredths of a cent
      const floor = exact / 100n;
      const expected = exact % 100n >= 50n ? floor + 1n : floor;
      expect(moneyToCents(percentOff(centsToMoney(cents), percent))).toBe(expected);
    }));
  });

  it('splits a total in instalments that differ by at most a cent, the first ones carrying the rest, and sum to it', () => {
    expect(splitMoney('100.00', 3)).toEqual(['33.34', '33.33', '33.33']);
    expect(splitMoney('0.02', 3)).toEqual(['0.01', '0.01', '0.00']);
    expect(() => splitMoney('10.00', 0)).toThrow();
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 99999999999999n }), fc.integer({ min: 1, max: 12 }), (cents, n) => {
      const parts = splitMoney(centsToMoney(cents), n).map(moneyToCents);
      expect(parts).toHaveLength(n);
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(cents);
      expect(parts[0] - parts[n - 1]).toBeLessThanOrEqual(1n);
      expect([...parts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(parts);
    }));
  });
});
