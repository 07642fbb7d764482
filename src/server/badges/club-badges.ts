import type { Db } from '../db/index.js';
import { criteriaToJson, type TBadge, type TClubBadgeInputOut } from '../../shared/badges.js';
import { badgeIconSvg } from '../../shared/badge-icons.js';
import type { ClubAccess } from '../core/access.js';
import { createOwnedBadge, updateOwnedBadge } from './service.js';
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
export function createClubBadge(db: Db, access: ClubAccess, input: TClubBadgeInputOut): Promise<TBadge> {
  return createOwnedBadge(db, { clubId: access.clubId, actorId: access.profileId }, toWrite(input));
}

/** Edits (or deactivates, with active = false) one of the club's own badges; another club's is 404. */
export function updateClubBadge(db: Db, access: ClubAccess, id: string, input: TClubBadgeInputOut): Promise<TBadge> {
  return updateOwnedBadge(db, { clubId: access.clubId, actorId: access.profileId }, id, toWrite(input));
}
