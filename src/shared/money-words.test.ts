import { describe, expect, it } from 'vitest';
import { amountInWords } from './money-words.js';

describe('valor por extenso (issue 43)', () => {
  it('writes amounts the way a Brazilian receipt does', () => {
    expect(amountInWords('150.20')).toBe('cento e cinquenta reais e vinte centavos');
    expect(amountInWords('1.00')).toBe('um real');
    expect(amountInWords('0.01')).toBe('um centavo');
    expect(amountInWords('100.00')).toBe('cem reais');
    expect(amountInWords('1234.56')).toBe('mil duzentos e trinta e quatro reais e cinquenta e seis centavos');
    expect(amountInWords('2000000.00')).toBe('dois milhões de reais');
    expect(amountInWords('999999999999.99')).toContain('novecentos e noventa e nove bilhões');
  });

  it('refuses what is not an amount instead of writing nonsense', () => {
    expect(() => amountInWords('abc')).toThrow();
  });
});
