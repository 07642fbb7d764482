import type { Db, Queryable } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { conflict, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { enqueueMail } from '../mail/queue.js';
import { regionalShareMail } from '../mail/templates.js';
import { periodLabel } from '../../shared/associacao-reports.js';
import { REGIONAL_MSG, type TRegionalClub, type TRegionalShare, type TRegionalView } from '../../shared/associacao-regional.js';
import { readinessCounts } from './service.js';
import { evaluationScores, groupByClub } from './evaluation.js';
import { missingPosts } from './diretoria.js';
import { currentPostsOfClubs } from './diretoria-repo.js';
import { listReportStatusOfClubs } from './report-repo.js';
import * as repo from './regional-repo.js';

/** Where the e-mail sends the coordinator: built from PUBLIC_URL, never from the request's Host. */
export const REGIONAL_PATH = '/dashboard/regional';

export function listShares(db: Queryable, clubId: string): Promise<TRegionalShare[]> {
  return repo.listShares(db, clubId);
}

/**
 * The club's consent to show its counts to a regional coordinator: audited with who consented, and an
 * e-mail with the link. The answer is the same whether the e-mail has an account or not.
 */
export async function addShare(db: Db, access: ClubAccess, email: string, publicUrl: string): Promise<TRegionalShare> {
  return db.transaction(async (tx) => {
    const share = await repo.insertShare(tx, access.clubId, email, access.profileId);
    if (!share) throw conflict(REGIONAL_MSG.exists);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.regional_share', entity: 'regional_share', entityId: share.id, after: { email } });
    await enqueueMail(tx, { to: email, ...regionalShareMail(await repo.clubName(tx, access.clubId), `${publicUrl}${REGIONAL_PATH}`) });
    return share;
  });
}

/** Ends a share: from the next request on, the coordinator no longer sees the club. */
export async function revokeShare(db: Db, access: ClubAccess, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const email = await repo.revokeShare(tx, access.clubId, id, access.profileId);
    if (email === null) throw notFound(REGIONAL_MSG.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.regional_revoke', entity: 'regional_share', entityId: id, before: { email } });
  });
}

/**
 * Each club side by side, counts only: a fixed handful of statements for any number of clubs (readiness,
 * the posts in force, the reports, the evaluation's score); never a member row in the answer.
 */
async function buildClubs(db: Queryable, clubs: Array<{ club_id: string; club_name: string }>): Promise<TRegionalClub[]> {
  const ids = clubs.map((c) => c.club_id);
  const readiness = await readinessCounts(db, ids);
  const posts = groupByClub(await currentPostsOfClubs(db, ids));
  // The reports of the club's calendar year (its today is the deadline less the days left).
  const years = [...readiness].map(([clubId, r]) => ({ clubId, year: new Date(Date.parse(`${r.deadline}T00:00:00Z`) - r.days_left * 86_400_000).getUTCFullYear() }));
  const reports = groupByClub(await listReportStatusOfClubs(db, years));
  // The evaluation's score per club: one statement per kind of proof for all the clubs, less the reports
  // just read and the SGC counts where the registration's year is the evaluation's (1 January to the deadline).
  const scores = await evaluationScores(db, years, { reports, readiness });
  return clubs.flatMap((c) => {
    const r = readiness.get(c.club_id);
    if (!r) return [];
    return [{
      club_id: c.club_id,
      club_name: c.club_name,
      readiness: r,
      diretoria_missing: missingPosts(posts.get(c.club_id) ?? []),
      reports: (reports.get(c.club_id) ?? []).map((x) => ({
        period_kind: x.period_kind, year: x.year, month: x.month, label: periodLabel(x.period_kind, x.year, x.month), status: x.status, closed_at: x.closed_at,
      })),
      evaluation: scores.get(c.club_id) ?? null,
    }];
  });
}

/** The coordinator's view: every club shared with the account's verified e-mail. */
export async function regionalView(db: Queryable, profileId: string): Promise<TRegionalView> {
  const verified = await repo.emailVerified(db, profileId);
  if (!verified) return { email_verified: false, clubs: [] };
  return { email_verified: true, clubs: await buildClubs(db, await repo.sharedClubs(db, profileId)) };
}

/** One shared club; a club not shared with this account answers 404, like any club of another. */
export async function regionalClub(db: Queryable, profileId: string, clubId: string): Promise<TRegionalClub> {
  const [club] = await buildClubs(db, await repo.sharedClubs(db, profileId, clubId));
  if (!club) throw notFound(REGIONAL_MSG.clubNotFound);
  return club;
}

/** The key's version of the coordinator's kept view (regional-repo `viewVersion`). */
export function viewVersion(db: Queryable, profileId: string): Promise<string> {
  return repo.viewVersion(db, profileId);
}

/** How long the coordinator's view holds for unchanged data: until a shared club's next day, else a day. */
export async function viewUnchangedForMs(db: Queryable, profileId: string): Promise<number> {
  return (await repo.viewUnchangedForMs(db, profileId)) ?? 86_400_000;
}

/** Whether the menu shows 'Visão regional': how many clubs the account sees. */
export async function regionalSummary(db: Queryable, profileId: string): Promise<{ email_verified: boolean; clubs: number }> {
  const verified = await repo.emailVerified(db, profileId);
  return { email_verified: verified, clubs: verified ? (await repo.sharedClubs(db, profileId)).length : 0 };
}
