/** Type OIDs whose text form we keep or convert the same way on both engines. */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamptz: 1184 } as const;

// numeric stays a decimal string (money is never a float); date stays 'YYYY-MM-DD' (no time-zone shift);
// int8 (count(*), sums) becomes a number; timestamptz becomes an ISO-8601 string, as on the wire.
// A parser never throws: a value JavaScript cannot hold as a Date ('infinity', year 300000) stays as PostgreSQL wrote it.
export const typeParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: (v) => Number(v),
  [OID.numeric]: (v) => v,
  [OID.date]: (v) => v,
  [OID.timestamptz]: (v) => {
    const date = new Date(v);
    return Number.isNaN(date.getTime()) ? v : date.toISOString();
  },
};
