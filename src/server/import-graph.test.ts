import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Issue 33: the server's layers point down. `import-x/no-cycle` (eslint) keeps runtime cycles out, but it
// skips `import type`; a type-only import back up the layers is the same tangle to a reader, so this walk
// counts every import, types included, and fails on any cycle in src/server.

const SERVER = path.dirname(fileURLToPath(import.meta.url));

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return serverFiles(full);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Each source file of src/server and the files of src/server it imports (static, dynamic and type-only). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of serverFiles(SERVER)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((f) => f.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.resolve(path.dirname(file), name.replace(/\.js$/, '.ts')))
      .filter((target) => target.startsWith(SERVER + path.sep));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan): each is at least one cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      for (;;) {
        const w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(path.relative(SERVER, w));
        if (w === v) break;
      }
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the import graph of src/server', () => {
  it('has no cycle, type-only imports included', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('services and repositories import nothing from http/, type-only imports included (ADR 082)', () => {
    const upward = [...importGraph()]
      .filter(([file]) => !path.relative(SERVER, file).startsWith(`http${path.sep}`) && path.dirname(file) !== SERVER)
      .filter(([file]) => !/(^|[-/])routes\.ts$|[/]plugin\.ts$/.test(file))
      .flatMap(([file, targets]) => targets
        .filter((t) => path.relative(SERVER, t).startsWith(`http${path.sep}`))
        .map((t) => `${path.relative(SERVER, file)} → ${path.relative(SERVER, t)}`));
    expect(upward).toEqual([]);
  });

  it('core/ stands on db/ and shared/ only', () => {
    const outward = [...importGraph()]
      .filter(([file]) => path.relative(SERVER, file).startsWith(`core${path.sep}`))
      .flatMap(([file, targets]) => targets
        .filter((t) => !/^(core|db)[/\\]/.test(path.relative(SERVER, t)))
        .map((t) => `${path.relative(SERVER, file)} → ${path.relative(SERVER, t)}`));
    expect(outward).toEqual([]);
  });
});
