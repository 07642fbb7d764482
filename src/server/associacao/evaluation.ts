import type { Db, Queryable } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { badRequest, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { countAtasOfKindOfClubs } from '../secretaria/atas-repo.js';
import {
  EVAL_MSG, EVAL_PROOF_LABELS, EVAL_TARGET_DEFAULTS, deadlineFromColumn, deadlineToColumn,
  type TEvalItem, type TEvalItemFields, type TEvalItemList, type TEvalProof, type TEvalResultItem, type TEvaluation,
} from '../../shared/associacao-evaluation.js';
import { NO_MEMBERS, sgcCountsOfClubs, type SgcCounts } from './service.js';
import { plansSignedOnOfClubs } from './plan-repo.js';
import { judgeDiretoria } from './diretoria.js';
import { listHoldersOfClubs, type HolderRow } from './diretoria-repo.js';
import { listReportStatusOfClubs } from './report-repo.js';
import type { ClubYear, UnitSexRow } from './evaluation-repo.js';
import { clubCalendarFacts } from './repo.js';
import * as repo from './evaluation-repo.js';

/**
 * The Associação's evaluation of a club (issue 48, ADR 077): the club's list (its own copy, else the
 * platform's), each item proved from the club's data where Trilha can (SGC, seguro, annual plan,
 * diretoria, reports, units, atas) or marked by hand, and the score so far.
 */

interface Proved {
  line: string;
  done: boolean;
  missing: string[];
}

/** What the proofs read of one club's books in a year: loaded for many clubs at once, judged club by club. */
interface ClubBooks {
  readiness: SgcCounts;
  planSignedOn: string | null;
  holders: HolderRow[];
  bimonthlyClosed: number;
  units: UnitSexRow[];
  atasDiretoria: number;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const ofCount = (label: string, n: number, of: number) => `${label}: ${n.toLocaleString('pt-BR')} de ${of.toLocaleString('pt-BR')}`;

/** What Trilha proves for one proof code, from the club's books of the year. */
function prove(b: ClubBooks, proof: TEvalProof, target: number | null): Proved {
  const label = EVAL_PROOF_LABELS[proof];
  const goal = target ?? EVAL_TARGET_DEFAULTS[proof] ?? 1;
  switch (proof) {
    case 'sgc_ready': {
      const c = b.readiness;
      const left = c.total - c.sgc_ready;
      return { line: ofCount(label, c.sgc_ready, c.total), done: c.total > 0 && left === 0, missing: c.total === 0 ? ['Nenhum membro ativo no clube.'] : left > 0 ? [`${plural(left, 'membro', 'membros')} com campos do SGC faltando.`] : [] };
    }
    case 'insured': {
      const c = b.readiness;
      const left = c.total - c.insured;
      return { line: ofCount(label, c.insured, c.total), done: c.total > 0 && left === 0, missing: c.total === 0 ? ['Nenhum membro ativo no clube.'] : left > 0 ? [`${plural(left, 'membro', 'membros')} sem seguro no ano.`] : [] };
    }
    case 'annual_plan_signed': {
      const on = b.planSignedOn;
      return { line: `${label}: ${on ? `sim (${brDate(on)})` : 'não'}`, done: on !== null, missing: on ? [] : ['Marque a data da assinatura no Planejamento anual.'] };
    }
    case 'diretoria_complete': {
      const judged = judgeDiretoria(b.holders);
      const done = judged.missing.length === 0 && judged.problems.length === 0;
      return { line: `${label}: ${done ? 'sim' : 'não'}`, done, missing: [...judged.missing.map((m) => `Cargo vazio: ${m}.`), ...judged.problems] };
    }
    case 'bimonthly_reports': {
      const closed = b.bimonthlyClosed;
      return { line: ofCount(label, closed, goal), done: closed >= goal, missing: closed >= goal ? [] : [`Faltam ${plural(goal - closed, 'relatório bimestral fechado', 'relatórios bimestrais fechados')}.`] };
    }
    case 'units_by_sex': {
      const missing: string[] = [];
      let ok = 0;
      for (const u of b.units) {
        if (u.girls > 0 && u.boys > 0) missing.push(`${u.name}: meninos e meninas na mesma unidade.`);
        else if (u.unknown > 0) missing.push(`${u.name}: sexo não informado de ${plural(u.unknown, 'membro', 'membros')} (campos do SGC).`);
        else ok += 1;
      }
      if (b.units.length === 0) missing.push('Nenhuma unidade com membros.');
      return { line: ofCount(label, ok, b.units.length), done: b.units.length > 0 && ok === b.units.length, missing };
    }
    case 'atas_diretoria': {
      const n = b.atasDiretoria;
      return { line: ofCount(label, n, goal), done: n >= goal, missing: n >= goal ? [] : [`Faltam ${plural(goal - n, 'ata', 'atas')} da diretoria no ano.`] };
    }
  }
}

type ReportStatus = { period_kind: string; status: string };

/**
 * What a caller has already read of the same clubs, so the evaluation does not read it again (the regional
 * view reads the reports and the SGC counts for its own columns): the reports of the very years asked,
 * and SGC counts each of the year it names, used for a club only when that is the year asked.
 */
export interface KnownBooks {
  reports?: Map<string, ReportStatus[]>;
  readiness?: Map<string, SgcCounts & { year: number }>;
}

/** The SGC counts of each club's year: from what is known when it is of that year, read for the others. */
async function sgcCountsKnowing(q: Queryable, clubs: ClubYear[], known?: Map<string, SgcCounts & { year: number }>): Promise<Map<string, SgcCounts>> {
  const toRead = clubs.filter((c) => known?.get(c.clubId)?.year !== c.year);
  const read = toRead.length > 0 ? await sgcCountsOfClubs(q, toRead) : new Map<string, SgcCounts>();
  return new Map(clubs.map((c) => [c.clubId, read.get(c.clubId) ?? known?.get(c.clubId) ?? NO_MEMBERS]));
}

/** Rows of many clubs, each club's in the order they came. */
export function groupByClub<T extends { club_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.club_id);
    if (list) list.push(row);
    else map.set(row.club_id, [row]);
  }
  return map;
}

/**
 * The books the proofs in use read, for every club at once: one statement per kind of proof whatever the
 * number of clubs (the regional view shows a hundred clubs side by side), none for a proof no list uses.
 */
async function loadBooks(q: Queryable, clubs: ClubYear[], proofs: Set<TEvalProof>, known: KnownBooks = {}): Promise<(clubId: string) => ClubBooks> {
  const ids = clubs.map((c) => c.clubId);
  const uses = (...p: TEvalProof[]) => p.some((x) => proofs.has(x));
  // One after the other: inside a transaction the statements share one connection.
  const readiness = uses('sgc_ready', 'insured') ? await sgcCountsKnowing(q, clubs, known.readiness) : new Map<string, SgcCounts>();
  const plans = uses('annual_plan_signed') ? await plansSignedOnOfClubs(q, clubs) : new Map<string, string>();
  const holders = uses('diretoria_complete') ? groupByClub(await listHoldersOfClubs(q, ids)) : new Map<string, HolderRow[]>();
  const reports = !uses('bimonthly_reports') ? new Map<string, ReportStatus[]>() : known.reports ?? groupByClub(await listReportStatusOfClubs(q, clubs));
  const units = uses('units_by_sex') ? groupByClub(await repo.unitsBySexOfClubs(q, ids)) : new Map<string, UnitSexRow[]>();
  const atas = uses('atas_diretoria') ? await countAtasOfKindOfClubs(q, clubs, 'diretoria') : new Map<string, number>();
  return (id) => ({
    readiness: readiness.get(id) ?? NO_MEMBERS,
    planSignedOn: plans.get(id) ?? null,
    holders: holders.get(id) ?? [],
    bimonthlyClosed: (reports.get(id) ?? []).filter((r) => r.period_kind === 'bimonthly' && r.status === 'closed').length,
    units: units.get(id) ?? [],
    atasDiretoria: atas.get(id) ?? 0,
  });
}

const toItem = (r: repo.ItemRow): TEvalItem => ({ ...r, deadline: r.deadline ? deadlineFromColumn(r.deadline) : null });
const toRow = (it: TEvalItemFields): repo.ItemRow => ({ ...it, deadline: it.deadline ? deadlineToColumn(it.deadline) : null });

/** The list the club uses: its own copy, else the platform's. */
export async function itemList(q: Queryable, clubId: string | null): Promise<TEvalItemList> {
  return clubId === null ? { source: 'platform', items: (await repo.platformItems(q)).map(toItem) } : (await itemListsOfClubs(q, [clubId]))(clubId);
}

/** {@link itemList} of many clubs: two statements at most (the clubs' own copies, the platform's if one has none). */
async function itemListsOfClubs(q: Queryable, clubIds: string[]): Promise<(clubId: string) => TEvalItemList> {
  const own = groupByClub(await repo.clubItemsOfClubs(q, clubIds));
  const platform = clubIds.some((id) => !own.has(id)) ? (await repo.platformItems(q)).map(toItem) : [];
  return (id) => {
    const items = own.get(id);
    return items ? { source: 'club', items: items.map(({ club_id: _, ...it }) => toItem(it)) } : { source: 'platform', items: platform };
  };
}

/** The club's current year (its time zone): the evaluation's default. */
export async function clubYear(q: Queryable, clubId: string): Promise<number> {
  return Number((await clubCalendarFacts(q, clubId)).today.slice(0, 4));
}

/**
 * The evaluations of many clubs, each of its own year: each item with its proof or hand mark, and the
 * score so far. A fixed number of statements for any number of clubs.
 */
async function evaluationsOfClubs(q: Queryable, clubs: ClubYear[], known?: KnownBooks): Promise<TEvaluation[]> {
  const listOf = await itemListsOfClubs(q, clubs.map((c) => c.clubId));
  const proofs = new Set(clubs.flatMap((c) => listOf(c.clubId).items.flatMap((it) => (it.proof ? [it.proof] : []))));
  const booksOf = await loadBooks(q, clubs, proofs, known);
  const marks = groupByClub(await repo.listMarksOfClubs(q, clubs));
  return clubs.map(({ clubId, year }) => {
    const list = listOf(clubId);
    const b = booksOf(clubId);
    const marked = new Map((marks.get(clubId) ?? []).map((m) => [m.code, m]));
    const items = list.items.map((it): TEvalResultItem => {
      if (it.proof) {
        const p = prove(b, it.proof, it.target);
        return { ...it, proof_line: p.line, missing: p.done ? [] : p.missing, done: p.done, earned: p.done ? it.points : 0, mark: null };
      }
      const m = marked.get(it.code);
      return { ...it, proof_line: null, missing: m ? [] : [it.evidence || 'Marque como feito quando a evidência estiver pronta.'], done: Boolean(m), earned: m ? it.points : 0, mark: m ? { note: m.note, marked_by_name: m.marked_by_name, marked_at: m.marked_at } : null };
    });
    return {
      year, source: list.source, items,
      score: items.reduce((s, i) => s + i.earned, 0), max: items.reduce((s, i) => s + i.points, 0),
      done: items.filter((i) => i.done).length, total: items.length,
    };
  });
}

/** The club's evaluation of a year: each item with its proof or hand mark, and the score so far. */
export async function evaluation(q: Queryable, clubId: string, year?: number): Promise<TEvaluation> {
  const y = year ?? (await clubYear(q, clubId));
  return (await evaluationsOfClubs(q, [{ clubId, year: y }]))[0];
}

/**
 * The scores alone of many clubs, for the views that show them beside other figures (the regional
 * coordinator's), which pass what they have already read of those clubs.
 */
export async function evaluationScores(q: Queryable, clubs: ClubYear[], known?: KnownBooks): Promise<Map<string, { year: number; score: number; max: number; done: number; total: number }>> {
  const all = await evaluationsOfClubs(q, clubs, known);
  return new Map(all.map((e, i) => [clubs[i].clubId, { year: e.year, score: e.score, max: e.max, done: e.done, total: e.total }]));
}

/** Replaces a club's list (its own copy from now on) or, with clubId null, the platform's; audited. */
export async function saveItems(db: Db, actor: { clubId: string | null; actorId: string }, items: TEvalItemFields[]): Promise<TEvalItemList> {
  return db.transaction(async (tx) => {
    await repo.lockList(tx, actor.clubId);
    const before = await itemList(tx, actor.clubId);
    await repo.replaceItems(tx, actor.clubId, items.map(toRow));
    await writeAudit(tx, {
      clubId: actor.clubId, actorId: actor.actorId, action: actor.clubId ? 'associacao.evaluation_items_save' : 'associacao.platform_evaluation_items_save',
      entity: 'evaluation_items', entityId: actor.clubId,
      before: { source: before.source, codes: before.items.map((i) => i.code) }, after: { codes: items.map((i) => i.code) },
    });
    return itemList(tx, actor.clubId);
  });
}

/** The club goes back to the platform's list (its copy is dropped; hand marks stay, by code). */
export async function resetItems(db: Db, access: ClubAccess): Promise<TEvalItemList> {
  return db.transaction(async (tx) => {
    await repo.lockList(tx, access.clubId);
    if (await repo.deleteClubItems(tx, access.clubId)) {
      await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.evaluation_items_reset', entity: 'evaluation_items', entityId: access.clubId });
    }
    return itemList(tx, access.clubId);
  });
}

/** Marks (done) or unmarks an item that Trilha cannot prove, for a year, with a note; audited. */
export async function markItem(db: Db, access: ClubAccess, input: { year: number; code: string; done: boolean; note: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const item = (await itemList(tx, access.clubId)).items.find((i) => i.code === input.code);
    if (!item) throw notFound(EVAL_MSG.itemNotFound);
    if (item.proof) throw badRequest(EVAL_MSG.provedByTrilha);
    const changed = input.done
      ? (await repo.saveMark(tx, access.clubId, input.year, input.code, input.note, access.profileId), true)
      : await repo.deleteMark(tx, access.clubId, input.year, input.code);
    if (changed) {
      await writeAudit(tx, {
        clubId: access.clubId, actorId: access.profileId, action: input.done ? 'associacao.evaluation_mark' : 'associacao.evaluation_unmark',
        entity: 'evaluation_item', entityId: null, after: { year: input.year, code: input.code, note: input.done ? input.note : undefined },
      });
    }
  });
}
