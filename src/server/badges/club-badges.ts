import type { Db } from '../db/index.js';
import { BADGE_MSG, criteriaFromJson, criteriaToJson, type TBadge, type TClubBadgeInputOut } from '../../shared/badges.js';
import { badgeIconSvg } from '../../shared/badge-icons.js';
import { notFound } from '../http/errors.js';
import type { ClubAccess } from '../http/access.js';
import { writeAudit } from '../audit/repo.js';
import { enqueueBadgeBackfill } from './backfill.js';
import { isLiveAuto, toBadge } from './service.js';
import * as repo from './repo.js';

/** A club badge's row: its SVG is drawn by the server from the gallery key and colour, never sent by the club. */
function toWrite(input: TClubBadgeInputOut): repo.BadgeWrite {
  return {
    name: input.name,
    description: input.description,
    icon_svg: badgeIconSvg(input.icon_key, input.icon_color),
    icon_key: input.icon_key,
    icon_color: input.icon_color,
    rarity: input.rarity,
    points: input.points,
    active: input.active,
    badge_type: input.badge_type,
    category: input.category,
    auto_criteria: criteriaToJson(input),
  };
}

/** A badge of the club's own (issue 19): only its members can be linked, awarded or see it. */
export async function createClubBadge(db: Db, access: ClubAccess, input: TClubBadgeInputOut): Promise<TBadge> {
  const write = toWrite(input);
  return db.transaction(async (tx) => {
    const id = await repo.insertBadge(tx, write, access.clubId);
    const row = await repo.getBadge(tx, id);
    if (!row) throw notFound(BADGE_MSG.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'badge.create', entity: 'badge', entityId: id, after: write });
    if (isLiveAuto(write)) await enqueueBadgeBackfill(tx, id);
    return toBadge(row);
  });
}

/** Edits (or deactivates, with active = false) one of the club's own badges; another club's is 404. */
export async function updateClubBadge(db: Db, access: ClubAccess, id: string, input: TClubBadgeInputOut): Promise<TBadge> {
  const write = toWrite(input);
  return db.transaction(async (tx) => {
    const before = await repo.getBadge(tx, id);
    if (!before || before.club_id !== access.clubId || !(await repo.updateBadge(tx, id, write))) throw notFound(BADGE_MSG.notFound);
    const row = await repo.getBadge(tx, id);
    if (!row) throw notFound(BADGE_MSG.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'badge.update', entity: 'badge', entityId: id, before, after: write });
    const aimChanged = JSON.stringify(criteriaFromJson(before.auto_criteria)) !== JSON.stringify(criteriaFromJson(write.auto_criteria));
    if (isLiveAuto(write) && (!before.active || before.badge_type !== 'auto' || aimChanged)) await enqueueBadgeBackfill(tx, id);
    return toBadge(row);
  });
}
