import { describe, expect, it } from 'vitest';
import { dateMonthsAgo } from './demo-seed.js';

describe('the finance demo seed dates movements on the club calendar', () => {
  it('counts months back from the club\'s today and never dates a movement after it', () => {
    // 30/11 at 22h in Brasília is already 01/12 in UTC: the seed still sees November.
    expect(dateMonthsAgo('2026-11-30', 0, 5)).toBe('2026-11-05');
    expect(dateMonthsAgo('2026-11-30', 5, 12)).toBe('2026-06-12');
    expect(dateMonthsAgo('2026-12-01', 0, 5)).toBe('2026-12-01');
  });
  it('clamps a day past the month\'s end and crosses the year', () => {
    expect(dateMonthsAgo('2026-03-15', 1, 31)).toBe('2026-02-28');
    expect(dateMonthsAgo('2027-01-10', 2, 25)).toBe('2026-11-25');
  });
});
