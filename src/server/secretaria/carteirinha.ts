import { createHash, createHmac } from 'node:crypto';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { activeSentence, CARD_MAX_YEARS, CARD_MSG, expiredSentence, initialsOf, type TCard, type TCardCheck, type TCardRow, type ZIssueCards } from '../../shared/carteirinha.js';
import { roleLabel } from '../../shared/members.js';
import { isUuid } from '../../shared/ids.js';
import { writeAudit } from '../audit/repo.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import * as repo from './carteirinha-repo.js';
import { clubToday } from '../db/club-clock.js';

/**
 * The carteirinha (issue 47, ADR 076). A card's token is an HMAC of its id under the server's secret
 * (NOTIFY_SECRET or DATA_DIR's key file, never the database): unguessable, printable again and shown on
 * the member's phone without being stored; the table keeps only the token's SHA-256 for the check.
 */
export const cardKeyOf = (serverSecret: Buffer): Buffer => createHmac('sha256', serverSecret).update('trilha:carteirinha:v1').digest();
const tokenOf = (key: Buffer, cardId: string) => createHmac('sha256', key).update(cardId).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** A token as the QR carries it: 43 base64url characters. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

function toCard(key: Buffer, r: repo.CardMemberRow): TCard | null {
  if (!r.card_id || !r.valid_until || !r.issued_at) return null;
  return {
    id: r.card_id, member_id: r.member_id, full_name: r.full_name, initials: initialsOf(r.full_name), club_name: r.club_name, unit_name: r.unit_name,
    function_label: r.title ?? roleLabel(r.role), class_name: r.class_name, valid_until: r.valid_until, issued_at: r.issued_at,
    status: r.valid_until < r.today ? 'vencida' : 'ativa', token: tokenOf(key, r.card_id), photo_document_id: r.photo_document_id,
  };
}

/** The secretary's list: every active member and their card in force (with its token, to print it). */
export async function listCards(db: Db, key: Buffer, clubId: string): Promise<TCardRow[]> {
  const rows = await repo.listCardMembers(db, clubId);
  return rows.map((r) => ({ member_id: r.member_id, full_name: r.full_name, unit_name: r.unit_name, function_label: r.title ?? roleLabel(r.role), card: toCard(key, r) }));
}

/** The caller's own card (the member's phone); null when the secretary has not issued one. */
export async function myCard(db: Db, key: Buffer, access: ClubAccess): Promise<TCard | null> {
  const row = await repo.cardMember(db, access.clubId, { profileId: access.profileId });
  return row ? toCard(key, row) : null;
}

/** Validity: today or later (the club's day), at most three years ahead. */
function checkValidity(today: string, validUntil: string): void {
  if (validUntil < today) throw badRequest(CARD_MSG.validPast);
  const limit = `${Number(today.slice(0, 4)) + CARD_MAX_YEARS}${today.slice(4)}`;
  if (validUntil > limit) throw badRequest(CARD_MSG.validTooFar);
}

/**
 * Issues a card to each member (a reissue revokes the card in force in the same transaction, so a
 * member never has two). All or nothing: one member not found refuses the whole list.
 */
export async function issueCards(db: Db, key: Buffer, actor: ClubAccess, input: z.output<typeof ZIssueCards>): Promise<TCard[]> {
  const ids = [...new Set(input.member_ids.map((id) => id.toLowerCase()))];
  return db.transaction(async (tx) => {
    checkValidity(await clubToday(tx, actor.clubId), input.valid_until);
    const found = await repo.lockActiveMembers(tx, actor.clubId, ids);
    if (found.length !== ids.length) throw badRequest(CARD_MSG.memberNotFound);
    const revoked = await repo.revokeCurrent(tx, actor.clubId, ids, actor.profileId);
    const cards: TCard[] = [];
    for (const memberId of ids) {
      await issueOne(tx, key, actor.clubId, memberId, input.valid_until, actor.profileId);
      const row = await repo.cardMember(tx, actor.clubId, { memberId });
      const card = row ? toCard(key, row) : null;
      if (card) cards.push(card);
    }
    await writeAudit(tx, {
      clubId: actor.clubId, actorId: actor.profileId, action: 'carteirinha.issue', entity: 'carteirinha', entityId: null,
      after: { members: ids.length, valid_until: input.valid_until, reissued: revoked.length },
    });
    return cards.sort((a, b) => a.full_name.localeCompare(b.full_name, 'pt-BR'));
  });
}

async function issueOne(tx: Queryable, key: Buffer, clubId: string, memberId: string, validUntil: string, by: string | null): Promise<void> {
  const id = await repo.newCardId(tx);
  await repo.insertCard(tx, clubId, { id, memberId, tokenHash: hashOf(tokenOf(key, id)), validUntil }, by);
}

/** Revokes a card: its QR then says 'Carteirinha revogada'. */
export async function revokeCard(db: Db, actor: ClubAccess, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(CARD_MSG.cardNotFound);
  await db.transaction(async (tx) => {
    const r = await repo.revokeCard(tx, actor.clubId, id.toLowerCase(), actor.profileId);
    if (!r) throw notFound(CARD_MSG.cardNotFound);
    if (!r.revoked) throw conflict(CARD_MSG.alreadyRevoked);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'carteirinha.revoke', entity: 'carteirinha', entityId: id, after: { member_id: r.member_id } });
  });
}

/**
 * The public check of a QR: one sentence, nothing else about the member. An unknown or malformed token
 * is null (the route answers the same neutral 404 for both). A member who left the club, or a club
 * switched off, reads as revoked.
 */
export async function checkCard(db: Db, token: string): Promise<TCardCheck | null> {
  if (!TOKEN_RE.test(token)) return null;
  const row = await repo.cardByTokenHash(db, hashOf(token));
  if (!row) return null;
  if (row.revoked || !row.member_active || !row.club_active) return { status: 'revogada', message: CARD_MSG.revoked };
  if (row.valid_until < row.today) return { status: 'vencida', message: expiredSentence(row.valid_until) };
  return { status: 'ativa', message: activeSentence(row.club_name, row.valid_until) };
}

/** The demo seed's cards (no actor: the seed writes as the club's director). */
export async function seedCards(tx: Queryable, key: Buffer, clubId: string, memberIds: string[], validUntil: string, by: string): Promise<void> {
  for (const memberId of memberIds) await issueOne(tx, key, clubId, memberId, validUntil, by);
}
