import { STATEMENT_MATCH_DAYS, type TStatementLine } from '../../shared/statement.js';
import type { StatementLine } from './statement.js';

/** An open charge as matching needs it (not cancelled, something still owed). */
export interface MatchCharge {
  id: string;
  short_code: string;
  member_name: string;
  description: string;
  /** What it still owes, '85.50'. */
  open_amount: string;
  due_date: string;
}

const toCents = (s: string) => Math.round(Number(s) * 100);
const centsText = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

/**
 * Proposes a charge for each incoming line (pure). First by txid: a charge's short code written in the
 * line's text (a PIX paid from its BR Code carries it), for at most what the charge still owes. Then
 * by amount and date: the one charge whose open amount equals the line's and whose due date is within
 * `days` of it (two such charges: no proposal, the treasurer decides). A charge is never proposed for
 * more than it owes across the file's lines; lines imported before and outgoing money get none.
 */
export function matchStatement(
  lines: StatementLine[], charges: MatchCharge[], imported: ReadonlySet<string>, days = STATEMENT_MATCH_DAYS,
): TStatementLine[] {
  const left = new Map(charges.map((c) => [c.id, toCents(c.open_amount)]));
  const byCode = new Map(charges.map((c) => [c.short_code.toUpperCase(), c]));
  const result: TStatementLine[] = lines.map((l) => ({
    fingerprint: l.fingerprint, line: l.line, date: l.date, amount: l.amount, memo: l.memo,
    status: imported.has(l.fingerprint) ? 'importada' : toCents(l.amount) <= 0 ? 'saida' : 'sem_par',
    match: null, charge: null,
  }));
  const propose = (r: TStatementLine, c: MatchCharge, how: 'txid' | 'valor_data') => {
    const owed = left.get(c.id) ?? 0;
    left.set(c.id, owed - toCents(r.amount));
    r.status = 'proposta';
    r.match = how;
    r.charge = { id: c.id, short_code: c.short_code, member_name: c.member_name, description: c.description, open_amount: centsText(owed), due_date: c.due_date };
  };
  // 1. The txid in the text.
  for (const r of result) {
    if (r.status !== 'sem_par') continue;
    const tokens = r.memo.toUpperCase().split(/[^A-Z0-9]+/).filter((t) => t.length >= 6);
    for (const t of tokens) {
      const c = byCode.get(t);
      if (c && (left.get(c.id) ?? 0) >= toCents(r.amount)) {
        propose(r, c, 'txid');
        break;
      }
    }
  }
  // 2. The same amount, due near that day, and only one such charge.
  for (const r of result) {
    if (r.status !== 'sem_par') continue;
    const amount = toCents(r.amount);
    const day = dayNumber(r.date);
    const fits = charges.filter((c) => left.get(c.id) === amount && Math.abs(dayNumber(c.due_date) - day) <= days);
    if (fits.length === 1) propose(r, fits[0], 'valor_data');
  }
  return result;
}
