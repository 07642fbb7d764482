// Compiles the server (src/server/main.ts, what it imports from src/ and the npm packages it loads at
// start) into one ES module for node: one file to read and compile instead of some two thousand modules
// resolved one by one (ADR 027). Packages that read files beside their own code, load native code or are
// loaded only by some servers or requests stay in node_modules (EXTERNAL). migrations/ and dist/web are
// read at runtime.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT = path.join(root, 'dist', 'server', 'main.js');

/** Loaded from node_modules as they are. */
export const EXTERNAL = [
  '@electric-sql/pglite', // its WebAssembly and data files sit beside its code
  '@node-rs/argon2', // native code
  '@fastify/swagger-ui', // serves its static files from its own folder; loaded only when the API page is on
  'file-type', // loaded on the first upload
];

/** Writes the bundle to `outfile` (default SERVER_OUT); it must sit inside the project, which it finds by walking up. */
export async function buildServer(outfile = SERVER_OUT) {
  await build({
    entryPoints: [path.join(root, 'src', 'server', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // CommonJS packages in an ES module call require (node's built-ins, and the packages loaded lazily);
    // CommonJS packages that name their own folder get the bundle's (a missing file, not a ReferenceError).
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        'const require = __createRequire(import.meta.url);',
        'const __filename = __fileURLToPath(import.meta.url);',
        "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
      ].join(' '),
    },
    // Maps to the source files without their text: stack traces name src/ lines.
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  });
  await keepOwnSources(`${outfile}.map`);
}

/**
 * Drops the packages' lines from the source map, keeping Trilha's own (src/): node decodes the whole map
 * the first time a stack trace is printed, and the packages' lines made that 0.2 s and 59 MB of memory
 * for as long as the process runs (src/ alone: a tenth of it). A package's frame then names the bundle.
 */
async function keepOwnSources(mapFile) {
  const map = JSON.parse(await readFile(mapFile, 'utf8'));
  const kept = new Map();
  const names = new Map();
  const sources = [];
  const namesOut = [];
  // A source's index in the new map, or -1 for a package's.
  const keep = (i) => {
    if (!kept.has(i)) kept.set(i, map.sources[i].includes('node_modules/') ? -1 : sources.push(map.sources[i]) - 1);
    return kept.get(i);
  };
  const name = (i) => {
    if (!names.has(i)) names.set(i, namesOut.push(map.names[i]) - 1);
    return names.get(i);
  };
  const lines = decode(map.mappings).map((line) => line.flatMap((seg) => {
    if (seg.length === 1) return [];
    const source = keep(seg[1]);
    if (source < 0) return [];
    return [seg.length === 5 ? [seg[0], source, seg[2], seg[3], name(seg[4])] : [seg[0], source, seg[2], seg[3]]];
  }));
  await writeFile(mapFile, JSON.stringify({ ...map, sources, names: namesOut, mappings: encode(lines) }));
}

if (process.argv[1] === import.meta.filename) await buildServer();
