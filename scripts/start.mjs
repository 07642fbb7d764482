// npm start: builds what is stale (the web app with Vite, the server with esbuild), then runs the
// compiled server with plain node: no TypeScript compiler at runtime.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_OUT } from './build-server.mjs';
import { NODE_FLAGS, SERVER_ENV_DEFAULTS } from './node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtWeb = path.join(root, 'dist', 'web', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}
const newest = (p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
const isStale = (output, sources) => !existsSync(output) || sources.some((p) => newest(p) > statSync(output).mtimeMs);

if (isStale(builtWeb, [path.join(root, 'src', 'web'), path.join(root, 'src', 'shared')])) {
  console.log('Compilando a interface web…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The server bundle holds the npm packages it loads at start (ADR 027): an install that changes them rebuilds it.
if (isStale(SERVER_OUT, [path.join(root, 'src', 'server'), path.join(root, 'src', 'shared'), path.join(root, 'package-lock.json')])) {
  console.log('Compilando o servidor…');
  await buildServer();
}
const server = spawn(process.execPath, [...NODE_FLAGS, SERVER_OUT], {
  cwd: root,
  stdio: 'inherit',
  env: { ...SERVER_ENV_DEFAULTS, ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
