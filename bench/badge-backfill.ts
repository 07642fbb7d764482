// npx tsx bench/badge-backfill.ts : the auto-badge back-fill job (issue 18) on PGlite: 1,000 members of one club,
// six automatic badges; how long one batch holds the embedded database, and the whole walk.
import { openPglite } from '../src/server/db/pglite.js';
import { migrate } from '../src/server/db/migrate.js';
import { runBadgeBackfill, enqueueBadgeBackfill } from '../src/server/badges/backfill.js';
const db = await openPglite();
await migrate(db);
const [club] = await db.query<{ id: string }>(`INSERT INTO clubs (name, slug) VALUES ('B', 'b') RETURNING id`);
await db.query(`WITH p AS (INSERT INTO profiles (full_name) SELECT 'M ' || g FROM generate_series(1, 1000) g RETURNING id) INSERT INTO club_members (club_id, profile_id) SELECT $1, id FROM p`, [club.id]);
await db.query(`INSERT INTO point_events (club_id, profile_id, source, points, reason) SELECT $1, profile_id, 'manual', (random()*200)::int, 'x' FROM club_members`, [club.id]);
for (const [t, f, v] of [['points_total', 'points', 100], ['task_count', 'count', 5], ['badge_count', 'count', 3], ['login_streak', 'days', 7], ['membership_duration', 'days', 365], ['task_perfect', 'count', 2]] as const) {
  await db.query(`INSERT INTO badges (name, description, icon_svg, badge_type, points, auto_criteria) VALUES ($1, 'b', '<svg/>', 'auto', 10, $2::jsonb)`, [`B ${t}`, JSON.stringify({ type: t, [f]: v })]);
}
const [b] = await db.query<{ id: string }>(`SELECT id FROM badges WHERE name = 'B points_total'`);
await enqueueBadgeBackfill(db, b.id);
let t = performance.now();
const n = await runBadgeBackfill(db, { maxBatches: 1 });
console.log(`one batch of 50 members: ${(performance.now() - t).toFixed(0)} ms (${n} awarded)`);
t = performance.now();
const m = await runBadgeBackfill(db, { maxBatches: 1000 });
console.log(`the other 950 members: ${(performance.now() - t).toFixed(0)} ms (${m} awarded)`);
await db.close();
