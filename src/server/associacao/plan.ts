import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { badRequest, notFound } from '../core/errors.js';
import { foldHeader, readCsvTable } from '../csv.js';
import { writeAudit } from '../audit/repo.js';
import { POST_LABELS } from '../../shared/associacao.js';
import {
  CALENDAR_KIND_LABELS, ENTRY_KINDS, IMPORT_MAX_ROWS, PLAN_MSG, ZEntryInput, isIsoDay,
  type TCalendar, type TCalendarItem, type TEntryKind, type TFeed, type TImportResult, type TImportRow, type TPlan,
} from '../../shared/associacao-plan.js';
import type { z } from 'zod';
import { parseIcs, writeIcs, type FeedEvent } from './ics.js';
import { listHolders } from './diretoria-repo.js';
import * as repo from './plan-repo.js';

/**
 * The year's plan (issue 48, "Ano do clube"): the club's calendar of a year (meetings from their
 * weekly rules, events and saídas, the dates typed or imported), the annual plan with its goals and
 * signature, and the secret calendar feed (.ics) each member or family subscribes to.
 */

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

async function factsOf(q: Queryable, clubId: string): Promise<repo.ClubFacts> {
  const facts = await repo.clubFacts(q, clubId);
  if (!facts) throw notFound();
  return facts;
}

/**
 * The club's calendar of `year`: the meetings held or scheduled, the weekly rules' next meetings not
 * generated yet (projected to the year's end), events and saídas, and the typed or imported dates.
 * Class and especialidade sessions have no dates in the programme, so they are not in it.
 */
export async function calendar(q: Queryable, clubId: string, year: number | undefined, canManage: boolean): Promise<TCalendar> {
  const facts = await factsOf(q, clubId);
  const y = year ?? Number(facts.today.slice(0, 4));
  const from = `${y}-01-01`;
  const to = `${y}-12-31`;
  const [meetings, rules, events, entries] = await Promise.all([
    repo.listMeetings(q, clubId, from, to), repo.listActiveRules(q, clubId), repo.listEvents(q, clubId, from, to), repo.listEntries(q, clubId, from, to),
  ]);
  const items: TCalendarItem[] = [];
  for (const m of meetings) items.push({ key: `meeting:${m.id}`, kind: 'meeting', title: m.title, starts_on: m.date, ends_on: m.date, time: m.time, place: null, notes: null, entry_id: null });
  for (const r of rules) {
    // The rule's meetings not generated yet: from the day after its cursor (or its start) to the year's end.
    let d = r.last_generated_date ? addDays(r.last_generated_date, 1) : r.start_date;
    if (d < r.start_date) d = r.start_date;
    if (d < from) d = from;
    for (d = addDays(d, (r.weekday - weekdayOf(d) + 7) % 7); d <= to; d = addDays(d, 7)) {
      items.push({ key: `rule:${r.id}:${d}`, kind: 'meeting', title: r.title, starts_on: d, ends_on: d, time: r.time, place: null, notes: null, entry_id: null });
    }
  }
  for (const e of events) items.push({ key: `event:${e.id}`, kind: 'event', title: e.title, starts_on: e.starts_on, ends_on: e.ends_on, time: null, place: e.place, notes: null, entry_id: null });
  for (const e of entries) items.push({ key: `entry:${e.id}`, kind: e.kind, title: e.title, starts_on: e.starts_on, ends_on: e.ends_on, time: null, place: null, notes: e.notes, entry_id: e.id });
  items.sort((a, b) => a.starts_on.localeCompare(b.starts_on) || (a.time ?? '').localeCompare(b.time ?? '') || a.title.localeCompare(b.title, 'pt-BR') || a.key.localeCompare(b.key));
  const pad = (n: number) => String(n).padStart(2, '0');
  return { year: y, today: facts.today, timezone: facts.timezone, items, deadline: `${y}-${pad(facts.month)}-${pad(facts.day)}`, can_manage: canManage };
}

// ——— Dates typed by the club ———

type EntryInput = z.output<typeof ZEntryInput>;

export async function addEntry(db: Db, access: ClubAccess, input: EntryInput): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [id] = await repo.insertEntries(tx, access.clubId, [input], 'typed', access.profileId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.calendar_add', entity: 'calendar_entry', entityId: id, after: { kind: input.kind, title: input.title, starts_on: input.starts_on, ends_on: input.ends_on } });
    return { id };
  });
}

export async function editEntry(db: Db, access: ClubAccess, id: string, input: EntryInput): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    if (!(await repo.updateEntry(tx, access.clubId, id, input))) throw notFound(PLAN_MSG.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.calendar_edit', entity: 'calendar_entry', entityId: id, after: { kind: input.kind, title: input.title, starts_on: input.starts_on, ends_on: input.ends_on } });
    return { id };
  });
}

export async function removeEntry(db: Db, access: ClubAccess, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteEntry(tx, access.clubId, id))) throw notFound(PLAN_MSG.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.calendar_delete', entity: 'calendar_entry', entityId: id });
  });
}

// ——— Import (.ics or CSV): a preview, then all or nothing ———

const fold = foldHeader;
type Col = 'start' | 'end' | 'title' | 'kind' | 'notes';
const HEADER: Record<string, Col> = {
  data: 'start', inicio: 'start', 'data inicial': 'start', 'data de inicio': 'start', start: 'start', date: 'start',
  fim: 'end', 'data final': 'end', 'data de fim': 'end', termino: 'end', ate: 'end', end: 'end',
  nome: 'title', titulo: 'title', evento: 'title', descricao: 'title', title: 'title', summary: 'title',
  tipo: 'kind', kind: 'kind', categoria: 'kind',
  observacao: 'notes', observacoes: 'notes', obs: 'notes', notas: 'notes', notes: 'notes', local: 'notes',
};
const KIND_WORDS: Record<string, TEntryKind> = {
  feriado: 'holiday', holiday: 'holiday', recesso: 'break', ferias: 'break', pausa: 'break', break: 'break',
  associacao: 'associacao', missao: 'associacao', associacao_missao: 'associacao', regiao: 'regional', regional: 'regional', distrito: 'regional',
  clube: 'club', club: 'club',
};
/** What a spreadsheet would run: the first characters the CSV writer neutralises. A date cell may start with '-'? No: refused too. */
const FORMULA = /^[=+\-@\t\r]/;

/** dd/mm/aaaa (or d/m/aaaa, dd-mm-aaaa, dd.mm.aaaa) or AAAA-MM-DD → AAAA-MM-DD, or null when it is not a real day. */
export function parseBrDay(text: string): string | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (match) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isIsoDay(iso) ? iso : null;
}

function parseCsv(content: string): Array<{ line: number } & Partial<Record<Col, string>>> {
  return readCsvTable(content, { header: HEADER, required: ['start', 'title'], maxRows: IMPORT_MAX_ROWS, maxColumns: 10, msg: PLAN_MSG });
}

/** Checks one row like the form does (the same zod schema), collecting pt-BR errors instead of throwing. */
function checkRow(line: number, cells: { start: string; end: string; title: string; kind: string; notes: string }, defaultKind: TEntryKind, startIso: string | null, endIso: string | null): TImportRow {
  const errors: string[] = [];
  const all = Object.values(cells);
  if (all.some((c) => c.includes('\u0000'))) errors.push(PLAN_MSG.nul);
  if (all.some((c) => c.includes('\uFFFD'))) errors.push(PLAN_MSG.unreadable);
  // A formula in any cell is refused, not neutralised: the text would not be the author's (as the requisitos import).
  if (all.some((c) => FORMULA.test(c.trim()))) errors.push(PLAN_MSG.formula);
  const kindText = fold(cells.kind).replace(/ /g, '_');
  const kind = kindText ? KIND_WORDS[kindText] ?? ((ENTRY_KINDS as readonly string[]).includes(kindText) ? kindText as TEntryKind : null) : defaultKind;
  if (kind === null) errors.push(PLAN_MSG.kindUnknown(cells.kind));
  if (cells.start.trim() && !startIso) errors.push(PLAN_MSG.dateInvalid(cells.start));
  if (cells.end.trim() && !endIso) errors.push(PLAN_MSG.dateInvalid(cells.end));
  const parsed = ZEntryInput.safeParse({ kind: kind ?? defaultKind, title: cells.title.split('\u0000').join(''), starts_on: startIso ?? '', ends_on: endIso, notes: cells.notes.split('\u0000').join('') || null });
  if (!parsed.success) for (const issue of parsed.error.issues) if (!errors.includes(issue.message) && !(issue.path[0] === 'starts_on' && cells.start.trim() && !startIso)) errors.push(issue.message);
  const v = parsed.success ? parsed.data : null;
  return {
    line, kind, title: cells.title.slice(0, 120), starts_on: v?.starts_on ?? startIso, ends_on: v?.ends_on ?? endIso ?? startIso,
    notes: cells.notes ? cells.notes.slice(0, 500) : null, errors: [...new Set(errors)],
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

async function importRows(format: 'ics' | 'csv', content: string, kind: TEntryKind, timeZone: string): Promise<TImportRow[]> {
  if (format === 'ics') {
    const dates = await parseIcs(content, timeZone);
    return dates.map((d) => {
      const row = checkRow(d.line, { start: d.starts_on ?? '', end: d.ends_on ?? '', title: d.title, kind: '', notes: d.notes ?? '' }, kind, d.starts_on, d.ends_on);
      return { ...row, errors: [...new Set([...d.errors, ...row.errors])] };
    });
  }
  if (content.includes('\u0000')) throw badRequest(PLAN_MSG.nul);
  const rows = parseCsv(content);
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(PLAN_MSG.tooMany);
  return rows.map((r) => {
    const cells = { start: str(r.start), end: str(r.end), title: str(r.title), kind: str(r.kind), notes: str(r.notes) };
    return checkRow(r.line, cells, kind, cells.start.trim() ? parseBrDay(cells.start) : null, cells.end.trim() ? parseBrDay(cells.end) : null);
  });
}

/**
 * Imports the Associação's or the region's dates from an .ics or a CSV. `dry_run` answers the preview
 * (every row with its errors); otherwise every row must be valid and all are written in one
 * transaction, or none (400 with the rows).
 */
export async function importDates(db: Db, access: ClubAccess, input: { format: 'ics' | 'csv'; content: string; kind: TEntryKind; dry_run: boolean }): Promise<TImportResult> {
  const facts = await factsOf(db, access.clubId);
  const rows = await importRows(input.format, input.content, input.kind, facts.timezone);
  if (rows.length === 0) throw badRequest(PLAN_MSG.empty);
  const valid = rows.every((r) => r.errors.length === 0);
  if (input.dry_run) return { rows, valid, imported: 0, message: valid ? `Prévia: ${PLAN_MSG.imported(rows.length).replace('importada', 'a importar')}` : PLAN_MSG.hasErrors };
  if (!valid) throw badRequest(PLAN_MSG.hasErrors, { rows });
  await db.transaction(async (tx) => {
    const fields = rows.map((r) => ({ kind: r.kind as TEntryKind, title: r.title.trim(), starts_on: r.starts_on as string, ends_on: r.ends_on as string, notes: r.notes?.trim() || null }));
    await repo.insertEntries(tx, access.clubId, fields, input.format, access.profileId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.calendar_import', entity: 'club', entityId: access.clubId, after: { format: input.format, dates: rows.length } });
  });
  return { rows, valid: true, imported: rows.length, message: PLAN_MSG.imported(rows.length) };
}

// ——— The annual plan ———

export async function annualPlan(q: Queryable, clubId: string, year: number | undefined): Promise<TPlan> {
  const cal = await calendar(q, clubId, year, true);
  const facts = await factsOf(q, clubId);
  const plan = await repo.findPlan(q, clubId, cal.year);
  const holders = (await listHolders(q, clubId)).filter((h) => h.starts_on <= `${cal.year}-12-31` && h.ends_on >= `${cal.year}-01-01`);
  return {
    year: cal.year, club_name: facts.name, goals: plan?.goals ?? '', signed_on: plan?.signed_on ?? null,
    diretoria: holders.map((h) => ({ post_label: POST_LABELS[h.post], full_name: h.full_name, starts_on: h.starts_on, ends_on: h.ends_on })),
    calendar: cal,
  };
}

export async function savePlan(db: Db, access: ClubAccess, input: { year: number; goals: string; signed_on: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const facts = await factsOf(tx, access.clubId);
    if (input.signed_on && input.signed_on > facts.today) throw badRequest(PLAN_MSG.signedFuture);
    await repo.savePlan(tx, access.clubId, input.year, input.goals, input.signed_on, access.profileId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.plan_save', entity: 'club', entityId: access.clubId, after: { year: input.year, signed_on: input.signed_on } });
  });
}

// ——— The calendar feed (.ics), one secret URL per person ———

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const feedUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/api/calendar/${token}.ics`;

/** The person's feed: whether one is in force (its URL cannot be shown again: only its hash is kept). */
export async function feedOf(q: Queryable, clubId: string, profileId: string): Promise<TFeed> {
  const row = await repo.findFeed(q, clubId, profileId);
  return { url: null, created_at: row?.created_at ?? null };
}

/** A new secret URL for the person (the old one, if any, stops working). Only its SHA-256 is stored. */
export async function regenerateFeed(db: Db, clubId: string, profileId: string, publicUrl: string): Promise<TFeed> {
  const token = randomBytes(24).toString('base64url');
  const row = await db.transaction(async (tx) => {
    const had = await repo.revokeFeed(tx, clubId, profileId);
    const created = await repo.insertFeed(tx, clubId, profileId, hashToken(token));
    await writeAudit(tx, { clubId, actorId: profileId, action: had ? 'associacao.feed_regenerate' : 'associacao.feed_create', entity: 'calendar_feed', entityId: created.id });
    return created;
  });
  return { url: feedUrl(publicUrl, token), created_at: row.created_at };
}

export async function revokeFeedOf(db: Db, clubId: string, profileId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (await repo.revokeFeed(tx, clubId, profileId)) await writeAudit(tx, { clubId, actorId: profileId, action: 'associacao.feed_revoke', entity: 'calendar_feed', entityId: null });
  });
}

/**
 * The .ics text of a feed token, or null (unknown, revoked, or its owner no longer in the club). The
 * calendar of last year, this year and next: the club's dates only, nothing about any child.
 */
export async function feedIcs(q: Queryable, token: string, now: Date = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const clubId = await repo.clubOfFeed(q, hashToken(token));
  if (!clubId) return null;
  const facts = await factsOf(q, clubId);
  const year = Number(facts.today.slice(0, 4));
  const items = (await Promise.all([year - 1, year, year + 1].map((y) => calendar(q, clubId, y, false)))).flatMap((c) => c.items);
  const seen = new Set<string>();
  const events: FeedEvent[] = [];
  for (const it of items) {
    if (seen.has(it.key)) continue;
    seen.add(it.key);
    events.push({ uid: `${it.key}@trilha`, title: it.title, starts_on: it.starts_on, ends_on: it.ends_on, time: it.time, place: it.place, notes: it.notes, category: CALENDAR_KIND_LABELS[it.kind] });
  }
  return writeIcs({ clubName: facts.name, timeZone: facts.timezone, stamp: now, events });
}
