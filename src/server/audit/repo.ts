import type { Queryable } from '../db/index.js';

export interface AuditEntry {
  clubId: string | null;
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Appends one line to audit_log, inside the caller's transaction when given one. */
export async function writeAudit(q: Queryable, e: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.clubId, e.actorId, e.action, e.entity, e.entityId ?? null,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after)],
  );
}
