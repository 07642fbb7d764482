import { describe, expect, it } from 'vitest';
import { ADULT_AGE, isMinor } from './minor.js';
import { ADULT_AGE as FAMILIES_ADULT_AGE } from './families.js';

describe('who is a minor (the one definition)', () => {
  it('is under 18 by the birth date, on the given day', () => {
    expect(ADULT_AGE).toBe(18);
    expect(FAMILIES_ADULT_AGE).toBe(ADULT_AGE);
    const born = (birth_date: string) => ({ birth_date, adult_confirmed: false });
    expect(isMinor(born('2008-11-28'), '2026-11-27')).toBe(true); // the day before the 18th birthday
    expect(isMinor(born('2008-11-28'), '2026-11-28')).toBe(false); // on the birthday
    expect(isMinor(born('2000-01-01'), '2026-11-28')).toBe(false);
    expect(isMinor(born('2015-06-01'), '2026-11-28')).toBe(true);
  });

  it('born on 29/02: an adult on 01/03 of a common year, as PostgreSQL counts it', () => {
    const leapling = { birth_date: '2008-02-29', adult_confirmed: false };
    expect(isMinor(leapling, '2026-02-28')).toBe(true);
    expect(isMinor(leapling, '2026-03-01')).toBe(false);
    expect(isMinor({ birth_date: '2012-02-29', adult_confirmed: false }, '2030-02-28')).toBe(true);
  });

  it('without a birth date, a minor until the club marks the member an adult; the mark does not beat a birth date', () => {
    expect(isMinor({ birth_date: null, adult_confirmed: false }, '2026-11-28')).toBe(true);
    expect(isMinor({ birth_date: null, adult_confirmed: true }, '2026-11-28')).toBe(false);
    expect(isMinor({ birth_date: '2015-01-01', adult_confirmed: true }, '2026-11-28')).toBe(true);
  });
});
