// DATA_DIR=/tmp/trilha-shots npx tsx bench/screenshot-data.ts : a generated platform in an embedded
// data dir, to look at the screens on realistic data (20 clubs × 300 members, 500 transactions each by
// default; BENCH_CLUBS, BENCH_MEMBERS, BENCH_TRANSACTIONS change it). Refuses while a server (or another
// command) holds DATA_DIR. Then `DATA_DIR=… PORT=3100 npm start` and sign in with the e-mail printed.
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { DataDirBusyError, lockDataDir } from '../src/server/data-dir/lock.js';
import { openPglite } from '../src/server/db/pglite.js';
import { migrate } from '../src/server/db/migrate.js';
import { generatePlatform } from './platform-data.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) {
  console.error('Defina DATA_DIR (um diretório novo) para gerar os dados.');
  process.exit(1);
}
const PASSWORD = 'segredo123';
const EMAIL = 'diretor@trilha.test';

// A server (or another command) on this DATA_DIR: say who holds it and touch nothing.
const lock = await lockDataDir(dataDir, { kind: 'command' }).catch((err: unknown) => {
  if (!(err instanceof DataDirBusyError)) throw err;
  console.error(err.message);
  process.exit(1);
});
try {
  const db = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  await migrate(db);
  const [existing] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clubs');
  if ((existing?.n ?? 0) > 0) throw new Error(`${dataDir} já tem clubes: use um DATA_DIR novo.`);
  await generatePlatform(db, {
    clubs: Number(process.env.BENCH_CLUBS ?? 20),
    members: Number(process.env.BENCH_MEMBERS ?? 300),
    units: 6,
    tasks: 6,
    transactions: Number(process.env.BENCH_TRANSACTIONS ?? 500),
  });
  // The first club's director can sign in (as bench/run.ts does).
  const [director] = await db.query<{ profile_id: string; club: string }>(
    `SELECT cm.profile_id, c.name AS club FROM club_members cm JOIN clubs c ON c.id = cm.club_id
      WHERE c.slug = 'clube-1' AND cm.role = 'admin' ORDER BY cm.profile_id LIMIT 1`);
  if (!director) throw new Error('generated club has no director');
  await db.query('UPDATE profiles SET email = $2, password_hash = $3 WHERE id = $1', [director.profile_id, EMAIL, await hash(PASSWORD)]);
  await db.close();
  console.log(`Pronto: entre como ${EMAIL} / ${PASSWORD} (diretor de ${director.club}).`);
} finally {
  await lock.release();
}
