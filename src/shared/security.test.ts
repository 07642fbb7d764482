import { describe, expect, it } from 'vitest';
import { ZMfaChallenge, ZRecoveryCode, ZTotpCode, deviceFromUserAgent } from './security.js';

describe('device names from user agents', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 'Chrome no Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'Safari no iOS'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36', 'Chrome no Android'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox no macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0', 'Edge no Windows'],
    ['curl/8.5.0', 'Dispositivo desconhecido'],
    [null, 'Dispositivo desconhecido'],
  ])('%s → %s', (ua, name) => {
    expect(deviceFromUserAgent(ua)).toBe(name);
  });
});

describe('codes', () => {
  it('a TOTP code is 6 digits; spaces between groups are ignored', () => {
    expect(ZTotpCode.parse('123 456')).toBe('123456');
    expect(ZTotpCode.safeParse('12345').success).toBe(false);
    expect(ZTotpCode.safeParse('12345a').success).toBe(false);
  });

  it('a recovery code is read without dash, spaces or letter case', () => {
    expect(ZRecoveryCode.parse('ABCDE-fgh23')).toBe('abcdefgh23');
    expect(ZRecoveryCode.safeParse('abc').success).toBe(false);
  });

  it('the challenge takes exactly one of code and recovery code', () => {
    expect(ZMfaChallenge.safeParse({ code: '123456' }).success).toBe(true);
    expect(ZMfaChallenge.safeParse({ recovery_code: 'abcde-fgh23' }).success).toBe(true);
    expect(ZMfaChallenge.safeParse({}).success).toBe(false);
    expect(ZMfaChallenge.safeParse({ code: '123456', recovery_code: 'abcde-fgh23' }).success).toBe(false);
  });
});
