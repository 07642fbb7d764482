import { z } from 'zod';
import { one, type Queryable } from '../db/index.js';
import { ZCursorTimestamp, pageOf } from '../db/cursor.js';
import { decodeCursor } from '../core/cursor.js';
import { AUDIT_COUNT_CAP, auditActionLabel, AUDIT_SYSTEM_ACTOR, type TAuditEntry } from '../../shared/audit.js';
import { auditSummary } from './summary.js';

/**
 * Reading audit_log, newest first (at DESC, id DESC), keyset on that order: page 100 costs what page
 * 1 costs, and lines written while someone pages neither repeat nor shift what they already have.
 */
export interface AuditFilter {
  clubId: string | null;
  /** A whole action ('transaction.delete') or a domain ('transaction'). */
  action: string | null;
  actorId: string | null;
  from: string | null;
  to: string | null;
  /** The days of from/to are counted in this time zone. */
  timezone: string;
}

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

interface Row {
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

const ZAuditCursor = z.tuple([ZCursorTimestamp, z.uuid()]);

export interface AuditPage<E> {
  entries: E[];
  total: number;
  total_capped: boolean;
  next_cursor: string | null;
}

/** One page of entries with the filters' total; a forged cursor is a pt-BR 400. */
export async function listAudit(q: Queryable, f: AuditFilter, cursor: string | undefined, limit: number): Promise<AuditPage<TAuditEntry & { club_id: string | null; club_name: string | null }>> {
  const after = decodeCursor(cursor, ZAuditCursor);
  const domain = f.action ? (f.action.split('.')[0] ?? null) : null;
  const exact = f.action?.includes('.') ? f.action : null;
  const params = [f.clubId, domain, exact, f.actorId, f.from, f.to, f.timezone];
  // The log only grows: counting all of it would make every page cost the whole log. Counting stops
  // one past the cap, so the screens say 'mais de 10.000' and a page stays an index range scan.
  const total = await one<{ n: number }>(
    q, `SELECT count(*)::int AS n FROM (SELECT 1 FROM audit_log a WHERE ${FILTER} LIMIT ${AUDIT_COUNT_CAP + 1}) counted`, params);
  // Health forms never leave the database through this list: their before/after are not even read.
  const rows = await q.query<Row>(
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
    [...params, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
  );
  const page = pageOf(rows, limit, (r) => [r.sort_at, r.id]);
  return {
    total: Math.min(total.n, AUDIT_COUNT_CAP),
    total_capped: total.n > AUDIT_COUNT_CAP,
    next_cursor: page.next_cursor,
    entries: page.rows.map((r) => ({
      id: r.id,
      at: r.at,
      action: r.action,
      action_label: auditActionLabel(r.action),
      entity: r.entity,
      entity_id: r.entity_id,
      actor_id: r.actor_id,
      actor_name: r.actor_name ?? AUDIT_SYSTEM_ACTOR,
      // Dates inside a line read as the club lives them, on the platform's log too.
      summary: auditSummary(r.action, r.before, r.after, r.club_timezone ?? f.timezone),
      club_id: r.club_id,
      club_name: r.club_name,
    })),
  };
}
