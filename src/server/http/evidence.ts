import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EvidenceFile } from '../storage/evidence.js';

/** A multipart upload: its one file (the `file` part) and its text fields. */
export interface UploadForm {
  file: EvidenceFile | null;
  fields: Record<string, string>;
}

/** The one reader of an upload (evidence, a mark, a guardian's submission). A body that is not multipart has no file. */
export async function readUploadForm(req: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { file: null, fields: {} };
  if (!req.isMultipart()) return form;
  for await (const part of req.parts()) {
    if (part.type === 'file') form.file = { bytes: await part.toBuffer(), filename: part.filename };
    else if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
  }
  return form;
}

/**
 * The one download of a kept file: only images open in the browser, anything else is always a
 * download (issue 21); the answer runs sandboxed under its own Content-Security-Policy.
 */
export function sendEvidence(reply: FastifyReply, file: { bytes: Uint8Array; mime: string; name: string }, download: boolean) {
  const inline = !download && file.mime.startsWith('image/') && !file.mime.includes('svg');
  const safeName = file.name.replace(/[^\w.\- ]/g, '_');
  return reply
    .header('Content-Type', file.mime)
    .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('Cache-Control', 'private, max-age=300')
    .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
    .send(Buffer.from(file.bytes));
}
