import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGACY_PATHS, legacyTarget } from './legacy-paths';

const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');

describe('old English browser paths redirect to their pt-BR ones', () => {
  it.each(LEGACY_PATHS)('%s → %s, keeping the rest of the path, the query and the hash', (from, to) => {
    expect(legacyTarget(from)).toBe(to);
    expect(legacyTarget(`${from}/abc-123`, '?pagina=2&q=Jo%C3%A3o', '#fim')).toBe(`${to}/abc-123?pagina=2&q=Jo%C3%A3o#fim`);
  });

  it('leaves pt-BR paths and look-alikes alone', () => {
    for (const p of ['/dashboard', '/dashboard/membros', '/dashboard/reunioes', '/dashboard/tasksx', '/dashboard/programa', '/familia', '/login']) expect(legacyTarget(p)).toBeNull();
  });

  it('every pt-BR target is a route of the router, and no old path is', () => {
    const declared = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
    const full = (p: string) => (p.startsWith('/') ? p : null);
    for (const [from, to] of LEGACY_PATHS) {
      const last = to.split('/').slice(2).join('/') || to.slice(1);
      expect(declared.some((d) => d === last || d === to || full(d) === to), `${to} declared`).toBe(true);
      const oldLast = from.split('/').slice(2).join('/') || from.slice(1);
      expect(declared.filter((d) => d === oldLast || d === from), `${from} not a screen`).toEqual([]);
    }
  });
});

describe('links the app writes use the pt-BR paths', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
  it('no notification link, menu entry or in-app link names an old English path', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const old: string[] = [];
    for (const file of [...files(path.join(root, 'server')), ...files(path.join(root, 'web'))]) {
      if (file.endsWith('legacy-paths.ts')) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](\/(?:dashboard|superadmin|register)[^'"`?#\s$]*)/g)) {
        if (legacyTarget(m[1] ?? '') !== null) old.push(`${path.relative(root, file)}: ${m[1]}`);
      }
    }
    expect(old).toEqual([]);
  });
});
