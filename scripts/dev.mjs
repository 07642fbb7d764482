// npm run dev: the API with `tsx watch` on :3000 and Vite's dev server on :5173 (it proxies /api and
// /uploads to the API), so a saved component is patched in place by React Fast Refresh, keeping its state.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
// One of them stopping (a crash, a port in use) stops the other: no half-running dev setup.
for (const c of children) c.on('exit', (code) => {
  stop('SIGTERM');
  process.exitCode = code ?? 0;
});
