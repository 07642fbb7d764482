import { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { ZCursorTimestamp, pageOf } from '../db/cursor.js';
import { decodeCursor } from '../core/cursor.js';
import { AUDIT_COUNT_CAP, auditActionLabel, AUDIT_SYSTEM_ACTOR, type TAuditEntry } from '../../shared/audit.js';
import { auditSummary } from './summary.js';
import * as listRepo from './list-repo.js';

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
  const total = await listRepo.countAudit(q, params, AUDIT_COUNT_CAP);
  // Health forms never leave the database through this list: their before/after are not even read.
  const rows = await listRepo.listAuditPage(q, params, after ?? null, limit + 1);
  const page = pageOf(rows, limit, (r) => [r.sort_at, r.id]);
  return {
    total: Math.min(total, AUDIT_COUNT_CAP),
    total_capped: total > AUDIT_COUNT_CAP,
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
