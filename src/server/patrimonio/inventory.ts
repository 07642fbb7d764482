import type { Db, Queryable } from '../db/index.js';
import { toCsv, csvNumber } from '../csv.js';
import { brDate, brDecimal } from '../finance/csv.js';
import { writeAudit } from '../audit/repo.js';
import { PG, conflict, isPgError, notFound } from '../core/errors.js';
import type { Actor } from '../core/access.js';
import {
  ACQUISITION_LABEL, BORROWER_LABEL, CATEGORY_LABEL, CONDITION_LABEL, PAT_MSG, type TInventoryCount, type TItem, type TLoan, type TWrittenOff,
} from '../../shared/patrimonio.js';
import * as repo from './repo.js';
import * as inventoryRepo from './inventory-repo.js';
import { checkId } from './service.js';

/**
 * The inventory with value, for the Associação: one line per item, CSV with neutralised text. The last
 * column links each photo of the item (space-separated), built from the configured public URL (never a
 * request's Host), to the file route its reader may already open (the same 'patrimonio.lend').
 */
export function inventoryCsv(items: TItem[], photos: Map<string, string[]> = new Map(), photoLink: (fileId: string) => string = (id) => id): string {
  const header = ['Item', 'Categoria', 'Quantidade', 'Baixadas', 'Emprestadas', 'Valor unitário (R$)', 'Valor total (R$)', 'Aquisição', 'Data', 'NF-e', 'Voto da igreja', 'Local', 'Estado', 'Fotos (links)'];
  return toCsv([header, ...items.map((i) => [
    i.name, CATEGORY_LABEL[i.category], i.quantity - i.written_off, i.written_off, i.out, csvNumber(brDecimal(i.unit_value)), csvNumber(brDecimal(i.total_value)),
    ACQUISITION_LABEL[i.acquisition], brDate(i.acquired_on), i.nfe_number, i.church_vote, i.location, CONDITION_LABEL[i.condition],
    (photos.get(i.id) ?? []).map(photoLink).join(' '),
  ])]);
}

/** The link of an item's photo in the CSV: the configured public URL and the club's file route. */
export const photoLinkOf = (publicUrl: string, clubId: string) => (fileId: string) => `${publicUrl.replace(/\/+$/, '')}/api/clubs/${clubId}/patrimonio/files/${fileId}`;

export function loansCsv(loans: TLoan[]): string {
  const header = ['Item', 'Quantidade', 'Com', 'Quem', 'Devolver até', 'Atrasado'];
  return toCsv([header, ...loans.map((l) => [l.item_name, l.quantity, BORROWER_LABEL[l.borrower_kind], l.borrower_name, brDate(l.due_on), l.overdue ? 'Sim' : 'Não'])]);
}

export function writtenOffCsv(rows: TWrittenOff[], timezone: string): string {
  const header = ['Data', 'Item', 'Tipo', 'Quantidade', 'Valor (R$)', 'Motivo', 'Voto da igreja'];
  const day = (at: string) => new Intl.DateTimeFormat('pt-BR', { timeZone: timezone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(at));
  return toCsv([header, ...rows.map((r) => [day(r.at), r.item_name, r.kind === 'baixa' ? 'Baixa' : 'Perda', r.quantity, csvNumber(brDecimal(r.value)), r.note, r.church_vote])]);
}

// ——— Inventory counts ———

async function readCount(q: Queryable, clubId: string, id: string): Promise<TInventoryCount> {
  const head = await inventoryRepo.countHead(q, clubId, id);
  if (!head) throw notFound(PAT_MSG.countNotFound);
  // Expected in the storeroom: the units not written off and not out on loan.
  const lines = await inventoryRepo.countLines(q, clubId, id);
  const missing = lines.filter((l) => l.expected > 0 && (l.found ?? 0) < l.expected).length;
  return { ...head, lines, missing, ticked: lines.filter((l) => l.found !== null).length };
}

/** The open count, or null. */
export async function openCount(q: Queryable, clubId: string): Promise<TInventoryCount | null> {
  const id = await inventoryRepo.openCountId(q, clubId);
  return id ? readCount(q, clubId, id) : null;
}

/** Starts a count; one open per club (the unique index settles two at once). */
export async function startCount(db: Db, actor: Actor): Promise<TInventoryCount> {
  try {
    return await db.transaction(async (tx) => {
      const id = await inventoryRepo.insertCount(tx, actor.clubId, actor.profileId);
      await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'patrimonio.count', entity: 'patrimonio_count', entityId: id, after: { started: true } });
      return readCount(tx, actor.clubId, id);
    });
  } catch (err) {
    if (isPgError(err) && err.code === PG.uniqueViolation) throw conflict(PAT_MSG.countOpen);
    throw err;
  }
}

async function lockOpenCount(tx: Queryable, clubId: string, countId: string): Promise<void> {
  checkId(countId, PAT_MSG.countNotFound);
  const c = await inventoryRepo.lockCount(tx, clubId, countId);
  if (!c) throw notFound(PAT_MSG.countNotFound);
  if (c.closed_at !== null) throw conflict(PAT_MSG.countClosed);
}

/** Ticks an item as found (how many units) while walking the storeroom. */
export async function markCount(db: Db, actor: Actor, countId: string, itemId: string, found: number): Promise<TInventoryCount> {
  checkId(itemId, PAT_MSG.itemNotFound);
  return db.transaction(async (tx) => {
    await lockOpenCount(tx, actor.clubId, countId);
    if (!(await repo.getItem(tx, actor.clubId, itemId))) throw notFound(PAT_MSG.itemNotFound);
    await inventoryRepo.upsertCountMark(tx, actor.clubId, countId, itemId, found, actor.profileId);
    return readCount(tx, actor.clubId, countId);
  });
}

export async function closeCount(db: Db, actor: Actor, countId: string): Promise<TInventoryCount> {
  return db.transaction(async (tx) => {
    await lockOpenCount(tx, actor.clubId, countId);
    await inventoryRepo.closeCountRow(tx, actor.clubId, countId);
    const result = await readCount(tx, actor.clubId, countId);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'patrimonio.count', entity: 'patrimonio_count', entityId: countId, after: { closed: true, missing: result.missing, ticked: result.ticked } });
    return result;
  });
}
