import type { Db, Queryable } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { badRequest, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { countAtasOfKind } from '../secretaria/atas-repo.js';
import {
  EVAL_MSG, EVAL_PROOF_LABELS, EVAL_TARGET_DEFAULTS, deadlineFromColumn, deadlineToColumn,
  type TEvalItem, type TEvalItemFields, type TEvalItemList, type TEvalProof, type TEvalResultItem, type TEvaluation,
} from '../../shared/associacao-evaluation.js';
import { clubReadinessCounts } from './service.js';
import { annualPlanSigned } from './plan.js';
import { judgeDiretoria } from './diretoria.js';
import { listHolders } from './diretoria-repo.js';
import { listReports } from './report-repo.js';
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

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const ofCount = (label: string, n: number, of: number) => `${label}: ${n.toLocaleString('pt-BR')} de ${of.toLocaleString('pt-BR')}`;

/** What Trilha proves for one proof code in a year, from the other books (each read once per evaluation). */
function provers(q: Queryable, clubId: string, year: number) {
  let counts: Promise<{ total: number; sgc_ready: number; insured: number }> | null = null;
  const readiness = () => (counts ??= clubReadinessCounts(q, clubId, year));
  return async (proof: TEvalProof, target: number | null): Promise<Proved> => {
    const label = EVAL_PROOF_LABELS[proof];
    const goal = target ?? EVAL_TARGET_DEFAULTS[proof] ?? 1;
    switch (proof) {
      case 'sgc_ready': {
        const c = await readiness();
        const left = c.total - c.sgc_ready;
        return { line: ofCount(label, c.sgc_ready, c.total), done: c.total > 0 && left === 0, missing: c.total === 0 ? ['Nenhum membro ativo no clube.'] : left > 0 ? [`${plural(left, 'membro', 'membros')} com campos do SGC faltando.`] : [] };
      }
      case 'insured': {
        const c = await readiness();
        const left = c.total - c.insured;
        return { line: ofCount(label, c.insured, c.total), done: c.total > 0 && left === 0, missing: c.total === 0 ? ['Nenhum membro ativo no clube.'] : left > 0 ? [`${plural(left, 'membro', 'membros')} sem seguro no ano.`] : [] };
      }
      case 'annual_plan_signed': {
        const p = await annualPlanSigned(q, clubId, year);
        return { line: `${label}: ${p.signed_on ? `sim (${brDate(p.signed_on)})` : 'não'}`, done: p.signed, missing: p.signed ? [] : ['Marque a data da assinatura no Planejamento anual.'] };
      }
      case 'diretoria_complete': {
        const judged = judgeDiretoria(await listHolders(q, clubId));
        const done = judged.missing.length === 0 && judged.problems.length === 0;
        return { line: `${label}: ${done ? 'sim' : 'não'}`, done, missing: [...judged.missing.map((m) => `Cargo vazio: ${m}.`), ...judged.problems] };
      }
      case 'bimonthly_reports': {
        const closed = (await listReports(q, clubId, year)).filter((r) => r.period_kind === 'bimonthly' && r.status === 'closed').length;
        return { line: ofCount(label, closed, goal), done: closed >= goal, missing: closed >= goal ? [] : [`Faltam ${plural(goal - closed, 'relatório bimestral fechado', 'relatórios bimestrais fechados')}.`] };
      }
      case 'units_by_sex': {
        const units = await repo.unitsBySex(q, clubId);
        const missing: string[] = [];
        let ok = 0;
        for (const u of units) {
          if (u.girls > 0 && u.boys > 0) missing.push(`${u.name}: meninos e meninas na mesma unidade.`);
          else if (u.unknown > 0) missing.push(`${u.name}: sexo não informado de ${plural(u.unknown, 'membro', 'membros')} (campos do SGC).`);
          else ok += 1;
        }
        if (units.length === 0) missing.push('Nenhuma unidade com membros.');
        return { line: ofCount(label, ok, units.length), done: units.length > 0 && ok === units.length, missing };
      }
      case 'atas_diretoria': {
        const n = await countAtasOfKind(q, clubId, year, 'diretoria');
        return { line: ofCount(label, n, goal), done: n >= goal, missing: n >= goal ? [] : [`Faltam ${plural(goal - n, 'ata', 'atas')} da diretoria no ano.`] };
      }
    }
  };
}

const toItem = (r: repo.ItemRow): TEvalItem => ({ ...r, deadline: r.deadline ? deadlineFromColumn(r.deadline) : null });
const toRow = (it: TEvalItemFields): repo.ItemRow => ({ ...it, deadline: it.deadline ? deadlineToColumn(it.deadline) : null });

/** The list the club uses: its own copy, else the platform's. */
export async function itemList(q: Queryable, clubId: string | null): Promise<TEvalItemList> {
  if (clubId !== null) {
    const own = await repo.clubItems(q, clubId);
    if (own.length > 0) return { source: 'club', items: own.map(toItem) };
  }
  return { source: 'platform', items: (await repo.platformItems(q)).map(toItem) };
}

/** The club's current year (its time zone): the evaluation's default. */
export async function clubYear(q: Queryable, clubId: string): Promise<number> {
  return Number((await clubCalendarFacts(q, clubId)).today.slice(0, 4));
}

/** The club's evaluation of a year: each item with its proof or hand mark, and the score so far. */
export async function evaluation(q: Queryable, clubId: string, year?: number): Promise<TEvaluation> {
  const y = year ?? (await clubYear(q, clubId));
  const list = await itemList(q, clubId);
  const marks = new Map((await repo.listMarks(q, clubId, y)).map((m) => [m.code, m]));
  const prove = provers(q, clubId, y);
  const items: TEvalResultItem[] = [];
  for (const it of list.items) {
    if (it.proof) {
      const p = await prove(it.proof, it.target);
      items.push({ ...it, proof_line: p.line, missing: p.done ? [] : p.missing, done: p.done, earned: p.done ? it.points : 0, mark: null });
    } else {
      const m = marks.get(it.code);
      items.push({ ...it, proof_line: null, missing: m ? [] : [it.evidence || 'Marque como feito quando a evidência estiver pronta.'], done: Boolean(m), earned: m ? it.points : 0, mark: m ? { note: m.note, marked_by_name: m.marked_by_name, marked_at: m.marked_at } : null });
    }
  }
  return {
    year: y, source: list.source, items,
    score: items.reduce((s, i) => s + i.earned, 0), max: items.reduce((s, i) => s + i.points, 0),
    done: items.filter((i) => i.done).length, total: items.length,
  };
}

/** The score alone, for the views that show it beside other figures (the regional coordinator's). */
export async function evaluationScore(q: Queryable, clubId: string, year: number): Promise<{ score: number; max: number; done: number; total: number }> {
  const e = await evaluation(q, clubId, year);
  return { score: e.score, max: e.max, done: e.done, total: e.total };
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
