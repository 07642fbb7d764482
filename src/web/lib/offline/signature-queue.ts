import type { TGrid, TSignResult } from '@shared/programme';
import type { QueuedSignature } from './signature-store';

/**
 * The pure part of the grid's offline queue (signature-store.ts keeps it in IndexedDB): whose queue
 * it is, which cells it marks 'pendente de envio', and the drain, which sends each entry once, in
 * order, and stops at the first network failure.
 */

/** One person's queue in one club (every club for ''), oldest first. */
export function queueOf(all: QueuedSignature[], clubId: string, profileId: string): QueuedSignature[] {
  return all.filter((e) => (!clubId || e.clubId === clubId) && e.profileId === profileId).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id));
}

export const cellKey = (enrolmentId: string, requirementId: string) => `${enrolmentId}:${requirementId}`;

/** The grid's cells a queued signature covers (not yet signed on the server as far as the grid knows). */
export function pendingCells(grid: TGrid, queue: QueuedSignature[]): Set<string> {
  const enrolmentOf = new Map(grid.members.map((m) => [m.member_id, m.enrolment_id]));
  const signed = new Set(grid.signatures.map((s) => cellKey(s.enrolment_id, s.requirement_id)));
  const cells = new Set<string>();
  for (const e of queue) {
    if (e.itemCode !== grid.item.code || e.kind === 'unsign') continue;
    for (const memberId of e.memberIds) {
      const enrolmentId = enrolmentOf.get(memberId);
      if (enrolmentId && !signed.has(cellKey(enrolmentId, e.requirementId))) cells.add(cellKey(enrolmentId, e.requirementId));
    }
  }
  return cells;
}

const isUndo = (e: QueuedSignature) => e.kind === 'unsign';

/** The grid's signed cells whose undo waits in the queue ('desfazer pendente'), with the queued undo. */
export function pendingUndos(grid: TGrid, queue: QueuedSignature[]): Map<string, QueuedSignature> {
  const cells = new Map<string, QueuedSignature>();
  const byId = new Map(grid.signatures.map((s) => [s.id, s]));
  for (const e of queue) {
    const s = isUndo(e) && e.itemCode === grid.item.code && e.signatureId ? byId.get(e.signatureId) : undefined;
    if (s) cells.set(cellKey(s.enrolment_id, s.requirement_id), e);
  }
  return cells;
}

/**
 * Undoing a cell whose signature has not left the device: the queue without that member's part of
 * it. A signature of several members ('assinar para todos') keeps the others under a new id, so a
 * request already received under the old one (its answer lost) cannot be answered for fewer members.
 */
export function withoutQueuedCell(queue: QueuedSignature[], requirementId: string, memberId: string, newId: () => string): { remove: QueuedSignature[]; add: QueuedSignature[] } {
  const remove: QueuedSignature[] = [];
  const add: QueuedSignature[] = [];
  for (const e of queue) {
    if (isUndo(e) || e.requirementId !== requirementId || !e.memberIds.includes(memberId)) continue;
    remove.push(e);
    const keep = e.memberIds.map((id, i) => ({ id, name: e.memberNames[i] ?? '' })).filter((m) => m.id !== memberId);
    if (keep.length) add.push({ ...e, id: newId(), memberIds: keep.map((m) => m.id), memberNames: keep.map((m) => m.name) });
  }
  return { remove, add };
}

/** Members of a requisito not signed and not already queued: what 'assinar para todos' adds. */
export function membersToSign(grid: TGrid, queue: QueuedSignature[], requirementId: string): TGrid['members'] {
  const signed = new Set(grid.signatures.map((s) => cellKey(s.enrolment_id, s.requirement_id)));
  const pending = pendingCells(grid, queue);
  // With a roll call today, 'os presentes' are those it marked present or late (issue 43); a grid
  // kept on the device before the roll call was part of it has none (undefined): everyone.
  const present = grid.present_today ? new Set(grid.present_today) : null;
  return grid.members.filter((m) => m.can_sign && (!present || present.has(m.member_id)) && !signed.has(cellKey(m.enrolment_id, requirementId)) && !pending.has(cellKey(m.enrolment_id, requirementId)));
}

export type SendOutcome = { kind: 'sent'; result: TSignResult } | { kind: 'network' } | { kind: 'refused'; message: string };

export interface DrainReport {
  sent: { entry: QueuedSignature; result: TSignResult }[];
  /** Refused by the server (undone requisito, permission lost, member no longer enrolled): dropped. */
  refused: { entry: QueuedSignature; message: string }[];
  /** Still queued: the connection failed again. */
  left: number;
}

/**
 * Sends the entries in order, each once; an entry leaves the queue when the server answered (signed
 * or refused). The first network failure stops the drain and leaves it and the rest queued.
 */
export async function drain(entries: QueuedSignature[], send: (e: QueuedSignature) => Promise<SendOutcome>, remove: (id: string) => Promise<unknown>): Promise<DrainReport> {
  const report: DrainReport = { sent: [], refused: [], left: 0 };
  for (const [i, entry] of entries.entries()) {
    const outcome = await send(entry);
    if (outcome.kind === 'network') {
      report.left = entries.length - i;
      break;
    }
    await remove(entry.id);
    if (outcome.kind === 'sent') report.sent.push({ entry, result: outcome.result });
    else report.refused.push({ entry, message: outcome.message });
  }
  return report;
}

/** 'Ana e Bia', 'Ana, Bia e Caio', 'Ana, Bia e mais 3'. */
export function namesText(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > 3) return `${names.slice(0, 2).join(', ')} e mais ${names.length - 2}`;
  return `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`;
}

/** The pt-BR message of a queued signature (or undo) the server refused. */
export function refusedText(entry: QueuedSignature, message: string): string {
  return `Requisito ${entry.requirementNumber} de ${namesText(entry.memberNames)} não foi ${isUndo(entry) ? 'desfeito' : 'assinado'}: ${message.replace(/\.$/, '')}. Saiu da fila.`;
}

/** 'Sem conexão — 1 assinatura na fila' / 'N assinaturas e 1 a desfazer na fila'. */
export function queueBannerText(count: number, online: boolean, undos = 0): string {
  const signs = count - undos;
  const parts = [signs ? `${signs} ${signs === 1 ? 'assinatura' : 'assinaturas'}` : '', undos ? `${undos} a desfazer` : ''].filter(Boolean);
  const n = `${parts.join(' e ')} na fila`;
  return online ? `Enviando ${n}…` : `Sem conexão — ${n}`;
}

/** Signatures (member × requisito) and undos waiting in a queue. */
export const queuedCount = (queue: QueuedSignature[]) => queue.reduce((n, e) => n + e.memberIds.length, 0);

/** Undos waiting in a queue. */
export const queuedUndos = (queue: QueuedSignature[]) => queue.filter(isUndo).length;
