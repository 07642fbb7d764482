import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, differenceInCalendarMonths, differenceInCalendarWeeks, format, getDaysInMonth } from 'date-fns';
import { dueOccurrences, nextOccurrence, occurrencesAfter, type ScheduleRule } from './schedule.js';

const rule = (r: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: 'daily',
  interval: 1,
  days_of_week: null,
  day_of_month: null,
  generation_time: '00:00:00',
  start_date: '2025-01-01',
  end_date: null,
  ...r,
});

function take(r: ScheduleRule, tz: string, n: number, after: Date | null = null): Date[] {
  const out: Date[] = [];
  for (const d of occurrencesAfter(r, tz, after)) {
    out.push(d);
    if (out.length === n) break;
  }
  return out;
}
const iso = (ds: Date[]) => ds.map((d) => d.toISOString());
const local = (d: Date, tz: string) => format(new TZDate(d.getTime(), tz), 'yyyy-MM-dd HH:mm EEE');

describe('recurring schedule (examples)', () => {
  it('daily at the club-local time in São Paulo', () => {
    expect(iso(take(rule({ generation_time: '08:00:00' }), 'America/Sao_Paulo', 3))).toEqual([
      '2025-01-01T11:00:00.000Z', '2025-01-02T11:00:00.000Z', '2025-01-03T11:00:00.000Z',
    ]);
  });

  it('keeps the local time across a DST change (New York, March and November)', () => {
    const tz = 'America/New_York';
    const spring = take(rule({ generation_time: '09:00:00', start_date: '2025-03-08' }), tz, 3);
    expect(iso(spring)).toEqual(['2025-03-08T14:00:00.000Z', '2025-03-09T13:00:00.000Z', '2025-03-10T13:00:00.000Z']);
    const fall = take(rule({ generation_time: '09:00:00', start_date: '2025-11-01' }), tz, 3);
    expect(fall.map((d) => local(d, tz))).toEqual(['2025-11-01 09:00 Sat', '2025-11-02 09:00 Sun', '2025-11-03 09:00 Mon']);
    expect(iso(fall)[1]).toBe('2025-11-02T14:00:00.000Z');
  });

  it('a wall time skipped by DST moves forward by the gap; a repeated one takes the first', () => {
    const tz = 'America/New_York';
    const [, gap] = take(rule({ generation_time: '02:30:00', start_date: '2025-03-08' }), tz, 2);
    expect(local(gap, tz)).toBe('2025-03-09 03:30 Sun');
    const [, repeated] = take(rule({ generation_time: '01:30:00', start_date: '2025-11-01' }), tz, 2);
    expect(repeated.toISOString()).toBe('2025-11-02T05:30:00.000Z');
  });

  it('weekly on chosen weekdays, every 2 weeks, in Lisbon across its DST change', () => {
    const tz = 'Europe/Lisbon';
    // 2025-03-19 is a Wednesday; weeks of 16/03 and 30/03 count, the week of 23/03 is skipped.
    const r = rule({ frequency: 'weekly', interval: 2, days_of_week: [1, 3, 5], generation_time: '19:30:00', start_date: '2025-03-19' });
    expect(take(r, tz, 5).map((d) => local(d, tz))).toEqual([
      '2025-03-19 19:30 Wed', '2025-03-21 19:30 Fri', '2025-03-31 19:30 Mon', '2025-04-02 19:30 Wed', '2025-04-04 19:30 Fri',
    ]);
    expect(iso(take(r, tz, 3))[2]).toBe('2025-03-31T18:30:00.000Z');
  });

  it('monthly on day 31 falls on the last day of short months (leap years too)', () => {
    const r = rule({ frequency: 'monthly', day_of_month: 31, start_date: '2024-01-01', generation_time: '10:00:00' });
    expect(take(r, 'UTC', 5).map((d) => d.toISOString().slice(0, 10))).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31']);
  });

  it('monthly every 3 months, never before the start date', () => {
    const r = rule({ frequency: 'monthly', interval: 3, day_of_month: 10, start_date: '2025-01-15' });
    expect(take(r, 'UTC', 3).map((d) => d.toISOString().slice(0, 10))).toEqual(['2025-04-10', '2025-07-10', '2025-10-10']);
  });

  it('every 2 days stops at the end date (inclusive)', () => {
    const r = rule({ interval: 2, start_date: '2025-05-01', end_date: '2025-05-07' });
    expect(take(r, 'UTC', 10).map((d) => d.toISOString().slice(0, 10))).toEqual(['2025-05-01', '2025-05-03', '2025-05-05', '2025-05-07']);
  });

  it('a long gap catches up at most the latest N occurrences', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    const due = dueOccurrences(rule({ start_date: '2020-01-01', generation_time: '06:00:00' }), 'UTC', null, now, 10);
    expect(due).toHaveLength(10);
    expect(due[9].toISOString()).toBe('2025-06-01T06:00:00.000Z');
    expect(due[0].toISOString()).toBe('2025-05-23T06:00:00.000Z');
    const after = dueOccurrences(rule({ start_date: '2020-01-01', generation_time: '06:00:00' }), 'UTC', due[9], now, 10);
    expect(after).toEqual([]);
  });

  it('next occurrence after now, or null once the rule has ended', () => {
    const r = rule({ start_date: '2025-01-01', end_date: '2025-01-31', generation_time: '12:00:00' });
    expect(nextOccurrence(r, 'UTC', new Date('2025-01-10T13:00:00Z'))?.toISOString()).toBe('2025-01-11T12:00:00.000Z');
    expect(nextOccurrence(r, 'UTC', new Date('2025-01-31T12:00:00Z'))).toBeNull();
  });
});

// Property-based: an independent oracle (date-fns calendar maths in the club's zone) checks every occurrence.
const ZONES = ['America/Sao_Paulo', 'America/New_York', 'Europe/Lisbon', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
const DAY = 86_400_000;
const dateStr = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const arbRule = fc
  .record({
    frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
    interval: fc.integer({ min: 1, max: 4 }),
    days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    dayOfMonth: fc.integer({ min: 1, max: 31 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.constantFrom(0, 15, 30, 45),
    startMs: fc.integer({ min: Date.UTC(2017, 0, 1), max: Date.UTC(2030, 11, 31) }).map((ms) => ms - (ms % DAY)),
    endAfterDays: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
  })
  .map((a): ScheduleRule => ({
    frequency: a.frequency,
    interval: a.interval,
    days_of_week: a.frequency === 'weekly' ? a.days : null,
    day_of_month: a.frequency === 'monthly' ? a.dayOfMonth : null,
    generation_time: `${String(a.hour).padStart(2, '0')}:${String(a.minute).padStart(2, '0')}:00`,
    start_date: dateStr(a.startMs),
    end_date: a.endAfterDays === null ? null : dateStr(a.startMs + a.endAfterDays * DAY),
  }));

function oracleMatches(r: ScheduleRule, tz: string, local: TZDate): boolean {
  const [sy, sm, sd] = r.start_date.split('-').map(Number);
  const start = new TZDate(sy, sm - 1, sd, 12, 0, 0, tz);
  if (differenceInCalendarDays(local, start) < 0) return false;
  if (r.end_date && format(local, 'yyyy-MM-dd') > r.end_date) return false;
  switch (r.frequency) {
    case 'daily':
      return differenceInCalendarDays(local, start) % r.interval === 0;
    case 'weekly':
      return (r.days_of_week ?? []).includes(local.getDay()) && differenceInCalendarWeeks(local, start, { weekStartsOn: 0 }) % r.interval === 0;
    case 'monthly':
      return differenceInCalendarMonths(local, start) % r.interval === 0 && local.getDate() === Math.min(r.day_of_month ?? 0, getDaysInMonth(local));
  }
}

/** The wall time does not exist on that day (DST gap): no instant in the preceding 3 h shows it. */
function wallTimeSkipped(d: Date, tz: string, wall: string): boolean {
  for (let k = 1; k <= 12; k += 1) {
    if (format(new TZDate(d.getTime() - k * 15 * 60_000, tz), 'HH:mm:ss') === wall) return false;
  }
  return true;
}

describe('recurring schedule (properties)', () => {
  // 200 schedules of 30 occurrences each: pure CPU, so a busy machine gets room.
  it('every occurrence follows the frequency rules, comes after the previous one, stays in start/end, at the club-local time', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(arbRule, fc.constantFrom(...ZONES), (r, tz) => {
        const occ = take(r, tz, 30);
        let previous: Date | null = null;
        for (const d of occ) {
          const t = new TZDate(d.getTime(), tz);
          const day = format(t, 'yyyy-MM-dd');
          expect(day >= r.start_date).toBe(true);
          if (r.end_date) expect(day <= r.end_date).toBe(true);
          expect(oracleMatches(r, tz, t)).toBe(true);
          const wall = format(t, 'HH:mm:ss');
          if (wall !== r.generation_time) expect(wallTimeSkipped(d, tz, r.generation_time)).toBe(true);
          if (previous) expect(d.getTime()).toBeGreaterThan(previous.getTime());
          previous = d;
        }
        // Nothing is skipped: every matching day between the first and last occurrence is an occurrence.
        if (occ.length >= 2) {
          const days = new Set(occ.map((d) => format(new TZDate(d.getTime(), tz), 'yyyy-MM-dd')));
          const first = occ[0].getTime();
          const last = occ[occ.length - 1].getTime();
          for (let ms = first; ms <= last; ms += DAY) {
            const t = new TZDate(ms, tz);
            if (oracleMatches(r, tz, t)) expect(days.has(format(t, 'yyyy-MM-dd'))).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('generating in several runs yields the same occurrences as one run, never one twice', () => {
    fc.assert(
      fc.property(arbRule, fc.constantFrom(...ZONES), fc.array(fc.integer({ min: 1, max: 20 * DAY }), { minLength: 1, maxLength: 8 }), (r, tz, steps) => {
        const [y, m, d] = r.start_date.split('-').map(Number);
        let now = Date.UTC(y, m - 1, d);
        let cursor: Date | null = null;
        const generated: string[] = [];
        for (const step of steps) {
          now += step;
          const due = dueOccurrences(r, tz, cursor, new Date(now), 1000);
          generated.push(...iso(due));
          if (due.length) cursor = due[due.length - 1];
        }
        const expected: string[] = [];
        for (const o of occurrencesAfter(r, tz, null)) {
          if (o.getTime() > now) break;
          expected.push(o.toISOString());
        }
        expect(generated).toEqual(expected);
        expect(new Set(generated).size).toBe(generated.length);
      }),
      { numRuns: 200 },
    );
  });

  it('a bounded catch-up keeps exactly the latest occurrences due', () => {
    fc.assert(
      fc.property(arbRule, fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 900 }), fc.integer({ min: 1, max: 12 }), (r, tz, daysLater, max) => {
        const [y, m, d] = r.start_date.split('-').map(Number);
        const now = new Date(Date.UTC(y, m - 1, d) + daysLater * DAY);
        const all: string[] = [];
        for (const o of occurrencesAfter(r, tz, null)) {
          if (o.getTime() > now.getTime()) break;
          all.push(o.toISOString());
        }
        expect(iso(dueOccurrences(r, tz, null, now, max))).toEqual(all.slice(-max));
      }),
      { numRuns: 200 },
    );
  });
});
