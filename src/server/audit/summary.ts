import { AUDIT_FIELD_LABELS } from '../../shared/audit.js';

/**
 * The one short line an audit entry shows. before/after hold whole rows (a member, a club, a
 * transaction), so the line keeps a few plain fields and drops anything that could leak: health
 * forms entirely, and any key that names a secret.
 */
const SECRET_KEY = /password|senha|token|secret|hash|code|codigo|otp|totp|mfa|recovery|cookie|session|\bip\b|^ip$/i;
const MAX_FIELDS = 4;
const MAX_VALUE = 40;
const MAX_SUMMARY = 200;

/** Actions whose before/after are never shown: health data stays in the health form. */
export function isSensitiveAction(action: string): boolean {
  return action === 'health' || action.startsWith('health.');
}

function plain(value: unknown): string | null {
  if (value === null) return '—';
  if (typeof value === 'string') return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE - 1)}…` : value;
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'number') return String(value);
  return null;
}

function record(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

const label = (key: string) => AUDIT_FIELD_LABELS[key] ?? key;
const shown = (key: string) => !SECRET_KEY.test(key) && !key.endsWith('_at') && !key.endsWith('_id') && key !== 'id';

function clip(text: string): string | null {
  if (text === '') return null;
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;
}

/** 'campo: antes → depois' for the fields that changed, or 'campo: valor' for a created or removed row. */
export function auditSummary(action: string, before: unknown, after: unknown): string | null {
  if (isSensitiveAction(action)) return null;
  const b = record(before);
  const a = record(after);
  if (b && a) {
    const changed: string[] = [];
    for (const key of Object.keys(a)) {
      if (!shown(key)) continue;
      const was = plain(b[key]);
      const now = plain(a[key]);
      if (now === null || was === now) continue;
      changed.push(was === null ? `${label(key)}: ${now}` : `${label(key)}: ${was} → ${now}`);
      if (changed.length === MAX_FIELDS) break;
    }
    return clip(changed.join('; '));
  }
  const row = a ?? b;
  if (!row) return null;
  const fields: string[] = [];
  for (const [key, value] of Object.entries(row)) {
    // A created or removed row: its empty fields say nothing.
    const text = shown(key) && value !== null && value !== '' ? plain(value) : null;
    if (text === null) continue;
    fields.push(`${label(key)}: ${text}`);
    if (fields.length === MAX_FIELDS) break;
  }
  return clip(fields.join('; '));
}
