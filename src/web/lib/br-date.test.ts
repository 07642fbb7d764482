import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BR_DATE, BR_DATE_MSG, BR_DATE_TIME, BR_DATE_TIME_MSG, BR_TIME, BR_TIME_MSG, brDateError, brDateToIso, caretAfterDigits, isoToBrDate, maskBrDate, maskBrDateTime, maskBrTime, parseBrDate, tidyText,
} from './br-date';

/** Every calendar day from 1900 to 2100 as 'AAAA-MM-DD'. */
const isoDay = fc
  .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31) })
  .map((t) => new Date(t - (t % 86_400_000)).toISOString().slice(0, 10));

describe('maskBrDate', () => {
  it('puts the slashes in as the digits are typed', () => {
    const typed = '23112026';
    const shown = [...typed].reduce<string[]>((acc, ch) => [...acc, maskBrDate((acc.at(-1) ?? '') + ch)], []);
    expect(shown).toEqual(['2', '23', '23/1', '23/11', '23/11/2', '23/11/20', '23/11/202', '23/11/2026']);
  });

  it.each([
    ['23/11/2026', '23/11/2026'],
    ['2026-11-23', '23/11/2026'],
    ['2026-11-23T10:00:00.000Z', '23/11/2026'],
    [' 23.11.2026 ', '23/11/2026'],
    ['23-11-2026', '23/11/2026'],
    ['1/2/2026', '1/2/2026'],
    ['1/', '1/'],
    ['23/', '23/'],
    ['23/11/20261999', '23/11/2026'],
    ['dia 23', '23'],
    ['abc', ''],
    ['', ''],
  ])('%j shows as %j', (raw, shown) => {
    expect(maskBrDate(raw)).toBe(shown);
  });

  it('lets backspace remove the slash it put in', () => {
    expect(maskBrDate('23')).toBe('23');
    expect(maskBrDate('23/1'.slice(0, -1))).toBe('23/');
    expect(maskBrDate('23/'.slice(0, -1))).toBe('23');
  });

  it('lets a day be retyped in the middle of the text', () => {
    // '23/11/2026' with the day selected and '2' typed, then '5'.
    expect(maskBrDate('2/11/2026')).toBe('2/11/2026');
    expect(maskBrDate('25/11/2026')).toBe('25/11/2026');
    expect(maskBrDate('23/0/2026')).toBe('23/0/2026');
  });

  it('never shows more than dd/mm/aaaa holds', () => {
    fc.assert(fc.property(fc.string(), (raw) => {
      const shown = maskBrDate(raw);
      expect(shown.length).toBeLessThanOrEqual(10);
      expect(shown).toMatch(/^(\d{1,2}(\/(\d{0,2}(\/\d{0,4})?)?)?)?$/);
    }));
  });
});

describe('parseBrDate', () => {
  it.each([
    ['23/11/2026', '2026-11-23'],
    ['29/02/2024', '2024-02-29'],
    ['01/01/1900', '1900-01-01'],
    ['31/12/2200', '2200-12-31'],
    ['1/2/2026', '2026-02-01'],
    ['9/11/2026', '2026-11-09'],
  ])('%s is %s', (text, iso) => {
    expect(parseBrDate(text)).toEqual({ ok: true, iso });
    expect(brDateToIso(text)).toBe(iso);
    expect(brDateError(text)).toBeNull();
  });

  it.each(['31/02/2026', '29/02/2025', '00/13/2026', '00/01/2026', '31/04/2026', '32/01/2026', '10/00/2026', '2026-11-23', '23/11/2026x'])(
    '%s is refused as an impossible date',
    (text) => {
      expect(parseBrDate(text)).toEqual({ ok: false, reason: 'invalid' });
      expect(brDateToIso(text)).toBe('');
      expect(brDateError(text)).toBe(BR_DATE_MSG.invalid);
    },
  );

  it.each(['2', '23/1', '23/11/202'])('%s is incomplete', (text) => {
    expect(brDateToIso(text)).toBe('');
    expect(brDateError(text)).toBe(BR_DATE_MSG.incomplete);
  });

  it('refuses years outside the product range', () => {
    expect(brDateError('31/12/1899')).toBe(BR_DATE_MSG.year);
    expect(brDateError('01/01/2201')).toBe(BR_DATE_MSG.year);
    expect(brDateToIso('01/01/0020')).toBe('');
  });

  it('empty is no date and no error', () => {
    expect(parseBrDate('  ')).toEqual({ ok: false, reason: 'empty' });
    expect(brDateToIso('')).toBe('');
    expect(brDateError('')).toBeNull();
  });

  it('the error texts are pt-BR and name the format', () => {
    expect(BR_DATE_MSG.invalid).toBe('Data inválida: use dd/mm/aaaa.');
  });
});

describe('tidyText', () => {
  it('writes a valid date in full when the field is left, and leaves anything else for the error', () => {
    expect(tidyText(BR_DATE, '1/2/2026')).toBe('01/02/2026');
    expect(tidyText(BR_DATE, '23/11/2026')).toBe('23/11/2026');
    expect(tidyText(BR_DATE, '31/2/2026')).toBe('31/2/2026');
    expect(tidyText(BR_DATE, '23/1')).toBe('23/1');
    expect(tidyText(BR_DATE, '')).toBe('');
  });

  it('tells an unfinished text from an impossible one', () => {
    expect(BR_DATE.incomplete('23/1')).toBe(true);
    expect(BR_DATE.incomplete('31/02/2026')).toBe(false);
    expect(BR_DATE.incomplete('')).toBe(false);
    expect(BR_DATE_TIME.incomplete('23/11/2026')).toBe(true);
    expect(BR_TIME.incomplete('18:')).toBe(true);
  });
});

describe('isoToBrDate', () => {
  it('turns the API day round, and shows nothing for what is not one', () => {
    expect(isoToBrDate('2026-11-23')).toBe('23/11/2026');
    expect(isoToBrDate('2026-11-23T00:00:00.000Z')).toBe('23/11/2026');
    expect(isoToBrDate('')).toBe('');
    expect(isoToBrDate(null)).toBe('');
    expect(isoToBrDate(undefined)).toBe('');
    expect(isoToBrDate('23/11/2026')).toBe('');
  });
});

describe('round trips (fast-check)', () => {
  it('every day from 1900 to 2100 shows as dd/mm/aaaa and reads back as itself', () => {
    fc.assert(fc.property(isoDay, (iso) => {
      const text = isoToBrDate(iso);
      expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(brDateToIso(text)).toBe(iso);
      expect(isoToBrDate(brDateToIso(text))).toBe(text);
    }), { numRuns: 2000 });
  });

  it('typing the eight digits of any such day, or pasting its ISO form, shows the same text', () => {
    fc.assert(fc.property(isoDay, (iso) => {
      const text = isoToBrDate(iso);
      expect(maskBrDate(text.replaceAll('/', ''))).toBe(text);
      expect(maskBrDate(iso)).toBe(text);
      expect(maskBrDate(text)).toBe(text);
    }), { numRuns: 2000 });
  });

  it('no text parses into an impossible day', () => {
    const dayLike = fc
      .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9999 }))
      .map(([d, m, y]) => `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${String(y).padStart(4, '0')}`);
    fc.assert(fc.property(fc.oneof(dayLike, fc.string(), fc.string().map(maskBrDate)), (text) => {
      const r = parseBrDate(text);
      if (!r.ok) return;
      const d = new Date(`${r.iso}T00:00:00Z`);
      expect(Number.isNaN(d.getTime())).toBe(false);
      expect(d.toISOString().slice(0, 10)).toBe(r.iso);
      const [dd, mm, yyyy] = text.trim().split('/').map(Number);
      expect(r.iso).toBe(`${String(yyyy).padStart(4, '0')}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`);
    }), { numRuns: 5000 });
  });

  it('a day-like text is accepted exactly when it names a real day in range', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1800, max: 2300 }), (d, m, y) => {
      const text = `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
      const real = new Date(Date.UTC(y, m - 1, d));
      const isReal = m >= 1 && m <= 12 && d >= 1 && real.getUTCMonth() === m - 1 && real.getUTCDate() === d;
      expect(brDateToIso(text) !== '').toBe(isReal && y >= 1900 && y <= 2200);
    }), { numRuns: 3000 });
  });
});

describe('caretAfterDigits', () => {
  it('keeps the caret after the digit just typed in the middle of the text', () => {
    expect(caretAfterDigits('23/1', 3)).toBe(4);
    // '23/11/2026' with the day selected and '2' typed: the caret stays before the slash for the next digit.
    expect(caretAfterDigits('2/11/2026', 1)).toBe(1);
    expect(caretAfterDigits('23/11/2026', 5)).toBe(7);
    expect(caretAfterDigits('23/11/2026', 8)).toBe(10);
    expect(caretAfterDigits('23/11/2026', 0)).toBe(0);
    expect(caretAfterDigits('23/11/2026 18:30', 9)).toBe(12);
  });
});

describe('date and time (dd/mm/aaaa hh:mm)', () => {
  it('masks as typed and reads a pasted local date-time', () => {
    expect(maskBrDateTime('231120261830')).toBe('23/11/2026 18:30');
    expect(maskBrDateTime('23112026')).toBe('23/11/2026');
    expect(maskBrDateTime('231120261')).toBe('23/11/2026 1');
    expect(maskBrDateTime('23/11/2026 ')).toBe('23/11/2026 ');
    expect(maskBrDateTime('1/2/2026 9:05')).toBe('1/2/2026 9:05');
    expect(BR_DATE_TIME.toValue('1/2/2026 9:05')).toBe('2026-02-01T09:05');
    expect(tidyText(BR_DATE_TIME, '1/2/2026 9:05')).toBe('01/02/2026 09:05');
    expect(maskBrDateTime('2026-11-23T18:30')).toBe('23/11/2026 18:30');
    expect(maskBrDateTime('2026-11-23T18:30:00.000')).toBe('23/11/2026 18:30');
  });

  it('turns into the value a datetime-local held, and refuses impossible days and hours', () => {
    expect(BR_DATE_TIME.toValue('23/11/2026 18:30')).toBe('2026-11-23T18:30');
    expect(BR_DATE_TIME.fromValue('2026-11-23T18:30')).toBe('23/11/2026 18:30');
    expect(BR_DATE_TIME.fromValue('')).toBe('');
    expect(BR_DATE_TIME.error('23/11/2026 18:30')).toBeNull();
    expect(BR_DATE_TIME.error('')).toBeNull();
    for (const bad of ['31/02/2026 10:00', '23/11/2026 24:00', '23/11/2026 10:60', '00/13/2026 10:00']) {
      expect(BR_DATE_TIME.toValue(bad)).toBe('');
      expect(BR_DATE_TIME.error(bad)).toBe(BR_DATE_TIME_MSG.invalid);
    }
    expect(BR_DATE_TIME.error('23/11/2026')).toBe(BR_DATE_TIME_MSG.incomplete);
    expect(BR_DATE_TIME.error('23/11/1800 10:00')).toBe(BR_DATE_MSG.year);
  });

  it('round-trips every minute of every day from 1900 to 2100 (fast-check)', () => {
    fc.assert(fc.property(isoDay, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (day, h, m) => {
      const value = `${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
      const text = BR_DATE_TIME.fromValue(value);
      expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      expect(BR_DATE_TIME.toValue(text)).toBe(value);
      expect(maskBrDateTime(text.replace(/\D/g, ''))).toBe(text);
      expect(maskBrDateTime(value)).toBe(text);
    }), { numRuns: 2000 });
  });

  it('no text turns into an impossible date-time (fast-check)', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)), (text) => {
      const value = BR_DATE_TIME.toValue(text);
      if (value === '') return;
      const d = new Date(`${value}:00Z`);
      expect(d.toISOString().slice(0, 16)).toBe(value);
    }), { numRuns: 3000 });
  });
});

describe('time of day (hh:mm)', () => {
  it('masks, reads and refuses', () => {
    expect(maskBrTime('1830')).toBe('18:30');
    expect(maskBrTime('9:')).toBe('9:');
    expect(BR_TIME.toValue('9:05')).toBe('09:05');
    expect(tidyText(BR_TIME, '9:05')).toBe('09:05');
    expect(maskBrTime('18:30:00')).toBe('18:30');
    expect(BR_TIME.toValue('18:30')).toBe('18:30');
    expect(BR_TIME.fromValue('15:00:00')).toBe('15:00');
    expect(BR_TIME.toValue('24:00')).toBe('');
    expect(BR_TIME.error('24:00')).toBe(BR_TIME_MSG.invalid);
    expect(BR_TIME.error('18:6')).toBe(BR_TIME_MSG.incomplete);
    expect(BR_TIME.error('')).toBeNull();
  });

  it('every minute of the day round-trips, and no text reads as an impossible time (fast-check)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
      const value = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
      expect(BR_TIME.toValue(BR_TIME.fromValue(value))).toBe(value);
      expect(maskBrTime(value.replace(':', ''))).toBe(value);
    }));
    fc.assert(fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{2}:\d{2}$/)), (text) => {
      const value = BR_TIME.toValue(text);
      if (value === '') return;
      const [h, m] = value.split(':').map(Number);
      expect(h).toBeLessThanOrEqual(23);
      expect(m).toBeLessThanOrEqual(59);
    }), { numRuns: 2000 });
  });
});
