import type { z } from 'zod';
import type { Db } from '../db/index.js';
import { BATCH_MSG, type TPointBatchResult, type ZPointBatch } from '../../shared/point-batches.js';
import { AppError, conflict, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import { notify } from '../notifications/notify.js';
import { awardAutomaticBadges, awardRankingBadges } from '../badges/engine.js';
import { appendPointEvents, appendReversals, netLines } from './ledger-repo.js';
import * as batchRepo from './batch-repo.js';

/**
 * 'Pontuar vários': the same manual points and reason for many members, all or nothing. One ledger
 * line per member (with the unit each belongs to now), one batch row, one audit entry.
 */
export async function scoreMany(db: Db, access: ClubAccess, input: z.output<typeof ZPointBatch>): Promise<TPointBatchResult> {
  const ids = [...new Set(input.profile_ids.map((id) => id.toLowerCase()))];
  // Nobody scores for themselves, in a batch either (issue 21).
  if (ids.includes(access.profileId)) throw new AppError('self_adjustment', 403, BATCH_MSG.selfIncluded);
  return db.transaction(async (tx) => {
    const found = await batchRepo.lockActiveMembers(tx, access.clubId, ids);
    if (found.length !== ids.length) {
      const known = new Set(found.map((m) => m.profile_id));
      throw new AppError('not_found', 404, BATCH_MSG.membersNotFound, { profile_ids: ids.filter((id) => !known.has(id)) });
    }
    const batch = await batchRepo.insertPointBatch(tx, { clubId: access.clubId, points: input.points, reason: input.reason, memberCount: ids.length, createdBy: access.profileId });
    await appendPointEvents(tx, ids.map((profileId) => ({
      clubId: access.clubId, profileId, source: 'manual' as const, points: input.points, reason: input.reason, createdBy: access.profileId, batchId: batch.id,
    })));
    await writeAudit(tx, {
      clubId: access.clubId, actorId: access.profileId, action: 'points.batch', entity: 'point_batch', entityId: batch.id,
      after: { profile_ids: ids, points: input.points, reason: input.reason },
    });
    const plural = Math.abs(input.points) === 1 ? 'ponto' : 'pontos';
    await notify(tx, {
      clubId: access.clubId, to: ids, category: 'achievements', kind: 'points.batch', link: '/dashboard/perfil',
      title: input.points >= 0 ? `Você ganhou ${input.points} ${plural}` : `Você perdeu ${Math.abs(input.points)} ${plural}`,
      body: `Motivo: ${input.reason}`,
    });
    let badges = 0;
    for (const id of ids) badges += (await awardAutomaticBadges(tx, access.clubId, id)).length;
    for (const got of (await awardRankingBadges(tx, access.clubId)).values()) badges += got.length;
    return { batch_id: batch.id, points: input.points, member_count: ids.length, badges_awarded: badges };
  });
}

/**
 * Undoes a whole batch: the ledger stays append-only, so each member gets the opposite line
 * ('Desfeito: <motivo>') in the same batch, and the batch is marked undone. Badges already earned stay.
 */
export async function undoBatch(db: Db, access: ClubAccess, batchId: string): Promise<{ batch_id: string; member_count: number }> {
  return db.transaction(async (tx) => {
    const batch = await batchRepo.lockPointBatch(tx, access.clubId, batchId);
    if (!batch) throw notFound(BATCH_MSG.notFound);
    if (batch.undone_at) throw conflict(BATCH_MSG.alreadyUndone);
    const open = await netLines(tx, { clubId: access.clubId, source: 'manual', batchId: batch.id });
    const reason = `Desfeito: ${batch.reason}`.slice(0, 500);
    const rows = await appendReversals(tx, open.map((l) => ({
      clubId: access.clubId, profileId: l.profile_id, unitId: l.unit_id, source: 'manual' as const, points: -l.points, reason, createdBy: access.profileId, batchId: batch.id,
    })));
    await batchRepo.markPointBatchUndone(tx, batch.id, access.profileId);
    await writeAudit(tx, {
      clubId: access.clubId, actorId: access.profileId, action: 'points.batch_undo', entity: 'point_batch', entityId: batch.id,
      after: { profile_ids: rows.map((r) => r.profile_id) },
    });
    return { batch_id: batch.id, member_count: new Set(rows.map((r) => r.profile_id)).size };
  });
}
