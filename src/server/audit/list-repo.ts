import { one, type Queryable } from '../db/index.js';

/**
 * $1 club, $2 domain, $3 exact action, $4 actor, $5 from, $6 to, $7 time zone. The domain is the
 * expression the indexes hold, so an action filter is a range scan too (migration 0350).
 */
const FILTER = `($1::uuid IS NULL OR a.club_id = $1::uuid)
  AND ($2::text IS NULL OR split_part(a.action, '.', 1) = $2::text)
  AND ($3::text IS NULL OR a.action = $3::text)
  AND ($4::uuid IS NULL OR a.actor_id = $4::uuid)
  AND ($5::date IS NULL OR a.at >= ($5::date)::timestamp AT TIME ZONE $7::text)
  AND ($6::date IS NULL OR a.at < ($6::date + 1)::timestamp AT TIME ZONE $7::text)`;

export interface AuditRow {
  id: string;
  at: string;
  sort_at: string;
  action: string;
  entity: string;
  entity_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  before: unknown;
  after: unknown;
  club_id: string | null;
  club_name: string | null;
  club_timezone: string | null;
}

/** $1–$7 the filter's parameters: how many lines match, counting stops one past `cap`. */
export async function countAudit(q: Queryable, params: unknown[], cap: number): Promise<number> {
  const total = await one<{ n: number }>(
    q, `SELECT count(*)::int AS n FROM (SELECT 1 FROM audit_log a WHERE ${FILTER} LIMIT ${cap + 1}) counted`, params);
  return total.n;
}

/**
 * One page of matching lines after the keyset (at, id), newest first, `limit` of them. Health forms'
 * before/after are not even read.
 */
export function listAuditPage(q: Queryable, params: unknown[], after: readonly [string, string] | null, limit: number) {
  return q.query<AuditRow>(
    `WITH page AS (
       SELECT a.id FROM audit_log a
        WHERE ${FILTER}
          AND ($8::timestamptz IS NULL OR (a.at, a.id) < ($8::timestamptz, $9::uuid))
        ORDER BY a.at DESC, a.id DESC
        LIMIT $10
     )
     SELECT a.id, a.at, a.at::text AS sort_at, a.action, a.entity, a.entity_id, a.actor_id, p.full_name AS actor_name,
            CASE WHEN split_part(a.action, '.', 1) = 'health' THEN NULL ELSE a.before END AS before,
            CASE WHEN split_part(a.action, '.', 1) = 'health' THEN NULL ELSE a.after END AS after,
            a.club_id, c.name AS club_name, c.timezone AS club_timezone
       FROM page JOIN audit_log a ON a.id = page.id
       LEFT JOIN profiles p ON p.id = a.actor_id
       LEFT JOIN clubs c ON c.id = a.club_id
      ORDER BY a.at DESC, a.id DESC`,
    [...params, after?.[0] ?? null, after?.[1] ?? null, limit],
  );
}
