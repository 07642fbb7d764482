import type { Db, Queryable } from '../db/index.js';
import { memberAttendance } from '../meetings/report.js';
import { FAMILY_MSG, type TFamilyChild } from '../../shared/families.js';
import { conflict } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { getProfileHead, listEarnedBadges } from '../progress/profile-repo.js';
import { listMemberTasks } from '../progress/repo.js';
import { findGuardianLink, requireGuardianOf } from './access.js';
import * as repo from './repo.js';

const empty = { total_points: 0, ranking: null, badges: [], tasks_done: [], tasks_pending: [], savings_goals: [], has_health_form: false, unit_name: null, can_submit_evidence: false, attendance: null };

/** What a guardian reads of one consented child: progress, badges, tasks, savings goals. */
async function childSummary(q: Queryable, child: repo.LinkedChild): Promise<TFamilyChild> {
  const base = { member_id: child.member_id, club_id: child.club_id, club_name: child.club_name, full_name: child.full_name, relationship: child.relationship, consent: child.consent, child_push_allowed: child.child_push_allowed };
  if (child.consent !== 'granted') return { ...base, ...empty };
  const [head, badges, tasks, goals, health, evidence, attendance] = await Promise.all([
    getProfileHead(q, child.club_id, child.member_id),
    listEarnedBadges(q, child.club_id, child.profile_id),
    listMemberTasks(q, child.club_id, child.profile_id),
    repo.listActiveSavingsGoals(q, child.club_id, child.profile_id),
    repo.hasHealthRecord(q, child.club_id, child.member_id),
    repo.guardianMaySubmit(q, child.club_id, child.profile_id),
    memberAttendance(q, child.club_id, child.member_id),
  ]);
  return {
    ...base,
    unit_name: head?.unit_name ?? null,
    total_points: head?.total_points ?? 0,
    ranking: head?.ranking ?? null,
    badges: badges.map((b) => ({ name: b.name, rarity: b.rarity, awarded_at: b.awarded_at })),
    tasks_done: tasks.filter((t) => t.completions > 0).map((t) => ({ title: t.title, completions: t.completions, points_earned: t.points_earned })),
    tasks_pending: tasks.filter((t) => t.completions === 0 && t.available_now).map((t) => ({ task_id: t.id, title: t.title, type: t.type, status: t.status, due_date: t.due_date })),
    can_submit_evidence: evidence,
    savings_goals: goals,
    has_health_form: health,
    attendance,
  };
}

/** The guardian's home (/familia): each child, read-only. */
export async function listFamily(db: Db, guardianProfileId: string): Promise<TFamilyChild[]> {
  const children = await repo.listLinkedChildren(db, guardianProfileId);
  const out: TFamilyChild[] = [];
  for (const child of children) out.push(await childSummary(db, child));
  return out;
}

/** Withdraws this guardian's consent: the child's data is no longer shown or processed beyond name and unit. */
export async function withdrawConsent(db: Db, guardianProfileId: string, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await findGuardianLink(tx, guardianProfileId, memberId);
    const n = await repo.withdrawConsents(tx, link.clubId, memberId, guardianProfileId);
    if (n === 0) throw conflict('Não há consentimento seu em vigor para retirar.');
    await writeAudit(tx, { clubId: link.clubId, actorId: guardianProfileId, action: 'consent.withdraw', entity: 'member', entityId: memberId });
  });
}

/**
 * Lets (or stops) Trilha push notifications to the child's own devices (issue 36: a minor gets nothing
 * on their phone unless a guardian with consent in force allows it). Audited; idempotent.
 */
export async function setChildPush(db: Db, guardianProfileId: string, memberId: string, allowed: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await requireGuardianOf(tx, guardianProfileId, memberId);
    await repo.setChildPushAllowed(tx, link.guardianId, allowed);
    await writeAudit(tx, { clubId: link.clubId, actorId: guardianProfileId, action: allowed ? 'child_push.allow' : 'child_push.deny', entity: 'member', entityId: memberId });
  });
}

/** Gives consent again (to the club's current text) after a withdrawal. */
export async function grantConsentAgain(db: Db, guardianProfileId: string, memberId: string, version: number, ip: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await findGuardianLink(tx, guardianProfileId, memberId);
    const text = await repo.currentConsentText(tx, link.clubId);
    if (!text) throw conflict(FAMILY_MSG.noConsentText);
    if (text.version !== version) throw conflict('O texto de consentimento mudou. Leia a nova versão e aceite novamente.');
    const consent = await repo.insertConsent(tx, { clubId: link.clubId, memberId, guardianId: link.guardianId, guardianProfileId, consentTextId: text.id, version, ip });
    await writeAudit(tx, { clubId: link.clubId, actorId: guardianProfileId, action: 'consent.grant', entity: 'member_consent', entityId: consent.id, after: { member_id: memberId, version, ip } });
  });
}
