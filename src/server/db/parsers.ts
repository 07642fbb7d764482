/** Type OIDs whose text form we keep or convert the same way on both engines. */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamptz: 1184 } as const;

// numeric stays a decimal string (money is never a float); date stays 'YYYY-MM-DD' (no time-zone shift);
// int8 (count(*), sums) becomes a number; timestamptz becomes an ISO-8601 string, as on the wire.
// A parser never throws: a value JavaScript cannot hold as a Date ('infinity', year 300000) stays as PostgreSQL wrote it.
export const typeParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: (v) => Number(v),
  [OID.numeric]: (v) => v,
  [OID.date]: (v) => v,
  [OID.timestamptz]: timestamptzToIso,
};

// What PostgreSQL writes for a UTC session (the usual case): '2026-11-30 19:23:43.901923+00'.
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as `Date#toISOString` writes it (milliseconds, the rest cut, 'Z'). In UTC the text is
 * rearranged, not parsed: `new Date` on PostgreSQL's form takes V8's slow legacy parser, and every
 * session lookup reads two of these. Any other form (an offset, a year before 1000 or after 9999,
 * 'infinity') goes through `Date`, as before.
 */
export function timestamptzToIso(v: string): string {
  const m = UTC_TIMESTAMP.exec(v);
  if (m && m[1] >= '1000') return `${m[1]}T${m[2]}.${((m[3] ?? '') + '000').slice(0, 3)}Z`;
  const date = new Date(v);
  return Number.isNaN(date.getTime()) ? v : date.toISOString();
}
