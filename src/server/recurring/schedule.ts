import { TZDate } from '@date-fns/tz';
import type { TFrequency } from '../../shared/recurring.js';

/** The part of a recurring task that decides when its occurrences start. */
export interface ScheduleRule {
  frequency: TFrequency;
  interval: number;
  /** 0 = Sunday … 6 = Saturday; used only when weekly. */
  days_of_week: readonly number[] | null;
  /** 1–31; used only when monthly (31 in a 30-day month means the 30th). */
  day_of_month: number | null;
  /** Club-local wall-clock time, 'HH:mm:ss'. */
  generation_time: string;
  /** Club-local calendar dates, 'YYYY-MM-DD'; end_date inclusive. */
  start_date: string;
  end_date: string | null;
}

const DAY_MS = 86_400_000;

/** A calendar day as a count of days since 1970-01-01, free of any time zone. */
type CalendarDay = number;

function parseDay(isoDate: string): CalendarDay {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function dayParts(day: CalendarDay): { year: number; month: number; date: number; weekday: number } {
  const dt = new Date(day * DAY_MS);
  return { year: dt.getUTCFullYear(), month: dt.getUTCMonth(), date: dt.getUTCDate(), weekday: dt.getUTCDay() };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The club-local calendar day an instant falls on. */
export function localDayOf(instant: Date, timeZone: string): CalendarDay {
  const t = new TZDate(instant.getTime(), timeZone);
  return Date.UTC(t.getFullYear(), t.getMonth(), t.getDate()) / DAY_MS;
}

/** 'YYYY-MM-DD' of an instant in the club's zone (e.g. "today" for a new recurring task). */
export function localDateString(instant: Date, timeZone: string): string {
  return new Date(localDayOf(instant, timeZone) * DAY_MS).toISOString().slice(0, 10);
}

/** Whether the rule has an occurrence on this calendar day (ignoring start/end). */
function matchesDay(rule: ScheduleRule, day: CalendarDay, startDay: CalendarDay): boolean {
  const { year, month, date, weekday } = dayParts(day);
  switch (rule.frequency) {
    case 'daily':
      return (day - startDay) % rule.interval === 0;
    case 'weekly': {
      if (!rule.days_of_week?.includes(weekday)) return false;
      // Weeks start on Sunday (spec 9); "every N weeks" counts whole weeks from the start date's week.
      const week = Math.floor((day - weekday - (startDay - dayParts(startDay).weekday)) / 7);
      return week % rule.interval === 0;
    }
    case 'monthly': {
      const start = dayParts(startDay);
      const months = (year - start.year) * 12 + (month - start.month);
      if (months % rule.interval !== 0 || rule.day_of_month == null) return false;
      return date === Math.min(rule.day_of_month, daysInMonth(year, month));
    }
  }
}

/**
 * The instant the occurrence on this club-local day starts. A wall-clock time skipped by a DST
 * change moves forward by the gap; a repeated one takes its first instance — always the same
 * answer for the same inputs, which the exactly-once key relies on.
 */
function occurrenceStart(rule: ScheduleRule, day: CalendarDay, timeZone: string): Date {
  const { year, month, date } = dayParts(day);
  const [h, m, s] = rule.generation_time.split(':').map(Number);
  return new Date(new TZDate(year, month, date, h, m, s || 0, timeZone).getTime());
}

/** Calendar days that surely hold at least `count` occurrences of the rule. */
function spanForOccurrences(rule: ScheduleRule, count: number): number {
  const per = rule.frequency === 'daily' ? 1 : rule.frequency === 'weekly' ? 7 : 31;
  return (count + 2) * rule.interval * per;
}

/**
 * Occurrence starts strictly after `after` (every one from the start date when null), in order,
 * within start_date..end_date. Endless when the rule has no end date: take what you need.
 */
export function* occurrencesAfter(rule: ScheduleRule, timeZone: string, after: Date | null, scanFrom?: CalendarDay): Generator<Date> {
  // A rule that can never match (the database forbids it) must not loop forever.
  if (rule.frequency === 'weekly' && !rule.days_of_week?.length) return;
  if (rule.frequency === 'monthly' && rule.day_of_month == null) return;
  const startDay = parseDay(rule.start_date);
  const endDay = rule.end_date ? parseDay(rule.end_date) : Number.POSITIVE_INFINITY;
  let day = Math.max(startDay, after ? localDayOf(after, timeZone) - 1 : startDay, scanFrom ?? startDay);
  for (; day <= endDay; day += 1) {
    if (!matchesDay(rule, day, startDay)) continue;
    const start = occurrenceStart(rule, day, timeZone);
    if (after && start.getTime() <= after.getTime()) continue;
    yield start;
  }
}

/**
 * The occurrences due by `now` that are still to generate (after `after`), at most `max` of them:
 * the latest ones when a long gap left more behind.
 */
export function dueOccurrences(rule: ScheduleRule, timeZone: string, after: Date | null, now: Date, max: number): Date[] {
  // Skipping far-behind days changes nothing: only the last `max` are kept and the span holds more.
  const lastDay = Math.min(localDayOf(now, timeZone), rule.end_date ? parseDay(rule.end_date) : Number.POSITIVE_INFINITY);
  const scanFrom = lastDay - spanForOccurrences(rule, max);
  const due: Date[] = [];
  for (const start of occurrencesAfter(rule, timeZone, after, scanFrom)) {
    if (start.getTime() > now.getTime()) break;
    due.push(start);
    if (due.length > max) due.shift();
  }
  return due;
}

/** The first occurrence starting after `after`, or null when the rule has ended. */
export function nextOccurrence(rule: ScheduleRule, timeZone: string, after: Date): Date | null {
  const next = occurrencesAfter(rule, timeZone, after).next();
  return next.done ? null : next.value;
}
