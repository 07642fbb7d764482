import fc from 'fast-check';
import { expect, it } from 'vitest';

/**
 * The one fuzz harness of the write routes (issue 44: it was pasted into each domain's fuzz test).
 * A domain's test says which routes it writes, a valid body for each and how to send one (with what
 * the route may change read before and after); this module says what "refused well" means and runs
 * the two checks every write route gets: each field replaced by each hostile value, and fast-check's
 * random values in random fields.
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

/** Zod's English defaults: a refusal says what is wrong in pt-BR instead. */
const ENGLISH = /^(Invalid|Expected|Required|Too (big|small)|String must|Number must|Array must|Unrecognized)/;

function messageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' ? parsed.error.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with a refusal, if anything: never a 5xx; a 4xx writes nothing; a 400 speaks pt-BR
 * (a message, and not zod's English default); a NUL character is a 400.
 */
export function refusalProblems(r: Sent, label?: string): string[] {
  const problems: string[] = [];
  if (r.status >= 500) problems.push('5xx');
  if (r.status >= 400 && r.changed) problems.push('refused, yet wrote');
  if (r.status === 400) {
    const message = messageOf(r.body);
    if (!message) problems.push('400 without a message');
    else if (ENGLISH.test(message)) problems.push(`English message: ${message}`);
  }
  if (label === 'nul' && r.status !== 400) problems.push('NUL not refused with 400');
  return problems;
}

export interface FuzzOptions<R> {
  routes: Record<string, R>;
  /** A body the route accepts (a new one on each call where the route refuses repeats). */
  valid: (route: R, name: string) => Record<string, unknown>;
  /** Sends a body to the route and reports what changed. */
  send: (route: R, name: string, body: Record<string, unknown>) => Promise<Sent>;
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
      expect(ok.status, ok.body).toBeLessThan(300);
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
