import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { USER_TYPE_LABEL } from '../../shared/admin.js';
import { AUDIT_FIELD_LABELS } from '../../shared/audit.js';
import { BADGE_TYPE_LABEL, CATEGORY_LABEL, RARITY_LABEL } from '../../shared/badges.js';
import { CONSENT_LABEL } from '../../shared/families.js';
import { PAYMENT_METHOD_LABEL } from '../../shared/charges.js';
import { TRANSACTION_TYPE_LABEL } from '../../shared/finance.js';
import { formatMoney } from '../../shared/format-brl.js';
import { MEETING_STATUS_LABEL, MEETING_TYPE_LABEL } from '../../shared/meetings.js';
import { ROLE_LABELS } from '../../shared/permissions.js';
import { ASSIGNMENT_STATUS_LABEL } from '../../shared/progress.js';
import { FREQUENCY_LABELS } from '../../shared/recurring.js';
import { ANSWER_TYPE_LABELS, TASK_TYPE_LABELS } from '../../shared/tasks.js';
import { DEFAULT_TIMEZONE, TIMEZONE_GROUPS } from '../../shared/timezones.js';
import { isUuid } from '../../shared/ids.js';
import { centsToMoney } from '../../shared/money.js';

/**
 * The one short line an audit entry shows. before/after hold whole rows (a member, a club, a
 * transaction), so the line keeps a few plain fields and drops anything that could leak: health
 * forms entirely, and any key that names a secret. Values read as the screens show them: the pt-BR
 * name of a code, money as 'R$ 1.234,56', dates as dd/mm/aaaa and instants in the club's time zone.
 */
const SECRET_KEY = /password|senha|token|secret|hash|code|codigo|otp|totp|mfa|recovery|cookie|session|\bip\b|^ip$/i;
const MAX_FIELDS = 4;
const MAX_VALUE = 40;
const MAX_SUMMARY = 200;

type Labels = Readonly<Record<string, string>>;

const TIMEZONE_LABEL: Labels = Object.fromEntries(TIMEZONE_GROUPS.flatMap((g) => g.zones.map((z) => [z.value, z.label])));

/** Fields whose codes mean the same whatever the row. */
const FIELD_VALUE_LABELS: Readonly<Record<string, Labels>> = {
  role: ROLE_LABELS,
  frequency: FREQUENCY_LABELS,
  rarity: RARITY_LABEL,
  badge_type: BADGE_TYPE_LABEL,
  category: CATEGORY_LABEL,
  answer_type: ANSWER_TYPE_LABELS,
  user_type: USER_TYPE_LABEL,
  timezone: TIMEZONE_LABEL,
  method: PAYMENT_METHOD_LABEL,
};

/** 'type' and 'status' mean something else in each domain (the part of the action before the first dot). */
const DOMAIN_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, Labels>>>> = {
  task: { type: TASK_TYPE_LABELS },
  recurring_task: { type: TASK_TYPE_LABELS },
  progress: { status: ASSIGNMENT_STATUS_LABEL },
  submission: { status: ASSIGNMENT_STATUS_LABEL },
  transaction: { type: TRANSACTION_TYPE_LABEL },
  chart_account: { type: TRANSACTION_TYPE_LABEL },
  meeting: { type: MEETING_TYPE_LABEL, status: MEETING_STATUS_LABEL },
  consent: { status: CONSENT_LABEL },
};

/** The pt-BR names a field's codes have in an action's entries, or null for a field of free values. */
export function auditValueLabels(action: string, key: string): Labels | null {
  const domain = action.split('.')[0] ?? '';
  return DOMAIN_VALUE_LABELS[domain]?.[key] ?? FIELD_VALUE_LABELS[key] ?? null;
}

/** Every code map the summaries read, for the tests that no code is ever shown raw. */
export const AUDIT_VALUE_LABEL_MAPS: ReadonlyArray<{ domain: string | null; key: string; labels: Labels }> = [
  ...Object.entries(FIELD_VALUE_LABELS).map(([key, labels]) => ({ domain: null, key, labels })),
  ...Object.entries(DOMAIN_VALUE_LABELS).flatMap(([domain, fields]) => Object.entries(fields).map(([key, labels]) => ({ domain, key, labels }))),
];

/** Money columns are numeric(14,2) and travel as decimal strings ('1234.50'); a '_cents' key holds whole cents. */
const MONEY_KEYS = new Set(['amount', 'initial_balance', 'current_balance', 'goal_amount', 'target_amount', 'current_amount',
  'expected_balance', 'difference', 'cash_account_balance', 'savings_goal_amount', 'paid_amount']);

function centsToDecimal(cents: string): string | null {
  const s = cents.trim();
  return /^-?\d+$/.test(s) ? centsToMoney(BigInt(s)) : null;
}

function money(key: string, value: string | number): string | null {
  const raw = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : null) : value;
  if (raw === null) return null;
  const decimal = key.endsWith('_cents') ? centsToDecimal(raw) : raw.trim();
  return decimal !== null && /^-?\d+(\.\d{1,2})?$/.test(decimal) ? formatMoney(decimal) : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const CLOCK = /^(\d{2}):(\d{2}):\d{2}(?:\.\d+)?$/;

/** '2026-03-10' → '10/03/2026'; an instant → 'dd/mm/aaaa hh:mm' where the club lives; '15:00:00' → '15:00'. */
function dateOrTime(value: string, timeZone: string): string | null {
  const day = ISO_DATE.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const instant = ISO_INSTANT.exec(value);
  if (instant) {
    const at = instant[6] ? Date.parse(value.replace(' ', 'T')) : Number.NaN;
    if (!Number.isNaN(at)) return format(new TZDate(at, timeZone), 'dd/MM/yyyy HH:mm');
    // No offset (or not a real day): the wall clock as written.
    return `${instant[3]}/${instant[2]}/${instant[1]} ${instant[4]}:${instant[5]}`;
  }
  const clock = CLOCK.exec(value);
  return clock ? `${clock[1]}:${clock[2]}` : null;
}

/** A row's links to other rows ('reversal_of', 'first_admin.id'): an id says nothing to a person. */

const NUMBER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

interface Shown {
  labels: Labels | null;
  timeZone: string;
}

function plain(key: string, value: unknown, how: Shown): string | null {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (MONEY_KEYS.has(key) || key.endsWith('_cents')) {
    const brl = money(key, value);
    if (brl !== null) return brl;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? NUMBER.format(value) : String(value);
  if (isUuid(value)) return null;
  const named = how.labels && Object.hasOwn(how.labels, value) ? how.labels[value] : undefined;
  if (named !== undefined) return named;
  const when = dateOrTime(value, how.timeZone);
  if (when !== null) return when;
  return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE - 1)}…` : value;
}

function record(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

const label = (key: string) => AUDIT_FIELD_LABELS[key] ?? key;
/** A field a person may read: no secret, no id or timestamp column. */
export const isReadableAuditField = (key: string) => !SECRET_KEY.test(key) && !key.endsWith('_at') && !key.endsWith('_id') && key !== 'id';
// Only fields with a pt-BR name are shown: a whole row's other columns never reach the screen as code (issue 43).
const shown = (key: string) => isReadableAuditField(key) && Object.hasOwn(AUDIT_FIELD_LABELS, key);

function clip(text: string): string | null {
  if (text === '') return null;
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;
}

/**
 * 'Campo: antes → depois' for the fields that changed, or 'Campo: valor' for a created or removed
 * row. Instants are shown in `timeZone` (the club's; Brasília time on the platform's log).
 */
export function auditSummary(action: string, before: unknown, after: unknown, timeZone: string = DEFAULT_TIMEZONE): string | null {
  if (isSensitiveAction(action)) return null;
  const how = (key: string): Shown => ({ labels: auditValueLabels(action, key), timeZone });
  const b = record(before);
  const a = record(after);
  if (b && a) {
    const changed: string[] = [];
    for (const key of Object.keys(a)) {
      // A field the old row did not have, and the new one leaves empty, did not change.
      if (!shown(key) || (!Object.hasOwn(b, key) && (a[key] === null || a[key] === ''))) continue;
      const was = plain(key, b[key], how(key));
      const now = plain(key, a[key], how(key));
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
    const text = shown(key) && value !== null && value !== '' ? plain(key, value, how(key)) : null;
    if (text === null) continue;
    fields.push(`${label(key)}: ${text}`);
    if (fields.length === MAX_FIELDS) break;
  }
  return clip(fields.join('; '));
}

/** Actions whose before/after are never shown: health data stays in the health form. */
export function isSensitiveAction(action: string): boolean {
  return action === 'health' || action.startsWith('health.');
}
