import { badRequest } from '../core/errors.js';
import { IMPORT_MAX_ROWS, PLAN_MSG } from '../../shared/associacao-plan.js';

/**
 * iCalendar (RFC 5545) for the year's plan: reading an .ics the Associação or the region publishes
 * (ical.js, Mozilla's parser, loaded on the first import) and writing the club's feed.
 */

/** One VEVENT as the import reads it: dates only (a plan's day, not an hour). */
export interface IcsDate {
  line: number;
  title: string;
  starts_on: string | null;
  ends_on: string | null;
  notes: string | null;
  errors: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;

/** The calendar day of an instant in a time zone (AAAA-MM-DD). */
function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  return parts;
}

function previousDay(iso: string): string {
  const t = new Date(`${iso}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() - 1);
  return t.toISOString().slice(0, 10);
}

interface ICalTimeLike { isDate: boolean; year: number; month: number; day: number; zone?: { tzid?: string } | null; toJSDate(): Date }

function dayOf(t: ICalTimeLike, timeZone: string): string {
  // A UTC instant becomes the club's day; a floating or TZID time keeps the day it names.
  if (!t.isDate && t.zone?.tzid === 'UTC') return dayIn(t.toJSDate(), timeZone);
  return isoOf(t.year, t.month, t.day);
}

/**
 * The events of an .ics file as dates in the club's time zone. A file that is not iCalendar, or that
 * the parser cannot read, is refused whole (400, pt-BR); a VEVENT without a date is a row with an error.
 */
export async function parseIcs(content: string, timeZone: string): Promise<IcsDate[]> {
  const text = content.replace(/^\uFEFF/, '');
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(text.trimStart())) throw badRequest(PLAN_MSG.notIcs);
  if (text.includes('\u0000')) throw badRequest(PLAN_MSG.nul);
  const ICAL = (await import('ical.js')).default;
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(text.trimStart()) as unknown as unknown[]);
  } catch {
    throw badRequest(PLAN_MSG.icsUnreadable);
  }
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length > IMPORT_MAX_ROWS) throw badRequest(PLAN_MSG.tooMany);
  return vevents.map((vevent, i) => {
    const errors: string[] = [];
    let title = '';
    let starts: string | null = null;
    let ends: string | null = null;
    let notes: string | null = null;
    try {
      const ev = new ICAL.Event(vevent);
      title = (ev.summary ?? '').toString().trim();
      notes = (ev.description ?? '').toString().trim() || null;
      const start = ev.startDate as unknown as ICalTimeLike | null;
      const end = ev.endDate as unknown as ICalTimeLike | null;
      if (start) {
        starts = dayOf(start, timeZone);
        ends = starts;
        if (end) {
          const e = dayOf(end, timeZone);
          // An all-day DTEND is the day after the last (exclusive); a timed one is the last day itself.
          ends = end.isDate ? (e > starts ? previousDay(e) : starts) : e;
        }
      }
    } catch {
      errors.push(PLAN_MSG.icsUnreadable);
    }
    if (!starts) errors.push(PLAN_MSG.dateInvalid(''));
    return { line: i + 1, title, starts_on: starts, ends_on: ends, notes, errors };
  });
}

// ——— Writing the feed ———

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped; control characters dropped. */
export function icsText(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n|\r/g, '\\n');
}

/** Lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const enc = new TextEncoder();
  if (enc.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = enc.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74;
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface FeedEvent {
  uid: string;
  title: string;
  /** AAAA-MM-DD. */
  starts_on: string;
  ends_on: string;
  /** HH:MM in the club's time zone, or null for an all-day date. */
  time: string | null;
  /** Minutes a timed event lasts. */
  minutes?: number;
  place: string | null;
  notes: string | null;
  category: string;
}

const compactDay = (iso: string) => iso.replace(/-/g, '');
const nextDay = (iso: string) => {
  const t = new Date(`${iso}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
};

function addMinutes(iso: string, time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const t = new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)), h, m + minutes));
  return `${t.toISOString().slice(0, 10).replace(/-/g, '')}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}00`;
}

/**
 * The club's calendar as iCalendar text. Timed items carry the club's time zone as TZID (X-WR-TIMEZONE
 * names it for the readers that want a VTIMEZONE-less feed); all-day items are VALUE=DATE with an
 * exclusive end. Nothing about a person is written: titles, places and the club's notes only.
 */
export function writeIcs(input: { clubName: string; timeZone: string; stamp: Date; events: FeedEvent[] }): string {
  const stamp = input.stamp.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Trilha//Ano do clube//PT-BR', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(input.clubName)}`, `X-WR-TIMEZONE:${icsText(input.timeZone)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT12H', 'X-PUBLISHED-TTL:PT12H',
  ];
  for (const e of input.events) {
    lines.push('BEGIN:VEVENT', `UID:${icsText(e.uid)}`, `DTSTAMP:${stamp}`);
    if (e.time) {
      const start = `${compactDay(e.starts_on)}T${e.time.replace(':', '')}00`;
      lines.push(`DTSTART;TZID=${input.timeZone}:${start}`, `DTEND;TZID=${input.timeZone}:${addMinutes(e.starts_on, e.time, e.minutes ?? 180)}`);
    } else {
      lines.push(`DTSTART;VALUE=DATE:${compactDay(e.starts_on)}`, `DTEND;VALUE=DATE:${compactDay(nextDay(e.ends_on))}`);
    }
    lines.push(`SUMMARY:${icsText(e.title)}`, `CATEGORIES:${icsText(e.category)}`);
    if (e.place) lines.push(`LOCATION:${icsText(e.place)}`);
    if (e.notes) lines.push(`DESCRIPTION:${icsText(e.notes)}`);
    lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
