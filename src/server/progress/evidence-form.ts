import type { FastifyRequest } from 'fastify';
import { PROGRESS_MSG } from '../../shared/progress.js';
import { badRequest } from '../core/errors.js';

export interface EvidenceFile {
  bytes: Uint8Array;
  filename: string;
}

/** What a submission's form carries (multipart fields `file` and `comment`). */
export interface EvidenceForm {
  file: EvidenceFile | null;
  comment: string | null;
}

/**
 * The one reader of an evidence upload, the member's and the guardian's: 400 in pt-BR when the body is
 * not multipart; the file (its bytes and name) and the comment otherwise. The file's type and size are
 * judged by `checkEvidence` when it is submitted.
 */
export async function readEvidenceForm(req: FastifyRequest): Promise<EvidenceForm> {
  if (!req.isMultipart()) throw badRequest(PROGRESS_MSG.evidenceRequired);
  const form: EvidenceForm = { file: null, comment: null };
  for await (const part of req.parts()) {
    if (part.type === 'file') form.file = { bytes: await part.toBuffer(), filename: part.filename };
    else if (part.fieldname === 'comment' && typeof part.value === 'string') form.comment = part.value;
  }
  return form;
}
