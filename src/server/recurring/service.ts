import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { RECURRING_MSG, type TRecurringTask, type TRecurringValues } from '../../shared/recurring.js';
import * as repo from './repo.js';
import { generateRecurringInstances } from './engine.js';
import { nextOccurrence, occurrencesAfter } from './schedule.js';
import { isUuid } from '../../shared/ids.js';

const requireId = (id: string) => {
  if (!isUuid(id)) throw notFound(RECURRING_MSG.notFound);
  return id;
};

/** The next start the engine waits for: the first occurrence after the cursor (possibly already due). */
function firstPending(v: TRecurringValues, timeZone: string, after: string | null): Date | null {
  if (!v.active) return null;
  const first = occurrencesAfter(v, timeZone, after ? new Date(after) : null).next();
  return first.done ? null : first.value;
}

const later = (a: string | null, b: string | null) => (!a ? b : !b ? a : a > b ? a : b);

export function listRecurring(db: Db, access: ClubAccess): Promise<TRecurringTask[]> {
  return repo.listRecurring(db, access.clubId);
}

async function reload(db: Db, clubId: string, id: string): Promise<TRecurringTask> {
  const rt = await repo.getRecurring(db, clubId, id);
  if (!rt) throw notFound(RECURRING_MSG.notFound);
  return rt;
}

/** Runs the engine for one recurring task; a failure is logged, never shown (spec 4). */
async function generateQuietly(db: Db, id: string, log: FastifyBaseLogger): Promise<void> {
  try {
    await generateRecurringInstances(db, { recurringTaskId: id });
  } catch (err) {
    log.error({ err, recurringTaskId: id }, 'recurring generation after save failed');
  }
}

/** Creates a recurring task, then generates its due occurrences straight away. */
export async function createRecurring(db: Db, access: ClubAccess, input: TRecurringValues, log: FastifyBaseLogger): Promise<TRecurringTask> {
  const id = await db.transaction(async (tx) => {
    const tz = await repo.clubTimezone(tx, access.clubId);
    const newId = await repo.insertRecurring(tx, access.clubId, input, firstPending(input, tz, null));
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'recurring_task.create', entity: 'recurring_task', entityId: newId, after: input });
    return newId;
  });
  await generateQuietly(db, id, log);
  return reload(db, access.clubId, id);
}

export async function updateRecurring(db: Db, access: ClubAccess, id: string, input: TRecurringValues, log: FastifyBaseLogger): Promise<TRecurringTask> {
  requireId(id);
  await db.transaction(async (tx) => {
    const before = await repo.lockRecurring(tx, access.clubId, id);
    if (!before) throw notFound(RECURRING_MSG.notFound);
    // Switching it back on does not back-fill what was skipped while it was off.
    const resumeFrom = input.active && !before.active ? new Date().toISOString() : before.resume_from;
    const next = firstPending(input, before.timezone, later(before.last_generated_date, resumeFrom));
    await repo.updateRecurring(tx, access.clubId, id, input, next, resumeFrom);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'recurring_task.update', entity: 'recurring_task', entityId: id, before, after: input });
  });
  await generateQuietly(db, id, log);
  return reload(db, access.clubId, id);
}

/** Activates or deactivates from the card. An inactive recurring task generates nothing. */
export async function setRecurringActive(db: Db, access: ClubAccess, id: string, active: boolean): Promise<TRecurringTask> {
  requireId(id);
  await db.transaction(async (tx) => {
    const rt = await repo.lockRecurring(tx, access.clubId, id);
    if (!rt) throw notFound(RECURRING_MSG.notFound);
    if (rt.active === active) return;
    const now = new Date();
    const resumeFrom = active ? now.toISOString() : rt.resume_from;
    const from = later(rt.last_generated_date, resumeFrom);
    const next = active ? nextOccurrence(rt, rt.timezone, from && new Date(from) > now ? new Date(from) : now) : null;
    await repo.setActive(tx, access.clubId, id, active, next, resumeFrom);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: active ? 'recurring_task.activate' : 'recurring_task.deactivate', entity: 'recurring_task', entityId: id });
  });
  return reload(db, access.clubId, id);
}

/** Deletes the recurring task; the tasks it already generated stay (their link becomes null). */
export async function deleteRecurring(db: Db, access: ClubAccess, id: string): Promise<void> {
  requireId(id);
  await db.transaction(async (tx) => {
    const before = await repo.lockRecurring(tx, access.clubId, id);
    if (!before) throw notFound(RECURRING_MSG.notFound);
    await repo.deleteRecurring(tx, access.clubId, id);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'recurring_task.delete', entity: 'recurring_task', entityId: id, before });
  });
}

/** 'Gerar Instâncias Agora': every active recurring task of the club, now. */
export function generateForClub(db: Db, access: ClubAccess) {
  return generateRecurringInstances(db, { clubId: access.clubId });
}
