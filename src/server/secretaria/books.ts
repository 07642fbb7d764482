import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { RECEIVED_MAX_BYTES, RECEIVED_TYPES, SEC_MSG, type TAto, type TOficio, type TVisita, type ZAtoInput, type ZOficioInput, type ZReceivedInput, type ZVisitaInput } from '../../shared/secretaria.js';
import { fileExtension } from '../../shared/progress.js';
import { isUuid } from '../../shared/ids.js';
import { writeAudit } from '../audit/repo.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import type { Storage } from '../storage/storage.js';
import { loadEvidence, withStoredEvidence, type EvidenceFile, type EvidenceRule } from '../storage/evidence.js';
import { findVoto } from './atas-repo.js';
import { nextNumber, yearOf } from './numbering.js';
import * as repo from './books-repo.js';

type AtoInput = z.output<typeof ZAtoInput>;

/** The act's row: the member's name from the club when one is picked; a cited voto must be the club's and numbered. */
async function atoRowOf(tx: Queryable, clubId: string, a: AtoInput): Promise<repo.AtoRow> {
  let name = a.person_name;
  const memberId = a.member_id?.toLowerCase() ?? null;
  if (memberId) {
    name = await repo.memberName(tx, clubId, memberId);
    if (!name) throw badRequest(SEC_MSG.memberNotFound);
  }
  if (a.voto_id) {
    const voto = await findVoto(tx, clubId, a.voto_id.toLowerCase());
    if (!voto) throw badRequest(SEC_MSG.votoNotFound);
    if (!voto.numbered) throw badRequest(SEC_MSG.votoNotNumbered);
  }
  return {
    kind: a.kind, acted_on: a.acted_on, member_id: memberId, person_name: name ?? '', role_title: a.role_title,
    term_start: a.term_start, term_end: a.term_end, body: a.body, voto_id: a.voto_id?.toLowerCase() ?? null,
  };
}

async function mustGetAto(q: Queryable, clubId: string, id: string): Promise<TAto> {
  const ato = isUuid(id) ? await repo.getAto(q, clubId, id) : null;
  if (!ato) throw notFound(SEC_MSG.atoNotFound);
  return ato;
}

/** Writes an act into the book with the next number of its year. */
export async function createAto(db: Db, actor: ClubAccess, input: AtoInput): Promise<TAto> {
  return db.transaction(async (tx) => {
    const row = await atoRowOf(tx, actor.clubId, input);
    const year = yearOf(input.acted_on);
    const id = await repo.insertAto(tx, actor.clubId, { year, number: await nextNumber(tx, actor.clubId, 'ato', year) }, 'manual', row, actor.profileId);
    const created = await mustGetAto(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'ato.create', entity: 'ato', entityId: id, after: created });
    return created;
  });
}

/** The secretary confirms a draft Trilha wrote (possibly edited): it gets its number then. */
export async function confirmAto(db: Db, actor: ClubAccess, id: string, input: AtoInput): Promise<TAto> {
  if (!isUuid(id)) throw notFound(SEC_MSG.atoNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockAto(tx, actor.clubId, id);
    if (!locked) throw notFound(SEC_MSG.atoNotFound);
    if (locked.status !== 'rascunho') throw conflict(SEC_MSG.atoNotDraft);
    const row = await atoRowOf(tx, actor.clubId, input);
    const year = yearOf(input.acted_on);
    await repo.registerDraft(tx, actor.clubId, id, year, await nextNumber(tx, actor.clubId, 'ato', year), row);
    const after = await mustGetAto(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'ato.confirm', entity: 'ato', entityId: id, after });
    return after;
  });
}

/** Discards a draft Trilha wrote (it had no number: nothing leaves a gap). */
export async function discardAto(db: Db, actor: ClubAccess, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(SEC_MSG.atoNotFound);
  await db.transaction(async (tx) => {
    const locked = await repo.lockAto(tx, actor.clubId, id);
    if (!locked) throw notFound(SEC_MSG.atoNotFound);
    if (locked.status !== 'rascunho') throw conflict(SEC_MSG.atoNotDraft);
    const before = await mustGetAto(tx, actor.clubId, id);
    await repo.deleteDraft(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'ato.discard', entity: 'ato', entityId: id, before });
  });
}

// ——— Ofícios ———

async function mustGetOficio(q: Queryable, clubId: string, id: string): Promise<TOficio> {
  const o = isUuid(id) ? await repo.getOficio(q, clubId, id) : null;
  if (!o) throw notFound(SEC_MSG.oficioNotFound);
  return o;
}

export { mustGetOficio };

/** An ofício sent: Ofício nº 07/2026. */
export async function createOficio(db: Db, actor: ClubAccess, input: z.output<typeof ZOficioInput>): Promise<TOficio> {
  return db.transaction(async (tx) => {
    const year = yearOf(input.dated_on);
    const number = await nextNumber(tx, actor.clubId, 'oficio', year);
    const id = await repo.insertOficio(tx, actor.clubId, year, number, { direction: 'enviado', ...input, file: null }, actor.profileId);
    const created = await mustGetOficio(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'oficio.create', entity: 'oficio', entityId: id, after: { label: created.label, subject: created.subject } });
    return created;
  });
}

/** A received file is a PDF, JPEG or PNG by its bytes (and its name agrees), 10 MB at most: the one evidence check with the secretaria's rule. */
export const RECEIVED_RULE: EvidenceRule = {
  maxBytes: RECEIVED_MAX_BYTES,
  accepts: (ext, filename) => {
    const names: readonly string[] | undefined = Object.hasOwn(RECEIVED_TYPES, ext) ? RECEIVED_TYPES[ext as keyof typeof RECEIVED_TYPES] : undefined;
    return Boolean(names?.includes(fileExtension(filename)));
  },
  msg: { required: SEC_MSG.fileRequired, tooBig: SEC_MSG.fileTooBig, type: SEC_MSG.fileType },
  fallbackName: 'documento',
};

/** Correspondence received: its protocol number and the scanned file, through the one upload path (no file kept without its row). */
export async function receiveOficio(db: Db, storage: Storage, actor: ClubAccess, input: z.output<typeof ZReceivedInput>, file: EvidenceFile | null): Promise<TOficio> {
  return withStoredEvidence(storage, actor.clubId, file, (stored) => db.transaction(async (tx) => {
    if (!stored) throw badRequest(SEC_MSG.fileRequired);
    const year = yearOf(input.dated_on);
    const number = await nextNumber(tx, actor.clubId, 'protocolo', year);
    const id = await repo.insertOficio(tx, actor.clubId, year, number, { direction: 'recebido', ...input, body: '', file: stored }, actor.profileId);
    const created = await mustGetOficio(tx, actor.clubId, id);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'oficio.receive', entity: 'oficio', entityId: id, after: { label: created.label, subject: created.subject } });
    return created;
  }), { required: true, rule: RECEIVED_RULE });
}

/** The scanned file of a received item; every read is audited (it may carry personal data). */
export async function readReceivedFile(db: Db, storage: Storage, actor: ClubAccess, id: string): Promise<{ bytes: Uint8Array; name: string; mime: string }> {
  const row = isUuid(id) ? await repo.oficioFile(db, actor.clubId, id) : null;
  if (!row) throw notFound(SEC_MSG.oficioNotFound);
  const file = await loadEvidence(storage, row, SEC_MSG.oficioNotFound);
  await writeAudit(db, { clubId: actor.clubId, actorId: actor.profileId, action: 'oficio.file_read', entity: 'oficio', entityId: id });
  return file;
}

// ——— Livro de visitas ———

export async function signVisitBook(db: Db, actor: ClubAccess, input: z.output<typeof ZVisitaInput>): Promise<TVisita> {
  return db.transaction(async (tx) => {
    const visita = await repo.insertVisita(tx, actor.clubId, input, actor.profileId);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'visita.create', entity: 'visita', entityId: visita.id, after: visita });
    return visita;
  });
}
