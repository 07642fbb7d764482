import { describe, expect, it } from 'vitest';
import { instalmentNote, instalmentPlan } from './events.js';
import { sumMoney } from './money.js';

// Issue 43: instalments a month apart when they fit, else spread over the days left; never two on one day.
describe('instalmentPlan', () => {
  it('a month apart, the last on the deadline, when the months fit (the month-end kept as PostgreSQL does)', () => {
    expect(instalmentPlan('100.00', 3, '2027-03-31', '2026-12-01')).toEqual([
      { amount: '33.34', due: '2027-01-31' }, { amount: '33.33', due: '2027-02-28' }, { amount: '33.33', due: '2027-03-31' },
    ]);
  });

  it('a week left for three: three different days, the last on the deadline', () => {
    expect(instalmentPlan('100.00', 3, '2026-12-08', '2026-12-01')).toEqual([
      { amount: '33.34', due: '2026-12-03' }, { amount: '33.33', due: '2026-12-06' }, { amount: '33.33', due: '2026-12-08' },
    ]);
  });

  it('fewer days left than instalments: one a day; on the deadline itself, one instalment due today', () => {
    expect(instalmentPlan('100.00', 3, '2026-12-03', '2026-12-01')).toEqual([{ amount: '50.00', due: '2026-12-02' }, { amount: '50.00', due: '2026-12-03' }]);
    expect(instalmentPlan('100.00', 3, '2026-12-01', '2026-12-01')).toEqual([{ amount: '100.00', due: '2026-12-01' }]);
  });

  it('for every count and every number of days left: distinct dates, none before today, the last on the deadline, the cost exact', () => {
    for (let n = 1; n <= 12; n += 1) {
      for (let days = 0; days <= 400; days += 1) {
        const deadline = new Date(Date.parse('2026-01-31T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
        const plan = instalmentPlan('1000.00', n, deadline, '2026-01-31');
        const dues = plan.map((p) => p.due);
        expect(new Set(dues).size).toBe(dues.length);
        expect([...dues].sort()).toEqual(dues);
        expect(dues[0] >= '2026-01-31' && dues[dues.length - 1] === deadline).toBe(true);
        expect(sumMoney(plan.map((p) => p.amount))).toBe('1000.00');
      }
    }
  });
});

describe('instalmentNote', () => {
  it('says nothing when the months fit, and why not otherwise', () => {
    expect(instalmentNote(3, '2027-03-31', '2026-12-01')).toBeNull();
    expect(instalmentNote(1, '2026-12-02', '2026-12-01')).toBeNull();
    expect(instalmentNote(3, '2026-12-08', '2026-12-01')).toBe('Faltam 7 dias até o prazo de inscrição, menos que 2 meses: as 3 parcelas se espalham a cada 2 dias, mais ou menos, a última no prazo.');
    expect(instalmentNote(3, '2026-12-03', '2026-12-01')).toBe('Faltam 2 dias até o prazo de inscrição: quem se inscrever hoje paga em 2 parcelas, uma por dia, a última no prazo.');
    expect(instalmentNote(2, '2026-12-01', '2026-12-01')).toBe('O prazo de inscrição é hoje: quem se inscrever paga em uma parcela só.');
  });
});
