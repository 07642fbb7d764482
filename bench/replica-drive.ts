// npx tsx bench/replica-drive.ts : the national deploy in small (issue 46). The club's week across two
// compiled instances behind PgBouncer in transaction mode, with a streaming replica stopped halfway
// (bench/club-week-drive.ts says how): BENCH_CLUBS clubs (default 50), BENCH_CONNECTIONS connections
// (50) reading the club's screens for BENCH_SECONDS (20) while each write is read back at once on the other
// instance. Fails on any non-2xx answer, error or write not read back; prints where the reads went
// (GET /metrics of each instance) and the load average. src/server/db/club-week.test.ts runs it in the suite.
import { loadavg } from 'node:os';
import { buildCompiledServer } from './server-process.js';
import { driveClubWeek, WEEK_KINDS } from './club-week-drive.js';

const CLUBS = Number(process.env.BENCH_CLUBS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');

console.log(`load average at start: ${load()}`);
await buildCompiledServer();
const r = await driveClubWeek({ clubs: CLUBS, seconds: SECONDS, connections: CONNECTIONS, log: (line) => console.log(line) });
console.log(`\n${CLUBS} clubs, 2 instances, PgBouncer (transaction) + streaming replica, ${CONNECTIONS} connections × ${SECONDS} s`);
console.log(`requests ${r.requests}, ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
console.log(`the dues of ${r.duesMonth}: ${r.duesCreated} generated, read back on the other instance`);
console.log(`writes read back on the other instance: ${r.writes - r.missed.length} of ${r.writes} (${WEEK_KINDS.map((k, i) => `${k} ${Math.ceil((r.writes - i) / WEEK_KINDS.length)}`).join(', ')})`);
if (r.badgesEarned > 0) console.log(`badges the points earned (their XP counted): ${r.badgesEarned}`);
if (r.missed.length > 0) console.log(`not read back: ${r.missed.join(', ')}`);
r.reads.forEach((reads, i) => console.log(`instance ${i + 1} reads: ${JSON.stringify(reads)}`));
console.log(`load average at end: ${load()}`);
if (r.non2xx > 0 || r.errors > 0 || r.missed.length > 0 || r.writes === 0) throw new Error('the drive had failed requests or a write not read back');
if (r.reads.every((x) => (x['replica/caught_up'] ?? 0) === 0)) throw new Error('no read was served by the replica');
process.exit(0);
