import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import type { TClub } from '../../shared/clubs.js';
import { CLUB_COLUMNS } from '../clubs/repo.js';

export function updateClubSettings(
  q: Queryable,
  clubId: string,
  s: { name: string; description: string | null; timezone: string; active: boolean },
) {
  return maybeOne<TClub>(
    q,
    `UPDATE clubs AS c SET name = $2, description = $3, timezone = $4, active = $5, updated_at = now()
      WHERE c.id = $1 RETURNING ${CLUB_COLUMNS}`,
    [clubId, s.name, s.description, s.timezone, s.active],
  );
}

export function setLogoUrl(q: Queryable, clubId: string, logoUrl: string | null) {
  return maybeOne<TClub>(
    q,
    `UPDATE clubs AS c SET logo_url = $2, updated_at = now() WHERE c.id = $1 RETURNING ${CLUB_COLUMNS}`,
    [clubId, logoUrl],
  );
}
