import fc from 'fast-check';
import { expect, it } from 'vitest';

/**
 * The one fuzz harness of the write routes (issue 44: it was pasted into each domain's fuzz test).
 * A domain's test says which routes it writes, a valid body for each and how to send one (with what
 * the route may change read before and after); this module says what "refused well" means and runs
 * the two checks every write route gets: each field replaced by each hostile value, and fast-check's
 * random values in random fields. The paged lists get the same rule for their query strings
 * (fuzzListQueries).
 */

/** Values that replace one field of a valid body: the odd strings and wrong types people (and bots) send. */
export const HOSTILE: Readonly<Record<string, unknown>> = {
  empty: '',
  null: null,
  negative: -1,
  huge: 1e308,
  big: 'x'.repeat(200 * 1024),
  nul: 'a\u0000b',
  emoji: '🏕️🔥👩🏽‍🚀',
  wrongType: true,
  impossibleDate: '2026-02-31',
  array: ['a', 1],
  object: { a: { b: 'c' } },
};

/** More hostile values a domain adds where its fields take them (dates, spreadsheet exports, free text). */
export const HOSTILE_EXTRA = {
  farDate: '275760-09-13T00:00:00.000Z',
  formula: '=HYPERLINK("http://x")',
  spaces: '   ',
  sql: "'; DROP TABLE profiles; --",
} as const;

/** What one request did: its status, whether anything it may write changed, and the start of its body. */
export interface Sent {
  status: number;
  changed: boolean;
  body: string;
}

/**
 * Zod's English defaults and their words ('Invalid input: expected string, received number', 'Too
 * big', 'must match'), anywhere in what a refusal tells the user: it says what is wrong in pt-BR instead.
 */
const ENGLISH = /invalid|expected|required|received|too (big|small)|must|unrecognized|\bstring\b|\bnumber\b/i;

/** The messages of an error body (its message, and each field's in details), or null when it has no message. */
function messagesOf(body: string): string[] | null {
  try {
    const { error } = JSON.parse(body) as { error?: { message?: unknown; details?: unknown } };
    if (typeof error?.message !== 'string' || error.message === '') return null;
    const details = Array.isArray(error.details) ? error.details : [];
    const fields = details.map((d: { message?: unknown }) => d?.message).filter((m): m is string => typeof m === 'string');
    return [error.message, ...fields];
  } catch {
    return null;
  }
}

/**
 * What is wrong with a refusal, if anything: never a 5xx; a 4xx writes nothing; a 400 carries a
 * message; no 4xx message is zod's English (a quoted field name, 'Campo "policy_number"', is the
 * field's and not read); a NUL character is a 400.
 */
export function refusalProblems(r: Sent, label?: string): string[] {
  const problems: string[] = [];
  if (r.status >= 500) problems.push('5xx');
  if (r.status >= 400 && r.changed) problems.push('refused, yet wrote');
  if (r.status >= 400 && r.status < 500) {
    const messages = messagesOf(r.body);
    if (!messages && r.status === 400) problems.push('400 without a message');
    for (const message of messages ?? []) if (ENGLISH.test(message.replace(/"[^"]*"/g, '""'))) problems.push(`English message: ${message}`);
  }
  if (label === 'nul' && r.status !== 400) problems.push('NUL not refused with 400');
  return problems;
}

/**
 * Sends one request and says whether what it may change changed: `read` before and after it,
 * compared as JSON.
 */
export async function watch(read: () => Promise<unknown>, request: () => Promise<{ statusCode: number; body: string }>): Promise<Sent> {
  const before = JSON.stringify(await read());
  const res = await request();
  return { status: res.statusCode, changed: JSON.stringify(await read()) !== before, body: res.body };
}

/** What a route may change, as most fuzz tests state it: the first row of one query. */
export function firstRow(db: { query: (sql: string) => Promise<unknown[]> }, sql: string): () => Promise<unknown> {
  return async () => (await db.query(sql))[0];
}

export interface FuzzOptions<R> {
  routes: Record<string, R>;
  /** A body the route accepts (a new one on each call where the route refuses repeats). */
  valid: (route: R, name: string) => Record<string, unknown>;
  /** Sends a body to the route and reports what changed. */
  send: (route: R, name: string, body: Record<string, unknown>) => Promise<Sent>;
  /**
   * Whether the valid body is accepted (2xx): yes by default; no where it still needs what a fuzz
   * cannot hold (a live token, a TOTP code), and then it is only refused well.
   */
  acceptsValid?: boolean;
  /** Runs before the valid body of each route's field-by-field check (undo what makes it refuse). */
  prepare?: (route: R, name: string) => Promise<void>;
  hostile?: Readonly<Record<string, unknown>>;
  /** fast-check's seed and number of random bodies. */
  seed: number;
  numRuns?: number;
  /** The routes fast-check draws from (all by default; leave out one that cannot take repeats). */
  randomNames?: string[];
  /** How the route is named in the test's title. */
  title?: (route: R, name: string) => string;
}

/**
 * Registers, inside the caller's describe: per route, "each field replaced by each hostile value
 * answers < 500, a 4xx writes nothing, a 400 speaks pt-BR"; and one fast-check property of random
 * values (fc.anything) in random fields with the same rule.
 */
export function fuzzWriteRoutes<R>(o: FuzzOptions<R>): void {
  const hostile = o.hostile ?? HOSTILE;
  for (const [name, route] of Object.entries(o.routes)) {
    it(`${o.title?.(route, name) ?? name}: each field replaced by each hostile value answers < 500, a 4xx writes nothing, a 400 speaks pt-BR`, async () => {
      await o.prepare?.(route, name);
      const ok = await o.send(route, name, o.valid(route, name));
      if (o.acceptsValid === false) expect(refusalProblems(ok), ok.body.slice(0, 200)).toEqual([]);
      else expect(ok.status, ok.body).toBeLessThan(300);
      const failures: unknown[] = [];
      for (const field of Object.keys(o.valid(route, name))) {
        for (const [label, value] of Object.entries(hostile)) {
          const r = await o.send(route, name, { ...o.valid(route, name), [field]: value });
          const problems = refusalProblems(r, label);
          if (problems.length > 0) failures.push({ field, label, problems, status: r.status, body: r.body.slice(0, 200) });
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('random values in random fields never answer 5xx, and a refusal writes nothing (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...(o.randomNames ?? Object.keys(o.routes))), fc.nat(), fc.anything({ withNullPrototype: false }), async (name, pick, value) => {
        const route = o.routes[name];
        const body = o.valid(route, name);
        const fields = Object.keys(body);
        const r = await o.send(route, name, { ...body, [fields[pick % fields.length]]: value });
        expect(refusalProblems(r), r.body.slice(0, 200)).toEqual([]);
      }),
      { numRuns: o.numRuns ?? 100, seed: o.seed },
    );
  });
}

/** A paged list the query-string fuzz reads. */
export interface FuzzedList {
  /** The query keys it reads, `limit` and `after` among them. */
  keys: readonly string[];
  /** GETs the list with this query string (`limit=5&after=…`). */
  get: (query: string) => Promise<{ statusCode: number; body: string }>;
  /** The page's rows, in its JSON answer. */
  rows: (page: Record<string, unknown>) => unknown[];
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v) ?? 'null').toString('base64url');

/**
 * Values for a list's query keys: random and binary strings, numbers, the edges of dates and limits,
 * the list's own words (`words`: its filters' values), and cursors (`after`) of every shape Trilha
 * writes, random inside.
 */
export function hostileQueryValue(words: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 10 }),
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom(...words, '', ' ', '2026-02-30', '2026-03-01', '1900-01-01', '9999-12-31', '00000000-0000-4000-8000-000000000000',
      '%', '_', '\\', "'", '0', '200', '201', '-1', 'NaN', 'Infinity', '1e3', '\u0000'),
    fc.jsonValue().map(b64),
    fc.tuple(fc.string(), fc.string()).map(b64),
    fc.tuple(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().replace('T', ' ').replace('Z', '+00')), fc.uuid()).map(b64),
    fc.tuple(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.string(), fc.uuid()).map(b64),
  );
}

/**
 * Registers, inside the caller's describe, one fast-check property of the lists' query strings:
 * up to four of its keys with hostile values answer a page (200) or a refusal that speaks pt-BR
 * (refusalProblems), never a 5xx; a page holds at most `limit` rows (`defaultLimit` without one).
 */
export function fuzzListQueries(o: {
  lists: Record<string, FuzzedList>;
  /** The lists' filters' values, among the hostile ones. */
  words?: readonly string[];
  /** The page size when `limit` is not a whole number (unchecked when left out). */
  defaultLimit?: number;
  seed?: number;
  numRuns?: number;
}): void {
  it('query strings never answer 5xx; a 400 carries a pt-BR message; a page respects the limit (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(o.lists)),
        fc.array(fc.tuple(fc.nat(), hostileQueryValue(o.words)), { minLength: 1, maxLength: 4 }),
        async (name, params) => {
          const { keys, get, rows } = o.lists[name];
          const qs = new URLSearchParams();
          for (const [pick, value] of params) qs.append(keys[pick % keys.length] ?? 'limit', value);
          const res = await get(qs.toString());
          const label = `${name}?${qs.toString()} → ${res.body.slice(0, 300)}`;
          expect(refusalProblems({ status: res.statusCode, changed: false, body: res.body }), label).toEqual([]);
          if (res.statusCode === 400) return;
          expect(res.statusCode, label).toBe(200);
          const limit = Number(qs.getAll('limit').at(-1) ?? NaN);
          const max = Number.isInteger(limit) ? limit : o.defaultLimit;
          if (max !== undefined) expect(rows(JSON.parse(res.body) as Record<string, unknown>).length, label).toBeLessThanOrEqual(max);
        },
      ),
      { numRuns: o.numRuns ?? 300, ...(o.seed === undefined ? {} : { seed: o.seed }) },
    );
  });
}

/** A JSON write route as most fuzz files describe it: where it goes, the SQL whose first row a refusal must leave as it was, a valid body. */
export interface WatchedRoute {
  method?: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  /** A SELECT whose first row is the state the route writes (read before and after each body). */
  state: () => string;
  valid: () => Record<string, unknown>;
}

/**
 * {@link fuzzWriteRoutes} for {@link WatchedRoute}s sent by one person (`send`: the call with the
 * method, URL and body), every hostile value (HOSTILE and HOSTILE_EXTRA) in every field, each send
 * watched through the route's state query.
 */
export function fuzzWatchedRoutes(o: {
  routes: Record<string, WatchedRoute>;
  db: () => { query: (sql: string) => Promise<unknown[]> };
  send: (method: 'POST' | 'PUT' | 'PATCH', url: string, body: Record<string, unknown>) => Promise<{ statusCode: number; body: string }>;
  prepare?: FuzzOptions<WatchedRoute>['prepare'];
  seed: number;
  numRuns?: number;
}): void {
  fuzzWriteRoutes<WatchedRoute>({
    routes: o.routes,
    hostile: { ...HOSTILE, ...HOSTILE_EXTRA },
    valid: (route) => route.valid(),
    prepare: o.prepare,
    send: (route, _name, body) => watch(firstRow(o.db(), route.state()), () => o.send(route.method ?? 'POST', route.url(), body)),
    title: (route, name) => `${route.method ?? 'POST'} ${name}`,
    seed: o.seed,
    numRuns: o.numRuns,
  });
}
