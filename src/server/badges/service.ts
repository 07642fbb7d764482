import type { Db } from '../db/index.js';
import { BADGE_MSG, criteriaFromJson, criteriaToJson, type TBadge, type TBadgeInputOut } from '../../shared/badges.js';
import { PROGRESS_MSG } from '../../shared/progress.js';
import { AppError, badRequest, conflict, isInUse, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import * as progressRepo from '../progress/repo.js';
import { awardAfterEvent, grantBadge } from './engine.js';
import { enqueueBadgeBackfill } from './backfill.js';
import { sanitizeSvg } from './sanitize.js';
import { assertCatalogueCriteria } from './programme-criteria.js';
import { withServedIcon } from './icon.js';
import * as repo from './repo.js';

/** A badge as the API returns it: icon as stored once sanitised (a legacy row's cleaned now), criteria as {type, value}. */
export function toBadge(row: repo.BadgeDbRow): TBadge {
  return { ...withServedIcon(row), auto_criteria: criteriaFromJson(row.auto_criteria) };
}

function toWrite(input: TBadgeInputOut): repo.BadgeWrite {
  const icon = sanitizeSvg(input.icon_svg);
  if (!icon) throw badRequest(BADGE_MSG.iconInvalid);
  return {
    name: input.name,
    description: input.description,
    icon_svg: icon,
    rarity: input.rarity,
    points: input.points,
    active: input.active,
    badge_type: input.badge_type,
    category: input.category,
    auto_criteria: criteriaToJson(input),
  };
}

/** An automatic badge that can be earned right now. */
export function isLiveAuto(write: repo.BadgeWrite): boolean {
  return write.active && write.badge_type === 'auto' && write.auto_criteria !== null;
}

/** Whose badge is saved: the platform's (club null) or one club's; the audit line names the actor. */
export interface BadgeOwner {
  clubId: string | null;
  actorId: string;
}

/**
 * Saves a new badge of the platform or of a club, the one way for both: audited in the same
 * transaction, and an active automatic badge is handed to the members who already qualify (backfill).
 */
export async function createOwnedBadge(db: Db, owner: BadgeOwner, write: repo.BadgeWrite): Promise<TBadge> {
  return db.transaction(async (tx) => {
    await assertCatalogueCriteria(tx, write.auto_criteria);
    const id = await repo.insertBadge(tx, write, owner.clubId);
    const row = await repo.getBadge(tx, id);
    if (!row) throw notFound(BADGE_MSG.notFound);
    await writeAudit(tx, { clubId: owner.clubId, actorId: owner.actorId, action: 'badge.create', entity: 'badge', entityId: id, after: write });
    if (isLiveAuto(write)) await enqueueBadgeBackfill(tx, id);
    return toBadge(row);
  });
}

/**
 * Edits a badge of this owner (another club's, or a club's from the platform area, is 404), audited;
 * activated, turned automatic, or given a new criterion, it is handed to members who already qualify.
 */
export async function updateOwnedBadge(db: Db, owner: BadgeOwner, id: string, write: repo.BadgeWrite): Promise<TBadge> {
  return db.transaction(async (tx) => {
    await assertCatalogueCriteria(tx, write.auto_criteria);
    const before = await repo.getBadge(tx, id);
    if (!before || before.club_id !== owner.clubId || !(await repo.updateBadge(tx, id, write))) throw notFound(BADGE_MSG.notFound);
    const row = await repo.getBadge(tx, id);
    if (!row) throw notFound(BADGE_MSG.notFound);
    await writeAudit(tx, { clubId: owner.clubId, actorId: owner.actorId, action: 'badge.update', entity: 'badge', entityId: id, before, after: write });
    const aimChanged = JSON.stringify(criteriaFromJson(before.auto_criteria)) !== JSON.stringify(criteriaFromJson(write.auto_criteria));
    if (isLiveAuto(write) && (!before.active || before.badge_type !== 'auto' || aimChanged)) await enqueueBadgeBackfill(tx, id);
    return toBadge(row);
  });
}

/** A platform badge (super admin): its SVG sanitised. */
export function createBadge(db: Db, actorId: string, input: TBadgeInputOut): Promise<TBadge> {
  return createOwnedBadge(db, { clubId: null, actorId }, toWrite(input));
}

/** A platform badge; a club's own badge is edited by that club only (issue 19). */
export function updateBadge(db: Db, actorId: string, id: string, input: TBadgeInputOut): Promise<TBadge> {
  return updateOwnedBadge(db, { clubId: null, actorId }, id, toWrite(input));
}

/** Deleting a badge that members hold or tasks link is refused (spec 8 text). */
export async function deleteBadge(db: Db, actorId: string, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const before = await repo.getBadge(tx, id);
      if (!before || before.club_id !== null || !(await repo.deleteBadge(tx, id))) throw notFound(BADGE_MSG.notFound);
      await writeAudit(tx, { clubId: null, actorId, action: 'badge.delete', entity: 'badge', entityId: id, before });
    });
  } catch (err) {
    if (isInUse(err)) throw new AppError('in_use', 409, BADGE_MSG.inUse);
    throw err;
  }
}

/** An admin grants a manual badge to a member of their club (once; XP to the ledger; audited). */
export async function grantManualBadge(db: Db, access: ClubAccess, memberId: string, badgeId: string) {
  return db.transaction(async (tx) => {
    const member = await progressRepo.findMember(tx, access.clubId, memberId);
    if (!member) throw notFound(PROGRESS_MSG.memberNotFound);
    await progressRepo.lockMember(tx, access.clubId, member.profile_id);
    const badge = await repo.getBadge(tx, badgeId);
    // Another club's own badge does not exist for this club (issue 19).
    if (!badge || (badge.club_id !== null && badge.club_id !== access.clubId)) throw notFound(BADGE_MSG.notFound);
    if (!badge.active) throw badRequest(BADGE_MSG.inactive);
    if (badge.badge_type !== 'manual') throw badRequest(BADGE_MSG.notManual);
    const got = await grantBadge(tx, { clubId: access.clubId, profileId: member.profile_id, badge, awardedBy: access.profileId });
    if (!got) throw conflict(BADGE_MSG.alreadyHas);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'badge.grant', entity: 'member_badge', entityId: badge.id, after: { profile_id: member.profile_id, badge_id: badge.id } });
    const more = await awardAfterEvent(tx, access.clubId, member.profile_id);
    return { badges_awarded: [got, ...more] };
  });
}
