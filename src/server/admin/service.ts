import { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import {
  ADMIN_MSG, REPORT_TIMEZONE, monthLabel,
  type TAdminClub, type TAdminUserList, type TPlatformReport, type ZAdminClubQuery, type ZAdminCreateClub, type ZAdminUpdateClub, type ZAdminUserQuery,
} from '../../shared/admin.js';
import { CLUB_MSG, type TClub } from '../../shared/clubs.js';
import { MSG } from '../../shared/errors.js';
import { toCsv, type CsvCell } from '../csv.js';
import { ZCursorTimestamp, pageOf } from '../db/cursor.js';
import { decodeCursor } from '../core/cursor.js';
import { AppError, PG, badRequest, conflict, forbidden, isPgError, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { deleteSessionsOf } from '../auth/repo.js';
import * as clubsRepo from '../clubs/repo.js';
import { clubCreatedHooks } from '../clubs/hooks.js';
import type { Storage } from '../storage/storage.js';
import * as repo from './repo.js';
import { resumeDuesOfReactivatedClub } from '../charges/dues.js';
import { isUuid } from '../../shared/ids.js';


function slugTakenOr(err: unknown): unknown {
  if (isPgError(err) && err.code === PG.uniqueViolation) return new AppError('slug_taken', 409, CLUB_MSG.slugTaken);
  return err;
}

function clubOf(c: TAdminClub): TClub {
  return {
    id: c.id, name: c.name, slug: c.slug, description: c.description, timezone: c.timezone,
    active: c.active, logo_url: c.logo_url, created_at: c.created_at, updated_at: c.updated_at,
  };
}

async function requireClub(db: Db, clubId: string): Promise<TAdminClub> {
  const club = isUuid(clubId) ? await repo.getAdminClub(db, clubId) : null;
  if (!club) throw notFound(MSG.clubNotFound);
  return club;
}

/**
 * Creates a club on behalf of someone else: the account with admin_email becomes its first admin;
 * the super admin is not made a member.
 */
export async function createClubFor(db: Db, actorId: string, input: z.output<typeof ZAdminCreateClub>): Promise<TAdminClub> {
  try {
    return await db.transaction(async (tx) => {
      const admin = await repo.findAccountByEmail(tx, input.admin_email);
      if (!admin) throw new AppError('admin_account_missing', 422, ADMIN_MSG.adminAccountMissing);
      if (admin.blocked_at) throw new AppError('admin_account_blocked', 422, ADMIN_MSG.adminAccountBlocked);
      const club = await clubsRepo.insertClub(tx, input);
      await clubsRepo.insertMembership(tx, { clubId: club.id, profileId: admin.id, role: 'admin' });
      for (const hook of clubCreatedHooks) await hook(tx, club);
      await writeAudit(tx, {
        clubId: club.id, actorId, action: 'club.create', entity: 'club', entityId: club.id,
        after: { ...club, first_admin: { id: admin.id, email: admin.email } },
      });
      const created = await repo.getAdminClub(tx, club.id);
      if (!created) throw new Error('club vanished inside its own transaction');
      return created;
    });
  } catch (err) {
    throw slugTakenOr(err);
  }
}

/** Edits a club's data or its active flag, audited with before and after. */
export async function updateClub(db: Db, actorId: string, clubId: string, input: z.output<typeof ZAdminUpdateClub>): Promise<TAdminClub> {
  const current = await requireClub(db, clubId);
  if (Object.values(input).every((v) => v === undefined)) return current;
  try {
    return await db.transaction(async (tx) => {
      const before = await repo.lockClub(tx, clubId);
      if (!before) throw notFound(MSG.clubNotFound);
      await repo.updateClub(tx, clubId, input);
      if (input.active === true && !before.active) await resumeDuesOfReactivatedClub(tx, clubId);
      const after = await repo.getAdminClub(tx, clubId);
      if (!after) throw notFound(MSG.clubNotFound);
      const action = input.active !== undefined && input.active !== before.active && Object.keys(input).length === 1
        ? (input.active ? 'club.activate' : 'club.deactivate')
        : 'club.update';
      await writeAudit(tx, { clubId, actorId, action, entity: 'club', entityId: clubId, before: clubOf(before), after: clubOf(after) });
      return after;
    });
  } catch (err) {
    throw slugTakenOr(err);
  }
}

/**
 * Deletes a club and all its data in one transaction, once the typed name matches. The audit row
 * has no club (the club is gone) and keeps the club's id and what it held.
 */
export async function deleteClub(db: Db, storage: Storage, actorId: string, clubId: string, confirmName: string): Promise<void> {
  await requireClub(db, clubId);
  const deleted = await db.transaction(async (tx) => {
    const club = await repo.lockClub(tx, clubId);
    if (!club) throw notFound(MSG.clubNotFound);
    if (confirmName.trim() !== club.name.trim()) throw badRequest(ADMIN_MSG.confirmNameMismatch);
    const files = await repo.clubFileKeys(tx, clubId);
    await repo.deleteClubCascade(tx, clubId);
    await writeAudit(tx, { clubId: null, actorId, action: 'club.delete', entity: 'club', entityId: clubId, before: club });
    const logo = club.logo_url ? storage.keyFromUrl(club.logo_url) : null;
    return logo ? [...files, logo] : files;
  });
  // Files go after the commit: a failed delete must not lose them.
  for (const key of deleted) await storage.remove(key);
}

/** Records that a super admin opened a club in the club screens and returns the club. */
export async function openClubAsAdmin(db: Db, actorId: string, clubId: string): Promise<TClub> {
  const club = await requireClub(db, clubId);
  await writeAudit(db, { clubId, actorId, action: 'club.open_as_admin', entity: 'club', entityId: clubId });
  return clubOf(club);
}

const ZUserCursor = z.tuple([z.boolean(), z.string().max(400), z.uuid()]);
const ZClubCursor = z.tuple([ZCursorTimestamp, z.uuid()]);

export async function searchUsers(db: Db, query: z.output<typeof ZAdminUserQuery>): Promise<TAdminUserList> {
  const after = decodeCursor(query.after, ZUserCursor);
  const { users, total } = await repo.searchUsers(db, query.q, after, query.limit);
  const page = pageOf(users, query.limit, (u) => [u.user_type !== 'super_admin', u.sort_name, u.id]);
  return { users: page.rows.map(({ sort_name: _, ...u }) => u), total, next_cursor: page.next_cursor };
}

/**
 * /superadmin/clubes: platform totals and one page of clubs (newest first), optionally searched by name
 * or slug, as the JSON text of the answer (ZAdminClubList, in its order).
 */
export async function listClubsJson(db: Db, query: z.output<typeof ZAdminClubQuery>): Promise<string> {
  const after = decodeCursor(query.after, ZClubCursor);
  const page = await repo.listClubsPage(db, query.q, after, query.limit);
  const { clubs, active_clubs, members } = page.head;
  return `{"totals":${JSON.stringify({ clubs, active_clubs, members })},"matching":${page.total},"clubs":${page.items},"next_cursor":${JSON.stringify(page.next_cursor)}}`;
}

/** Takes the super admin lock and re-checks, under it, that the actor still is one (a race could have demoted them). */
async function lockAsSuperAdmin(tx: Queryable, actorId: string): Promise<void> {
  await repo.lockSuperAdmins(tx);
  if (!(await repo.isActiveSuperAdmin(tx, actorId))) throw forbidden();
}

async function requireUser(db: Db, profileId: string) {
  const user = isUuid(profileId) ? await repo.getUser(db, profileId) : null;
  if (!user) throw notFound(ADMIN_MSG.userNotFound);
  return user;
}

/** Promotes or demotes; the platform always keeps at least one super admin who can sign in. */
export async function setUserType(db: Db, actorId: string, profileId: string, userType: 'member' | 'super_admin'): Promise<void> {
  await requireUser(db, profileId);
  await db.transaction(async (tx) => {
    await lockAsSuperAdmin(tx, actorId);
    const user = await repo.getUser(tx, profileId);
    if (!user) throw notFound(ADMIN_MSG.userNotFound);
    if (user.user_type === userType) return;
    if (userType === 'member' && !user.blocked_at && (await repo.countOtherActiveSuperAdmins(tx, profileId)) === 0) {
      throw conflict(ADMIN_MSG.lastSuperAdmin);
    }
    await repo.setUserType(tx, profileId, userType);
    await writeAudit(tx, {
      clubId: null, actorId, action: userType === 'super_admin' ? 'profile.promote' : 'profile.demote', entity: 'profile',
      entityId: profileId, before: { user_type: user.user_type }, after: { user_type: userType },
    });
  });
}

/** Blocks (and signs out everywhere at once) or unblocks an account. */
export async function setBlocked(db: Db, actorId: string, profileId: string, blocked: boolean): Promise<void> {
  await requireUser(db, profileId);
  if (blocked && profileId === actorId) throw badRequest(ADMIN_MSG.cannotBlockSelf);
  await db.transaction(async (tx) => {
    await lockAsSuperAdmin(tx, actorId);
    const user = await repo.getUser(tx, profileId);
    if (!user) throw notFound(ADMIN_MSG.userNotFound);
    if (Boolean(user.blocked_at) === blocked) {
      if (blocked) await deleteSessionsOf(tx, profileId);
      return;
    }
    if (blocked && user.user_type === 'super_admin' && (await repo.countOtherActiveSuperAdmins(tx, profileId)) === 0) {
      throw conflict(ADMIN_MSG.lastSuperAdmin);
    }
    await repo.setBlocked(tx, profileId, blocked);
    if (blocked) await deleteSessionsOf(tx, profileId);
    await writeAudit(tx, {
      clubId: null, actorId, action: blocked ? 'profile.block' : 'profile.unblock', entity: 'profile', entityId: profileId,
      before: { blocked_at: user.blocked_at }, after: { blocked },
    });
  });
}

export async function platformReport(db: Db, months: number): Promise<TPlatformReport> {
  const rows = await repo.monthlyReport(db, months, REPORT_TIMEZONE);
  const active = await repo.activeMembers30d(db);
  const byClub = await repo.activeMembersByClub(db, 10);
  return { months: rows, active_members_30d: active, active_members_by_club: byClub, generated_at: new Date().toISOString() };
}

/** The report as CSV (semicolon-separated, as spreadsheets in pt-BR expect). */
export function reportCsv(report: TPlatformReport): string {
  const rows: CsvCell[][] = [
    ['Mês', 'Novos clubes', 'Novos usuários', 'Tarefas concluídas'],
    ...report.months.map((m) => [monthLabel(m.month), m.new_clubs, m.new_users, m.tasks_completed]),
    [],
    ['Membros ativos nos últimos 30 dias', report.active_members_30d],
    [],
    ['Clube', 'Membros ativos (30 dias)'],
    ...report.active_members_by_club.map((c) => [c.club_name, c.active_members]),
  ];
  return toCsv(rows);
}
