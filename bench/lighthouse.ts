// npx tsx bench/lighthouse.ts : Lighthouse (mobile, default throttling) on /login and a signed-in
// /dashboard of the built app (run `npx vite build` first), with Debian's Chromium (CHROMIUM_PATH).
// Prints the performance and accessibility scores and the main timings. Too slow for CI: a bench.
// LH_JSON=/some/dir keeps each run's full report there (what blocked, what was the largest paint).
// LH_RUNS=3 runs each page three times and prints the median too (a shared machine moves the score
// by several points); WEB_DIR=/other/dist/web measures another build, e.g. the previous commit's.
// LH_TRACE=1 keeps each run's Chromium trace beside its report (what each long task was).
// LH_DEMO=1 seeds the demo club and measures, signed in as its director, the screens a leader opens on
// a Saturday (issue 45): /dashboard, programa (its grade), cobranças, the chamada of the last meeting and
// avisos, beside /login. LH_ONLY=<regular expression> keeps only the screens whose label matches.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_SLUG } from '../src/server/demo/base.js';
import { JSON_HEADERS as headers, startBuiltApp } from './demo-server.js';

const demo = process.env.LH_DEMO === '1';
const server = await startBuiltApp({ prefix: 'trilha-lh-', demo });
const { db, base } = server;
let cookie: string;
const pages: Array<[string, string]> = [['/login', '/login'], ['/dashboard (signed in)', '/dashboard']];
if (demo) {
  cookie = await server.signIn();
  const [meeting] = await db.query<{ id: string }>(
    `SELECT m.id FROM meetings m JOIN clubs c ON c.id = m.club_id WHERE c.slug = $1 AND m.date <= current_date ORDER BY m.date DESC LIMIT 1`, [DEMO_SLUG]);
  pages.push(['programa (grade)', '/dashboard/programa'], ['cobranças', '/dashboard/cobrancas'], ['chamada', `/dashboard/reunioes/${meeting.id}/chamada`], ['avisos', '/dashboard/avisos']);
} else {
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ full_name: 'Diretora Lighthouse', email: 'lh@teste.com', password: 'segredo123', confirm_password: 'segredo123' }),
  });
  cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  await fetch(`${base}/api/clubs`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ name: 'Clube Farol', slug: 'clube-farol' }) });
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const runs = Math.max(1, Number(process.env.LH_RUNS ?? 1));
  // LH_ONLY=chamada (a regular expression on the labels) measures only those screens.
  const only = process.env.LH_ONLY ? new RegExp(process.env.LH_ONLY) : null;
  for (const [label, pathname] of pages.filter(([l]) => !only || only.test(l))) {
    const url = `${base}${pathname}`;
    const extraHeaders = pathname === '/login' ? undefined : { cookie };
    const scores: number[] = [];
    let failures = 0;
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
      // A trace Lighthouse could not read (NO_NAVSTART, NO_FCP) scores 0 without measuring the page: run again.
      if (lhr.runtimeError && failures++ < 3) {
        console.log(`${label.padEnd(24)} run discarded: ${lhr.runtimeError.code}`);
        i--;
        continue;
      }
      const file = `${label.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '') || 'page'}-${i + 1}`;
      if (process.env.LH_JSON) await writeFile(path.join(process.env.LH_JSON, `${file}.json`), JSON.stringify(lhr));
      // LH_TRACE=1 (with LH_JSON) keeps the Chromium trace too, for chrome://tracing or a script.
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (process.env.LH_JSON && process.env.LH_TRACE === '1' && trace) await writeFile(path.join(process.env.LH_JSON, `${file}.trace.json`), JSON.stringify(trace));
      const ms = (id: string) => `${((lhr.audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
      const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      scores.push(performance);
      console.log(
        `${label.padEnd(24)} performance ${performance}, accessibility ${Math.round((lhr.categories.accessibility?.score ?? 0) * 100)}` +
          ` | FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms, CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
      );
      // What moved, when the page shifts (the element Lighthouse blames and its share of the score).
      const shifts = (lhr.audits['layout-shifts']?.details as { items?: { node?: { snippet?: string; selector?: string }; score?: number }[] } | undefined)?.items ?? [];
      for (const s of shifts.slice(0, 3)) console.log(`${''.padEnd(24)} shift ${(s.score ?? 0).toFixed(3)} ${s.node?.selector ?? ''} ${(s.node?.snippet ?? '').slice(0, 120)}`);
    }
    if (runs > 1) console.log(`${label.padEnd(24)} median performance ${[...scores].sort((a, b) => a - b)[Math.floor(runs / 2)]} of ${runs} runs`);
  }
} finally {
  await chrome.kill();
  await server.close();
}
process.exit(0);
