import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clubPurpose, clubScreen } from './club-route';

// Issue 44: 25 pages repeated 'if no club, say so'. The router declares it once per route
// (`handle: clubScreen(…)`), the shell's ClubOutlet says it, and pages read `useSelectedClub()`.

const ROUTER = 'src/web/app/router.tsx';

function resolveModule(spec: string): string {
  const base = spec.startsWith('@web/') ? join('src/web', spec.slice('@web/'.length)) : join(dirname(ROUTER), spec);
  const file = [`${base}.tsx`, `${base}.ts`].find((f) => existsSync(f));
  if (!file) throw new Error(`módulo não encontrado: ${spec}`);
  return file;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('the no-club guard', () => {
  it('takes the purpose of the deepest route that declares one', () => {
    expect(clubPurpose([{ handle: undefined }, { handle: clubScreen('ver o ranking') }])).toBe('ver o ranking');
    expect(clubPurpose([{ handle: clubScreen('fora') }, { handle: { other: 1 } }, { handle: clubScreen('dentro') }])).toBe('dentro');
    expect(clubPurpose([{ handle: undefined }, { handle: { other: 1 } }])).toBeUndefined();
  });

  it('is declared by the router for every page that reads the selected club', () => {
    // The club shell's routes (the super admin's reuse some page modules with no club).
    const source = readFileSync(ROUTER, 'utf8');
    const start = source.indexOf("shell('club',");
    const lines = source.slice(start, source.indexOf('])],', start)).split('\n').filter((l) => /lazy: \(\) => import\('/.test(l));
    const undeclared = lines.filter((line) => {
      const spec = /import\('([^']+)'\)/.exec(line)?.[1] ?? '';
      return readFileSync(resolveModule(spec), 'utf8').includes('useSelectedClub(') && !line.includes('handle: clubScreen(');
    });
    expect(undeclared).toEqual([]);
    expect(lines.filter((l) => l.includes('handle: clubScreen(')).length).toBeGreaterThanOrEqual(25);
  });

  it('is said in one place: no page renders the no-club state itself', () => {
    const renderers = sourceFiles('src/web').filter((f) => readFileSync(f, 'utf8').includes('<NoClubState'));
    expect(renderers).toEqual([join('src/web/app/layout/club-outlet.tsx')]);
  });
});
