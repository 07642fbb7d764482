import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder (where package.json and migrations/ live), found by walking up from this
 * module, so the same code works run from source (tsx) and from the compiled bundle in dist/server/.
 */
function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'migrations'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Pasta do projeto não encontrada a partir de ${start}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
