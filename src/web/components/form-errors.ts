import { ApiError } from '../lib/api';

/** Where a failed submit's message goes: onto named fields, or onto the form's one root error. */
export interface SubmitErrors {
  fields: { path: string; message: string }[];
  root: string | null;
}

function isFieldDetail(d: unknown): d is { path: string; message: string } {
  return typeof d === 'object' && d !== null && typeof (d as { path?: unknown }).path === 'string' && typeof (d as { message?: unknown }).message === 'string';
}

/**
 * A 400 whose details name fields the form shows lands on those fields; everything else (a 409, a
 * 403, a 500, no connection, a detail on a field the form does not have) is the root error:
 * '{prefix}: {server message}' when the screen has a prefix (spec 8's 'Erro ao salvar caixa: …').
 * A 5xx, no connection or a bug shows the screen's fallback text (after the prefix), never a stack or English.
 */
export function submitErrors(err: unknown, opts: { hasField: (path: string) => boolean; fallback: string; prefix?: string }): SubmitErrors {
  const fields: SubmitErrors['fields'] = [];
  if (err instanceof ApiError && err.status === 400 && Array.isArray(err.details)) {
    for (const d of err.details) {
      if (isFieldDetail(d) && d.path !== '' && opts.hasField(d.path) && !fields.some((f) => f.path === d.path)) fields.push({ path: d.path, message: d.message });
    }
    if (fields.length > 0 && fields.length === err.details.length) return { fields, root: null };
  }
  const known = err instanceof ApiError && err.status !== 0 && err.status < 500;
  const text = known ? err.message : opts.fallback;
  return { fields, root: opts.prefix ? `${opts.prefix}: ${text}` : text };
}
