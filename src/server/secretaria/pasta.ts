import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { PASTA_MAX_BYTES, PASTA_MSG, hasControlChars, type TPasta, type TPastaDocument, type ZDocumentFields } from '../../shared/secretaria-pasta.js';
import { isUuid } from '../../shared/ids.js';
import { writeAudit } from '../audit/repo.js';
import { AppError, badRequest, conflict, notFound } from '../core/errors.js';
import { can, type Actor, type ClubAccess } from '../core/access.js';
import type { Storage } from '../storage/storage.js';
import { loadEvidence, withStoredEvidence, type EvidenceFile, type EvidenceRule } from '../storage/evidence.js';
import { collectPersonData, type PersonData } from '../families/lgpd-service.js';
import { zipStream, type ZipFile } from '../families/zip.js';
import { getProfileName } from '../progress/repo.js';
import { RECEIVED_RULE } from './books.js';
import * as repo from './pasta-repo.js';
import { documentEntryNames, pastaZipName, readMeText, type ReadMeFacts } from './pasta-export.js';

/**
 * Who is looking at a member's pasta, and as what (ADR 076):
 * 'manager' the direction and the secretary (secretaria.manage); 'leader' another leader who reads the
 * secretaria (treasurer, counsellor, instructor); 'self' the member; 'guardian' a linked guardian (/familia).
 */
export type PastaViewer =
  | { as: 'club'; access: ClubAccess }
  | { as: 'guardian'; clubId: string; profileId: string };

type Standing = 'manager' | 'leader' | 'self' | 'guardian';
/** How the audit line names the reader. */
const READER_LABEL: Record<Standing, string> = { manager: 'diretoria ou secretaria', leader: 'líder do clube', self: 'o próprio membro', guardian: 'responsável' };

/** The member the pasta is about, and how the viewer stands to them; anything else is 404, as for another club. */
async function standing(q: Queryable, viewer: PastaViewer, memberId: string): Promise<{ member: repo.PastaMember; standing: Standing; actor: Actor }> {
  const clubId = viewer.as === 'club' ? viewer.access.clubId : viewer.clubId;
  const member = isUuid(memberId) ? await repo.findMember(q, clubId, memberId.toLowerCase()) : null;
  if (!member) throw notFound(PASTA_MSG.memberNotFound);
  if (viewer.as === 'guardian') return { member, standing: 'guardian', actor: { clubId, profileId: viewer.profileId } };
  const { access } = viewer;
  const actor = { clubId, profileId: access.profileId };
  if (can(access, 'secretaria.manage')) return { member, standing: 'manager', actor };
  if (member.profile_id === access.profileId) return { member, standing: 'self', actor };
  if (can(access, 'secretaria.read')) return { member, standing: 'leader', actor };
  throw notFound(PASTA_MSG.memberNotFound);
}

/**
 * The one rule of a document's reader (ADR 076): the direction, the secretary, the member and their
 * guardians always; another leader only a document marked for the leaders, and never a minor's.
 */
function mayRead(s: Standing, minor: boolean, visibility: TPastaDocument['visibility']): boolean {
  if (s !== 'leader') return true;
  return !minor && visibility === 'lideres';
}

/** The member's pasta: who they are, their guardians, functions, programme, events, attendance, acts and documents. */
export async function getPasta(db: Db, viewer: PastaViewer, memberId: string): Promise<TPasta> {
  const { member, standing: s } = await standing(db, viewer, memberId);
  const { clubId } = viewer.as === 'club' ? viewer.access : viewer;
  // A leader of an adult's pasta sees the documents marked for the leaders; of a minor's, none.
  const readDocuments = s !== 'leader' || !member.minor;
  const documents = readDocuments
    ? (await repo.listDocuments(db, clubId, member.id, member.minor, s === 'manager')).filter((d) => mayRead(s, member.minor, d.visibility))
    : null;
  const guardians = await repo.guardians(db, clubId, member.id);
  return {
    club_name: member.club_name,
    member: {
      id: member.id, profile_id: member.profile_id, full_name: member.full_name, email: s === 'guardian' ? null : member.email,
      role: member.role, title: member.title, unit_name: member.unit_name, active: member.active, joined_on: member.joined_on,
      birth_date: member.birth_date, minor: member.minor,
      // CPF, RG, address and phone: those who may read the restricted documents only.
      sgc: s === 'leader' ? null : await repo.sgcRecord(db, clubId, member.id),
    },
    // A guardian does not get another guardian's e-mail and phone (as in the LGPD export).
    guardians: s === 'guardian' ? guardians.map((g) => ({ ...g, email: null, phone: null })) : guardians,
    terms: await repo.terms(db, clubId, member.id),
    programme: await repo.programme(db, clubId, member.id),
    events: await repo.eventsAttended(db, clubId, member.id),
    attendance: await repo.attendance(db, clubId, member.id),
    atos: await repo.atosAbout(db, clubId, member.id),
    documents,
    can: { manage: s === 'manager', read_documents: readDocuments },
  };
}

/** A document is a PDF, JPEG or PNG by its bytes (and its name agrees), as a received ofício's file; 10 MB at most: the one evidence check. */
export const PASTA_RULE: EvidenceRule = {
  maxBytes: PASTA_MAX_BYTES,
  accepts: RECEIVED_RULE.accepts,
  msg: { required: PASTA_MSG.fileRequired, tooBig: PASTA_MSG.fileTooBig, type: PASTA_MSG.fileType },
  fallbackName: 'documento',
};

/** Keeps a document in the member's pasta; the file and its row are kept together or not at all. */
export async function uploadDocument(db: Db, storage: Storage, access: ClubAccess, memberId: string,
  fields: z.output<typeof ZDocumentFields>, file: EvidenceFile | null): Promise<TPastaDocument> {
  const { member } = await standing(db, { as: 'club', access }, memberId);
  if (file && hasControlChars(file.filename)) throw badRequest(PASTA_MSG.fileNameInvalid);
  return withStoredEvidence(storage, access.clubId, file, (stored) => db.transaction(async (tx) => {
    if (!stored) throw badRequest(PASTA_MSG.fileRequired);
    const id = await repo.insertDocument(tx, access.clubId, member.id, { ...fields, key: stored.key, name: stored.name, mime: stored.mime, size: stored.size }, access.profileId);
    const doc = await repo.getDocument(tx, access.clubId, member.id, id, member.minor);
    if (!doc) throw notFound(PASTA_MSG.documentNotFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'pasta.document_upload', entity: 'member_document', entityId: id,
      after: { member_id: member.id, kind: doc.kind, file_name: doc.file_name, visibility: doc.visibility } });
    return doc;
  }), { required: true, rule: PASTA_RULE });
}

/** The file of a document, for whoever the rule lets read it (others: 404); every read is audited. */
export async function readDocumentFile(db: Db, storage: Storage, viewer: PastaViewer, memberId: string, id: string): Promise<{ bytes: Uint8Array; name: string; mime: string }> {
  const who = await standing(db, viewer, memberId);
  return openDocument(db, storage, who, isUuid(id) ? id.toLowerCase() : null);
}

/**
 * The one read of a document's file (ADR 076): the reader rule, then the file, then its audit line. The
 * single download and each file of the export go through here, so both are audited alike.
 */
async function openDocument(db: Db, storage: Storage, { member, standing: s, actor }: Awaited<ReturnType<typeof standing>>, id: string | null): Promise<{ bytes: Uint8Array; name: string; mime: string }> {
  const row = id ? await repo.documentFile(db, actor.clubId, member.id, id) : null;
  // A removed document stays in the history: only the direction and the secretary open it.
  if (!id || !row || !mayRead(s, member.minor, row.visibility) || (row.removed && s !== 'manager')) throw notFound(PASTA_MSG.documentNotFound);
  const file = await loadEvidence(storage, row, PASTA_MSG.documentNotFound);
  await writeAudit(db, { clubId: actor.clubId, actorId: actor.profileId, action: 'pasta.document_read', entity: 'member_document', entityId: id,
    after: { member_id: member.id, file_name: row.name, as: READER_LABEL[s] } });
  return file;
}

/** Removing a document is a soft delete: the row and its file stay, with who, when and why, audited. */
export async function removeDocument(db: Db, access: ClubAccess, memberId: string, id: string, reason: string): Promise<TPastaDocument> {
  const { member } = await standing(db, { as: 'club', access }, memberId);
  if (!isUuid(id)) throw notFound(PASTA_MSG.documentNotFound);
  const docId = id.toLowerCase();
  return db.transaction(async (tx) => {
    const before = await repo.getDocument(tx, access.clubId, member.id, docId, member.minor);
    if (!before) throw notFound(PASTA_MSG.documentNotFound);
    if (!(await repo.markRemoved(tx, access.clubId, member.id, docId, reason, access.profileId))) throw conflict(PASTA_MSG.alreadyRemoved);
    const after = await repo.getDocument(tx, access.clubId, member.id, docId, member.minor);
    if (!after) throw notFound(PASTA_MSG.documentNotFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'pasta.document_remove', entity: 'member_document', entityId: docId,
      before: { member_id: member.id, kind: before.kind, file_name: before.file_name }, after: { reason } });
    return after;
  });
}

export interface PastaExport {
  generated_at: string;
  pasta: TPasta;
  /** Every row the club holds about the member, table by table (the LGPD export's reader, without the health form). */
  records: PersonData;
}

/**
 * Everything the club holds about the member, as a zip streamed out (issue 47): pasta.json (the pasta and
 * every row of the club about them), each kept document's original file under documentos/, LEIA-ME.txt.
 * The export is audited once; each document as it is read into the archive, as a single download is. A
 * removed document is in pasta.json's history, not in documentos/ (the pasta shows it as withdrawn).
 */
export async function exportPasta(db: Db, storage: Storage, access: ClubAccess, memberId: string): Promise<{ fileName: string; zip: Readable }> {
  const who = await standing(db, { as: 'club', access }, memberId);
  const { member } = who;
  const pasta = await getPasta(db, { as: 'club', access }, member.id);
  const records = await collectPersonData(db, null, { kind: 'club_record', profileId: member.profile_id, clubId: access.clubId, memberId: member.id });
  const exportedBy = (await getProfileName(db, access.profileId)) ?? 'Trilha';
  await writeAudit(db, { clubId: access.clubId, actorId: access.profileId, action: 'pasta.export', entity: 'club_member', entityId: member.id });
  const exportedAt = new Date();
  const all = pasta.documents ?? [];
  const kept = all.filter((d) => d.removed_at === null);
  const entries = documentEntryNames(kept, member.timezone);
  const data: PastaExport = { generated_at: exportedAt.toISOString(), pasta, records };

  // Read one document at a time, as the archive asks for it: memory holds one file (10 MB at most), not the pasta.
  async function* files(): AsyncGenerator<ZipFile> {
    yield { name: 'pasta.json', content: JSON.stringify(data, null, 2) };
    const listed: ReadMeFacts['documents'] = [];
    for (const [i, doc] of kept.entries()) {
      let file: { bytes: Uint8Array } | null = null;
      try {
        file = await openDocument(db, storage, who, doc.id);
      } catch (err) {
        // A row whose file is gone from storage: the archive says so instead of failing half-way.
        if (!(err instanceof AppError && err.status === 404)) throw err;
      }
      listed.push({ entry: entries[i], doc, missing: file === null });
      if (file) yield { name: entries[i], content: file.bytes, stored: true };
    }
    yield { name: 'LEIA-ME.txt', content: readMeText({ memberName: member.full_name, clubName: member.club_name, exportedBy, exportedAt, timeZone: member.timezone, documents: listed, removed: all.length - kept.length }) };
  }
  return { fileName: pastaZipName(member), zip: zipStream(files(), exportedAt) };
}
