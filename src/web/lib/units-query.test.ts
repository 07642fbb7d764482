import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unitsQueryKey, unitsQueryOptions } from './units-query';

// Issue 44: the units list was fetched by five features under three query keys, so a new unit showed
// on the units screen and not in the charges or events selects. Now there is one fetch, one key.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the units list', () => {
  it('is fetched in one module of the web app', () => {
    const fetchers = sourceFiles('src/web').filter((file) => /'GET', `[^`]*\/(units|unit-options)`/.test(readFileSync(file, 'utf8')));
    expect(fetchers).toEqual([join('src/web/lib/units-query.ts')]);
  });

  it('is one cache entry per club, refreshed by the units screen writes', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify([]), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const qc = new QueryClient();
    await qc.fetchQuery(unitsQueryOptions('c1'));
    await qc.fetchQuery(unitsQueryOptions('c1'));
    expect(asked).toEqual(['/api/clubs/c1/units']);
    // What useSaveUnit and useDeleteUnit invalidate after a write.
    await qc.invalidateQueries({ queryKey: ['clubs', 'c1'] });
    expect(qc.getQueryState(unitsQueryKey('c1'))?.isInvalidated).toBe(true);
    await qc.fetchQuery(unitsQueryOptions('c1'));
    expect(asked).toHaveLength(2);
  });
});
