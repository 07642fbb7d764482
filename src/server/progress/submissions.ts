import type { Db, Queryable } from '../db/index.js';
import { PROGRESS_MSG, type TCompletionResult, type TSubmissionInfo } from '../../shared/progress.js';
import { badRequest, conflict, forbidden, notFound } from '../core/errors.js';
import { canManageUnit, scopeOf, type ClubAccess } from '../core/access.js';
import { assertMemberInReach } from './service.js';
import type { Storage } from '../storage/storage.js';
import { writeAudit } from '../audit/repo.js';
import { awardAfterEvent, awardTaskBadges } from '../badges/engine.js';
import { appendPointEvent } from './ledger-repo.js';
import * as repo from './repo.js';
import { guardiansOf, notify } from '../notifications/notify.js';
import { assertCompletionAllowed } from './completion-rule.js';
import { loadEvidence, withStoredEvidence, type EvidenceFile, type StoredEvidence } from '../storage/evidence.js';

/** A task's evidence from an upload: the file and the `comment` field. */
export function evidenceOf(form: { file: EvidenceFile | null; fields: Record<string, string> }): { file: EvidenceFile | null; comment: string | null } {
  return { file: form.file, comment: form.fields.comment ?? null };
}

/**
 * A member sends evidence for a submission task; it waits for an admin's decision. `inTransaction` runs
 * last, in the submission's own transaction (the guardian's audit line): if it fails, nothing is kept.
 */
export async function submitEvidence(
  db: Db, storage: Storage, access: ClubAccess, taskId: string, { file, comment }: { file: EvidenceFile | null; comment: string | null },
  inTransaction?: (tx: Queryable, submission: TSubmissionInfo) => Promise<unknown>,
): Promise<TSubmissionInfo> {
  return withStoredEvidence(storage, access.clubId, file, async (stored) => {
    const evidence = stored as StoredEvidence;
    return db.transaction(async (tx) => {
      const member = await repo.lockMember(tx, access.clubId, access.profileId);
      if (!member) throw notFound(PROGRESS_MSG.memberNotFound);
      const task = await repo.getTask(tx, access.clubId, taskId);
      if (!task) throw notFound(PROGRESS_MSG.taskNotFound);
      if (task.type !== 'submission') throw badRequest(PROGRESS_MSG.wrongFlow);
      await assertCompletionAllowed(tx, { access, target: { profileId: access.profileId, onBehalf: false }, task, path: 'submit' });
      const assignment = await repo.ensureAssignment(tx, access.clubId, task.id, access.profileId);
      if (assignment.status === 'submitted') throw conflict(PROGRESS_MSG.awaitingApproval);
      if (assignment.status === 'approved' || assignment.status === 'completed') throw conflict(PROGRESS_MSG.alreadyCompleted);
      const submission = await repo.insertSubmission(tx, {
        clubId: access.clubId, assignmentId: assignment.id, taskId: task.id, profileId: access.profileId,
        comment: comment?.trim() ? comment.trim().slice(0, 2000) : null, key: evidence.key, name: evidence.name, mime: evidence.mime, size: evidence.size,
      });
      await repo.setAssignmentStatus(tx, assignment.id, 'submitted', false);
      await inTransaction?.(tx, submission);
      return submission;
    });
  }, { required: true });
}

/** Approves a waiting submission: points and linked badges to the member, decision in audit_log. */
export async function approveSubmission(db: Db, access: ClubAccess, submissionId: string): Promise<TCompletionResult> {
  return db.transaction(async (tx) => {
    const peek = await repo.getSubmission(tx, access.clubId, submissionId);
    if (!peek) throw notFound();
    // A counsellor reviews only the members of their own unit (issue 14).
    await assertMemberInReach(tx, access, peek.profile_id, 'submissions.review');
    // Member lock first, then the submission: the same order as the member's own requests.
    await repo.lockMember(tx, access.clubId, peek.profile_id);
    const sub = await repo.lockSubmission(tx, access.clubId, submissionId);
    if (!sub || sub.status !== 'submitted') throw conflict(PROGRESS_MSG.submissionNotWaiting);
    const task = await repo.getTask(tx, access.clubId, sub.task_id);
    if (!task) throw notFound(PROGRESS_MSG.taskNotFound);
    await assertCompletionAllowed(tx, { access, target: { profileId: sub.profile_id, onBehalf: true }, task, path: 'approve' });
    await repo.reviewSubmission(tx, sub.id, { status: 'approved', reviewerId: access.profileId, reason: null });
    await repo.insertCompletion(tx, { clubId: access.clubId, taskId: task.id, profileId: sub.profile_id, assignmentId: sub.assignment_id, points: task.points, recordedBy: access.profileId });
    await repo.setAssignmentStatus(tx, sub.assignment_id, 'approved', true);
    if (task.points > 0) {
      await appendPointEvent(tx, { clubId: access.clubId, profileId: sub.profile_id, source: 'submission_approval', points: task.points, taskId: task.id, createdBy: access.profileId });
    }
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'submission.approve', entity: 'task_submission', entityId: sub.id, before: { status: 'submitted' }, after: { status: 'approved', points: task.points, profile_id: sub.profile_id, task_id: task.id } });
    await notify(tx, {
      clubId: access.clubId, to: [sub.profile_id], category: 'achievements', kind: 'submission.approved', link: '/dashboard/minhas-tarefas',
      title: `Envio aprovado: ${task.title}`, body: task.points > 0 ? `Você ganhou ${task.points} pontos.` : 'Sua tarefa foi aprovada.',
    });
    // Guardians receive what concerns their child: the approval, in the 'family' category.
    const guardians = await guardiansOf(tx, access.clubId, sub.profile_id);
    if (guardians.length > 0) {
      const kidName = await repo.getProfileName(tx, sub.profile_id);
      await notify(tx, {
        clubId: access.clubId, to: guardians, category: 'family', kind: 'submission.approved', link: '/familia',
        title: `${kidName ?? 'Sua família'}: envio aprovado (${task.title})`, body: task.points > 0 ? `${task.points} pontos na trilha.` : 'Tarefa aprovada.',
      });
    }
    const badges = [...(await awardTaskBadges(tx, access.clubId, sub.profile_id, task.id)), ...(await awardAfterEvent(tx, access.clubId, sub.profile_id))];
    return { status: 'approved', points_awarded: task.points, correct_count: null, question_count: null, badges_awarded: badges };
  });
}

/** Rejects a waiting submission with a reason the member sees; they may send new evidence. */
export async function rejectSubmission(db: Db, access: ClubAccess, submissionId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const sub = await repo.lockSubmission(tx, access.clubId, submissionId);
    if (!sub) throw notFound();
    await assertMemberInReach(tx, access, sub.profile_id, 'submissions.review');
    // Judging one's own evidence either way is for someone else (issue 43): approving is refused by the completion rule.
    if (sub.profile_id === access.profileId) throw forbidden(PROGRESS_MSG.cannotRejectOwn);
    if (sub.status !== 'submitted') throw conflict(PROGRESS_MSG.submissionNotWaiting);
    await repo.reviewSubmission(tx, sub.id, { status: 'rejected', reviewerId: access.profileId, reason });
    await repo.setAssignmentStatus(tx, sub.assignment_id, 'rejected', false);
    const task = await repo.getTask(tx, access.clubId, sub.task_id);
    await notify(tx, {
      clubId: access.clubId, to: [sub.profile_id], category: 'achievements', kind: 'submission.rejected', link: '/dashboard/minhas-tarefas',
      title: `Envio não aprovado: ${task?.title ?? 'tarefa'}`, body: `Motivo: ${reason}. Você pode enviar de novo.`,
    });
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'submission.reject', entity: 'task_submission', entityId: sub.id, before: { status: 'submitted' }, after: { status: 'rejected', reason, profile_id: sub.profile_id, task_id: sub.task_id } });
  });
}

/** The evidence bytes, for the member who sent it or whoever may review it (a counsellor: their unit). */
export async function readEvidence(db: Db, storage: Storage, access: ClubAccess, submissionId: string) {
  const sub = await repo.getSubmission(db, access.clubId, submissionId);
  if (!sub) throw notFound();
  if (sub.profile_id !== access.profileId && scopeOf(access, 'submissions.review') !== 'club') {
    const sender = await repo.findMember(db, access.clubId, sub.profile_id);
    if (!canManageUnit(access, sender?.unit_id ?? null, 'submissions.review')) throw notFound();
  }
  return loadEvidence(storage, { key: sub.evidence_key, mime: sub.evidence_mime, name: sub.evidence_name });
}
