// npx tsx bench/profile-page.ts [path…] : opens each path of the built app (WEB_DIR, default dist/web),
// signed in as the demo club's director, in Debian's Chromium with a CPU profile running from the
// navigation until the page has been quiet for a second, and prints the functions that took the most
// main-thread time (self time, by function and file). Build with `npx vite build --minify false
// --outDir /tmp/web-nomin` and set WEB_DIR to it to read the names. PROFILE_CPU=4 slows the CPU as
// Lighthouse's mobile run does.
import { chromium } from 'playwright-core';
import { startBuiltApp } from './demo-server.js';

const server = await startBuiltApp({ prefix: 'trilha-profile-', demo: true });
const { base } = server;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const [name = '', value = ''] = (await server.signIn()).split(/=(.*)/s);
  await context.addCookies([{ name, value, url: base }]);
  // The first Intl formatter of a page loads ICU's data: 50–70 ms on this machine, 4× that on
  // Lighthouse's phone. Every use is printed with where it came from, so a screen can do without.
  // A string, not a function: tsx would add helpers the page does not have.
  await context.addInitScript(`{
    const seen = (window.__intl = []);
    const note = (what) => seen.push(what + ' ' + (new Error().stack || '').split('\\n').slice(2, 4).map((l) => l.trim()).join(' < '));
    for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat']) {
      Intl[name] = new Proxy(Intl[name], { construct: (t, a) => (note('Intl.' + name), new t(...a)), apply: (t, self, a) => (note('Intl.' + name), Reflect.apply(t, self, a)) });
    }
    for (const [proto, key] of [[Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleTimeString'], [String.prototype, 'localeCompare']]) {
      const original = proto[key];
      proto[key] = function (...a) { note(key); return original.apply(this, a); };
    }
  }`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  if (process.env.PROFILE_CPU) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.PROFILE_CPU) });
  for (const pathname of process.argv.slice(2).length ? process.argv.slice(2) : ['/dashboard']) {
    await page.goto('about:blank');
    await cdp.send('Profiler.start');
    await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const { profile } = await cdp.send('Profiler.stop');
    const intl = await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl);
    console.log(`\n${pathname}: ${intl.length} uses of Intl${intl.length ? ', the first ones:' : ''}`);
    for (const line of [...new Set(intl)].slice(0, 8)) console.log(`  ${line}`);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    const lines = new Map<string, Map<number, number>>();
    for (const n of profile.nodes) {
      const f = n.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/.*\//, '')}:${f.lineNumber + 1}`;
      const m = lines.get(key) ?? new Map<number, number>();
      for (const t of n.positionTicks ?? []) m.set(t.line, (m.get(t.line) ?? 0) + t.ticks);
      lines.set(key, m);
    }
    const dt = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const n = byId.get(id);
      if (!n) return;
      const f = n.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/.*\//, '')}:${f.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
    });
    // Per file too: which chunk's code (module evaluation included) the screen waits for.
    const byFile = new Map<string, number>();
    for (const [k, v] of self) {
      const file = k.replace(/^.* /, '').replace(/:\d+$/, '') || '(native)';
      byFile.set(file, (byFile.get(file) ?? 0) + v);
    }
    const total = [...self.entries()].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).reduce((s, [, v]) => s + v, 0);
    console.log(`\n${pathname}: ${(total / 1000).toFixed(0)} ms of JavaScript and GC`);
    console.log(`by file: ${[...byFile.entries()].filter(([f]) => f !== '(native)').sort((a, b) => b[1] - a[1]).slice(0, 12).map(([f, v]) => `${f} ${(v / 1000).toFixed(1)} ms`).join(', ')}`);
    for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 25))) {
      // The hottest lines of the function (sample counts), to find which statement costs.
      const hot = [...(lines.get(k) ?? new Map<number, number>()).entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([l, t]) => `line ${l}: ${t}`);
      console.log(`${(v / 1000).toFixed(1).padStart(8)} ms  ${k}${hot.length ? `  (${hot.join(', ')})` : ''}`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
process.exit(0);
