import { parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PIX_CITY_MAX, PIX_MSG, PIX_NAME_MAX, ZPixSettingsInput, pixCopiaECola, pixText, readPixKey } from './pix.js';

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) as the BR Code manual defines it, written here independently of both libraries. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level EMV fields (id → value) of a BR Code: two-digit id, two-digit length, value. */
function emvFields(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < code.length;) {
    const id = code.slice(i, i + 2);
    const len = Number(code.slice(i + 2, i + 4));
    fields.set(id, code.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return fields;
}

const CLUB = { pix_key: '11222333000181', beneficiary_name: 'Clube Órion de Desbravadores', city: 'São José dos Campos' };

describe('PIX keys', () => {
  it('reads every kind of key into its canonical form', () => {
    expect(readPixKey('529.982.247-25')).toEqual({ ok: true, type: 'cpf', value: '52998224725' });
    expect(readPixKey('11.222.333/0001-81')).toEqual({ ok: true, type: 'cnpj', value: '11222333000181' });
    expect(readPixKey('(11) 98765-4321')).toEqual({ ok: true, type: 'phone', value: '+5511987654321' });
    expect(readPixKey(' Tesouraria@Clube.ORG ')).toEqual({ ok: true, type: 'email', value: 'tesouraria@clube.org' });
    expect(readPixKey('71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D')).toEqual({ ok: true, type: 'evp', value: '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d' });
  });

  it('refuses a CPF or CNPJ with a bad check digit, a landline, a broken e-mail or random key, with pt-BR messages', () => {
    const message = (key: string) => {
      const r = ZPixSettingsInput.safeParse({ pix_key: key, beneficiary_name: 'Clube', city: 'Recife' });
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(message('529.982.247-24')).toBe(PIX_MSG.cpfInvalid);
    expect(message('52998224724')).toBe(PIX_MSG.cpfInvalid);
    expect(message('11.222.333/0001-80')).toBe(PIX_MSG.cnpjInvalid);
    expect(message('(11) 3333-4444')).toBe(PIX_MSG.keyInvalid);
    expect(message('tesouraria@')).toBe(PIX_MSG.keyInvalid);
    expect(message('71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2')).toBe(PIX_MSG.keyInvalid);
    expect(message('')).toBe(PIX_MSG.keyRequired);
    expect(ZPixSettingsInput.safeParse({ pix_key: '52998224725', beneficiary_name: 'x'.repeat(101), city: 'Recife' }).error?.issues[0]?.message).toBe(PIX_MSG.nameTooLong);
    expect(ZPixSettingsInput.safeParse({ pix_key: '52998224725', beneficiary_name: 'Clube', city: ' ' }).error?.issues[0]?.message).toBe(PIX_MSG.cityRequired);
  });
});

describe('PIX copia e cola', () => {
  it('decodes, with an independent parser, to the key, the amount owed, the txid and a valid CRC16', () => {
    const code = pixCopiaECola(CLUB, '85.50', 'K7M2Q9XZ');
    expect(code).not.toBeNull();
    const text = code ?? '';
    const fields = emvFields(text);
    expect(fields.get('54')).toBe('85.50');
    expect(fields.get('53')).toBe('986');
    expect(emvFields(fields.get('26') ?? '').get('01')).toBe('11222333000181');
    expect(emvFields(fields.get('62') ?? '').get('05')).toBe('K7M2Q9XZ');
    expect(fields.get('63')).toBe(crc16(text.slice(0, -4)));
    const parsed = parsePix(text);
    expect(parsed).toMatchObject({ type: 'STATIC', pixKey: '11222333000181', transactionAmount: 85.5, txid: 'K7M2Q9XZ', merchantName: 'Clube Orion de Desbravado', merchantCity: 'Sao Jose dos Ca' });
    // A code altered by one character fails its CRC in the other parser.
    const tampered = text.replace('85.50', '95.50');
    expect(parsePix(tampered)).toMatchObject({ error: true });
  });

  it('amounts are written exactly up to what the 13-character field holds; past it there is no code', () => {
    for (const amount of ['0.01', '1234.56', '9999999999.99']) {
      expect(emvFields(pixCopiaECola(CLUB, amount, 'ABCDEFGH') ?? '').get('54')).toBe(amount);
    }
    expect(pixCopiaECola(CLUB, '10000000000.00', 'ABCDEFGH')).toBeNull();
  });
});

describe('beneficiary name and city as the BR Code writes them (issue 43)', () => {
  const issues = (beneficiary_name: string, city: string) =>
    ZPixSettingsInput.safeParse({ pix_key: '52998224725', beneficiary_name, city }).error?.issues.map((i) => i.message) ?? [];

  it('refuses a name or a city the code would carry empty (emoji, symbols only), in pt-BR', () => {
    expect(issues('🦅🔥', 'Recife')).toEqual([PIX_MSG.nameUnwritable]);
    expect(issues('Clube', '🏙️')).toEqual([PIX_MSG.cityUnwritable]);
    expect(issues('★★★', '—')).toEqual([PIX_MSG.nameUnwritable, PIX_MSG.cityUnwritable]);
    // The refused name would have given no code at all: the library drops it to nothing.
    expect(pixCopiaECola({ pix_key: '52998224725', beneficiary_name: '🦅🔥', city: 'Recife' }, '10.00', 'ABCDEFGH')).toBeNull();
  });

  it('keeps the full name and city (up to 100 and 60); the code carries 25 and 15 characters without accents', () => {
    expect(issues('Clube Órion de Desbravadores 🦅', 'São José dos Campos')).toEqual([]);
    expect(pixText('Clube Órion de Desbravadores 🦅', PIX_NAME_MAX)).toBe('Clube Orion de Desbravado');
    expect(pixText('São José dos Campos', PIX_CITY_MAX)).toBe('Sao Jose dos Ca');
    expect(pixText('  Açaí\tç  ', PIX_CITY_MAX)).toBe('Acai c');
    expect(issues('x'.repeat(100), 'y'.repeat(60))).toEqual([]);
    expect(issues('x'.repeat(100), 'y'.repeat(61))).toEqual([PIX_MSG.cityTooLong]);
  });

  it('pixText is exactly what the generated code carries in fields 59 and 60, for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 30 }), (name, city) => {
      const code = pixCopiaECola({ pix_key: '52998224725', beneficiary_name: name, city }, '1.00', 'ABCDEFGH');
      const carried = { name: pixText(name, PIX_NAME_MAX), city: pixText(city, PIX_CITY_MAX) };
      if (!carried.name || !carried.city) return code === null;
      const fields = emvFields(code ?? '');
      return fields.get('59') === carried.name && fields.get('60') === carried.city;
    }), { numRuns: 500 });
  });
});
