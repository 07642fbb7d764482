// Compiles the server (src/server/main.ts and what it imports from src/) into one ES module for node.
// npm packages stay external (loaded from node_modules); migrations/ and dist/web are read at runtime.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT = path.join(root, 'dist', 'server', 'main.js');

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'src', 'server', 'main.ts')],
    outfile: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === import.meta.filename) await buildServer();
