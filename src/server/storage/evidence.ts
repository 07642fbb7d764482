import { randomUUID } from 'node:crypto';
import { fileTypeOf } from '../lazy-module.js';
import { EVIDENCE_MAX_BYTES, PROGRESS_MSG, isAcceptedEvidence } from '../../shared/progress.js';
import { AppError, badRequest, notFound } from '../core/errors.js';
import type { Storage } from './storage.js';

/** An uploaded file as the request carried it. */
export interface EvidenceFile {
  bytes: Uint8Array;
  filename: string;
}

/** A file kept in storage and what a row records about it. */
export interface StoredEvidence {
  key: string;
  name: string;
  mime: string;
  size: number;
}

/** What a domain accepts: the size, the types (by the bytes and the name's extension) and its pt-BR messages. */
export interface EvidenceRule {
  maxBytes: number;
  accepts(detectedExt: string, filename: string): boolean;
  msg: { required: string; tooBig: string; type: string };
  /** The name a file without one gets (`comprovacao.pdf`). */
  fallbackName: string;
}

/** Evidence of a task or a requisito (issue 21): photos, video, audio and documents up to 20 MB. */
export const EVIDENCE_RULE: EvidenceRule = {
  maxBytes: EVIDENCE_MAX_BYTES,
  accepts: isAcceptedEvidence,
  msg: { required: PROGRESS_MSG.evidenceRequired, tooBig: PROGRESS_MSG.evidenceTooBig, type: PROGRESS_MSG.evidenceType },
  fallbackName: 'comprovacao',
};

/**
 * The file's type, by its bytes and its name together (issue 21): the bytes must show a type the rule
 * accepts and the name must carry one of that type's extensions. An installer, a script, an SVG or an
 * executable renamed '.pdf' are refused with the list of what is accepted.
 */
export async function checkEvidence(file: EvidenceFile | null, rule: EvidenceRule = EVIDENCE_RULE): Promise<{ mime: string; ext: string }> {
  if (!file || file.bytes.length === 0) throw badRequest(rule.msg.required);
  if (file.bytes.length > rule.maxBytes) throw new AppError('too_large', 413, rule.msg.tooBig);
  const type = await fileTypeOf(file.bytes);
  if (!type || !rule.accepts(type.ext, file.filename)) throw new AppError('evidence_type', 400, rule.msg.type);
  return { mime: type.mime, ext: type.ext };
}

/**
 * The one upload path: checks the file, writes it under the club's folder, runs `save` (the row that
 * points at it, in the caller's transaction) and removes the file again when `save` fails, so no file
 * is kept without its row. With no file, `save` gets null (or, when `required`, the rule's message).
 */
export async function withStoredEvidence<T>(
  storage: Storage, clubId: string, file: EvidenceFile | null,
  save: (stored: StoredEvidence | null) => Promise<T>,
  { required = false, rule = EVIDENCE_RULE }: { required?: boolean; rule?: EvidenceRule } = {},
): Promise<T> {
  if (!file) {
    if (required) throw badRequest(rule.msg.required);
    return save(null);
  }
  const type = await checkEvidence(file, rule);
  const key = `evidence/${clubId}/${randomUUID()}.${type.ext}`;
  const stored: StoredEvidence = { key, name: (file.filename || `${rule.fallbackName}.${type.ext}`).slice(0, 200), mime: type.mime, size: file.bytes.length };
  await storage.put(key, file.bytes);
  try {
    return await save(stored);
  } catch (err) {
    await storage.remove(key);
    throw err;
  }
}

/** The bytes of a kept file, for a caller its domain already allowed; 404 when it is gone. */
export async function loadEvidence(storage: Storage, row: { key: string | null; mime: string | null; name: string | null }, missingMessage?: string) {
  if (!row.key) throw notFound(missingMessage);
  const bytes = await storage.get(row.key);
  if (!bytes) throw notFound(missingMessage);
  return { bytes, mime: row.mime ?? 'application/octet-stream', name: row.name ?? EVIDENCE_RULE.fallbackName };
}
