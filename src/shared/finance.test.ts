import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIN_MSG, parseMoney } from './finance.js';

const opts = { requiredMessage: FIN_MSG.transactionRequired };

describe('parseMoney', () => {
  it('round-trips every amount from 0.01 to 999999999999.99 exactly (no float)', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 99999999999999n }), (cents) => {
      const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
      expect(parseMoney(text, opts)).toEqual({ ok: true, value: text });
      expect(parseMoney(text.replace('.', ','), opts)).toEqual({ ok: true, value: text });
    }));
  });

  it('normalises what people type', () => {
    expect(parseMoney('150', opts)).toEqual({ ok: true, value: '150.00' });
    expect(parseMoney(' 0150,5 ', opts)).toEqual({ ok: true, value: '150.50' });
    expect(parseMoney('.5', opts)).toEqual({ ok: true, value: '0.50' });
    expect(parseMoney('7.', opts)).toEqual({ ok: true, value: '7.00' });
    expect(parseMoney('0', { ...opts, allowZero: true })).toEqual({ ok: true, value: '0.00' });
    expect(parseMoney('', { ...opts, blankValue: '0.00' })).toEqual({ ok: true, value: '0.00' });
  });

  it('refuses bad amounts with the right message', () => {
    const msg = (s: string) => {
      const r = parseMoney(s, opts);
      return r.ok ? null : r.message;
    };
    expect(msg('')).toBe(FIN_MSG.transactionRequired);
    expect(msg('0,00')).toBe(FIN_MSG.transactionRequired);
    expect(msg('-1')).toBe(FIN_MSG.transactionRequired);
    expect(msg('1.001')).toBe(FIN_MSG.amountDecimals);
    expect(msg('1.000,00')).toBe(FIN_MSG.amountInvalid);
    expect(msg('R$ 10')).toBe(FIN_MSG.amountInvalid);
    expect(msg('Infinity')).toBe(FIN_MSG.amountInvalid);
    expect(msg('.')).toBe(FIN_MSG.amountInvalid);
    expect(msg('1000000000000')).toBe(FIN_MSG.amountTooLarge);
  });
});
