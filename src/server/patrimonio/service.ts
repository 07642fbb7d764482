import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import type { Storage } from '../storage/storage.js';
import { writeAudit } from '../audit/repo.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import type { Actor } from '../core/access.js';
import { isUuid } from '../../shared/ids.js';
import {
  FILE_KINDS, PAT_FILE_MAX_BYTES, PAT_IMAGE_TYPES, PAT_MSG, type TFileKind, type TItem, type TItemDetail, type ZHistoryInput, type ZItemInput, type ZWriteOffInput,
} from '../../shared/patrimonio.js';
import { loadEvidence, withStoredEvidence, type EvidenceFile, type EvidenceRule } from '../storage/evidence.js';
import { isAcceptedEvidence } from '../../shared/progress.js';
import * as repo from './repo.js';

type ItemInput = z.output<typeof ZItemInput>;

export function checkId(id: string, message: string): void {
  if (!isUuid(id)) throw notFound(message);
}

export async function mustGetItem(q: Queryable, clubId: string, id: string): Promise<TItem> {
  checkId(id, PAT_MSG.itemNotFound);
  const item = await repo.getItem(q, clubId, id);
  if (!item) throw notFound(PAT_MSG.itemNotFound);
  return item;
}

/** The item with its files, its whole history and its loans. */
export async function getItemDetail(q: Queryable, clubId: string, id: string): Promise<TItemDetail> {
  const item = await mustGetItem(q, clubId, id);
  return {
    ...item,
    files: await repo.listFiles(q, clubId, id),
    history: await repo.listHistory(q, clubId, id),
    loans: await repo.listLoans(q, clubId, { itemId: id }),
  };
}

const rowOf = (input: ItemInput): repo.ItemRow => ({
  name: input.name, category: input.category, quantity: input.quantity, unit_value: input.unit_value, acquired_on: input.acquired_on,
  acquisition: input.acquisition, nfe_number: input.nfe_number, church_vote: input.church_vote, location: input.location, condition: input.condition, notes: input.notes,
});

/** Registers an item (or a lot); its history opens with the registration. */
export async function createItem(db: Db, actor: Actor, input: ItemInput): Promise<TItem> {
  return db.transaction(async (tx) => {
    const id = await repo.insertItem(tx, actor.clubId, rowOf(input), actor.profileId);
    await repo.appendHistory(tx, actor.clubId, id, { kind: 'cadastro', conditionAfter: input.condition, quantity: input.quantity, churchVote: input.church_vote, actorId: actor.profileId });
    const created = await mustGetItem(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'patrimonio.create', entity: 'patrimonio_item', entityId: id, after: created });
    return created;
  });
}

/** Edits an item; the quantity never drops below what is out or written off. A condition change is a history line. */
export async function updateItem(db: Db, actor: Actor, id: string, input: ItemInput): Promise<TItem> {
  checkId(id, PAT_MSG.itemNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockItem(tx, actor.clubId, id);
    if (!locked) throw notFound(PAT_MSG.itemNotFound);
    const used = locked.out + locked.written_off;
    if (input.quantity < Math.max(used, 1)) throw badRequest(PAT_MSG.quantityBelowUsed(used));
    const before = await mustGetItem(tx, actor.clubId, id);
    await repo.updateItem(tx, actor.clubId, id, rowOf(input));
    if (before.condition !== input.condition) {
      await repo.appendHistory(tx, actor.clubId, id, { kind: 'vistoria', conditionBefore: before.condition, conditionAfter: input.condition, note: 'Estado alterado no cadastro.', actorId: actor.profileId });
    }
    const after = await mustGetItem(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'patrimonio.update', entity: 'patrimonio_item', entityId: id, before, after });
    return after;
  });
}

/** A condition check or a maintenance: the condition before and after, and a note. */
export async function recordCheck(db: Db, actor: Actor, id: string, input: z.output<typeof ZHistoryInput>): Promise<TItemDetail> {
  checkId(id, PAT_MSG.itemNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockItem(tx, actor.clubId, id);
    if (!locked) throw notFound(PAT_MSG.itemNotFound);
    await repo.appendHistory(tx, actor.clubId, id, { kind: input.kind, conditionBefore: locked.condition, conditionAfter: input.condition, note: input.note, actorId: actor.profileId });
    await repo.setCondition(tx, actor.clubId, id, input.condition);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'patrimonio.history', entity: 'patrimonio_item', entityId: id, after: input });
    return getItemDetail(tx, actor.clubId, id);
  });
}

/** A write-off ('baixa', with its reason and church vote) or a loss of units not out on loan. */
export async function writeOff(db: Db, actor: Actor, id: string, input: z.output<typeof ZWriteOffInput>): Promise<TItemDetail> {
  checkId(id, PAT_MSG.itemNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockItem(tx, actor.clubId, id);
    if (!locked) throw notFound(PAT_MSG.itemNotFound);
    const inHand = locked.quantity - locked.written_off - locked.out;
    if (input.quantity > inHand) throw conflict(PAT_MSG.writeOffTooMany(inHand));
    await repo.addWrittenOff(tx, actor.clubId, id, input.quantity);
    await repo.appendHistory(tx, actor.clubId, id, {
      kind: input.kind, quantity: input.quantity, note: input.reason, churchVote: input.church_vote, conditionBefore: locked.condition, actorId: actor.profileId,
    });
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'patrimonio.write_off', entity: 'patrimonio_item', entityId: id, after: input });
    return getItemDetail(tx, actor.clubId, id);
  });
}

const imageOrPdf = (pdf: boolean) => (ext: string, filename: string) =>
  ((PAT_IMAGE_TYPES as readonly string[]).includes(ext) || (pdf && ext === 'pdf')) && isAcceptedEvidence(ext, filename);

/**
 * A photo must be an image by its bytes; the NF-e and the termo de doação an image or a PDF. Checked by
 * content through the one evidence module (as a task's evidence is), 10 MB at most.
 */
export const ITEM_FILE_RULES: Record<TFileKind, EvidenceRule> = {
  foto: { maxBytes: PAT_FILE_MAX_BYTES, accepts: imageOrPdf(false), msg: { required: PAT_MSG.fileRequired, tooBig: PAT_MSG.fileTooBig, type: PAT_MSG.photoNotImage }, fallbackName: 'foto' },
  nfe: { maxBytes: PAT_FILE_MAX_BYTES, accepts: imageOrPdf(true), msg: { required: PAT_MSG.fileRequired, tooBig: PAT_MSG.fileTooBig, type: PAT_MSG.documentType }, fallbackName: 'nfe' },
  termo: { maxBytes: PAT_FILE_MAX_BYTES, accepts: imageOrPdf(true), msg: { required: PAT_MSG.fileRequired, tooBig: PAT_MSG.fileTooBig, type: PAT_MSG.documentType }, fallbackName: 'termo-de-doacao' },
};

/** Stores a photo, NF-e or termo in the evidence storage and links it to the item; the file goes if the write fails. */
export async function attachFile(db: Db, storage: Storage, actor: Actor, id: string, kind: string, file: EvidenceFile | null): Promise<TItemDetail> {
  checkId(id, PAT_MSG.itemNotFound);
  if (!(FILE_KINDS as readonly string[]).includes(kind)) throw badRequest(PAT_MSG.fileKindRequired);
  const fileKind = kind as TFileKind;
  if (!(await repo.getItem(db, actor.clubId, id))) throw notFound(PAT_MSG.itemNotFound);
  return withStoredEvidence(storage, actor.clubId, file, (stored) => db.transaction(async (tx) => {
    if (!stored) throw badRequest(PAT_MSG.fileRequired);
    if (!(await repo.lockItem(tx, actor.clubId, id))) throw notFound(PAT_MSG.itemNotFound);
    const fileId = await repo.insertFile(tx, actor.clubId, id, { kind: fileKind, ...stored }, actor.profileId);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'patrimonio.file', entity: 'patrimonio_item', entityId: id, after: { file_id: fileId, kind: fileKind, name: stored.name, size: stored.size } });
    return getItemDetail(tx, actor.clubId, id);
  }), { required: true, rule: ITEM_FILE_RULES[fileKind] });
}

export async function readFile(db: Db, storage: Storage, clubId: string, fileId: string) {
  checkId(fileId, PAT_MSG.fileNotFound);
  const f = await repo.getFile(db, clubId, fileId);
  if (!f) throw notFound(PAT_MSG.fileNotFound);
  return loadEvidence(storage, { key: f.storage_key, mime: f.mime, name: f.name }, PAT_MSG.fileNotFound);
}
