import { centsToMoney, moneyToCents } from '../../shared/money.js';
import { STATEMENT_MATCH_DAYS, type TStatementLine } from '../../shared/statement.js';
import { EventLoopYielder, type StatementLine } from './statement.js';

/** An open charge as matching needs it (not cancelled, something still owed). */
export interface MatchCharge {
  id: string;
  profile_id: string;
  short_code: string;
  member_name: string;
  description: string;
  /** What it still owes, '85.50'. */
  open_amount: string;
  due_date: string;
}

/** A name that may appear in a credit's text for a member who owes: theirs or a guardian's. */
export interface MatchPayer {
  profile_id: string;
  name: string;
  guardian: boolean;
}

const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

/** Upper-case ASCII words: 'Pedro Conceição' and 'PEDRO CONCEICAO' read alike. */
export function nameTokens(text: string): string[] {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
}

/** Words of a name that say nothing about who it is. */
const PARTICLES = new Set(['DE', 'DA', 'DO', 'DAS', 'DOS', 'E']);

interface NameKey { payer: MatchPayer; first: string; others: string[] }

function nameKeys(payers: MatchPayer[]): Map<string, NameKey[]> {
  const byFirst = new Map<string, NameKey[]>();
  for (const payer of payers) {
    const words = nameTokens(payer.name).filter((w) => !PARTICLES.has(w) && w.length >= 2);
    // A first name alone is too common to point at one person.
    if (words.length < 2) continue;
    const key = { payer, first: words[0], others: words.slice(1) };
    byFirst.set(key.first, [...(byFirst.get(key.first) ?? []), key]);
  }
  return byFirst;
}

/**
 * Proposes a charge for each incoming line (pure, but hands the event loop back on a long file).
 * 1. txid: a charge's short code written in the line's text (a PIX paid from its BR Code carries it),
 *    for at most what the charge still owes.
 * 2. name: the text holds the first name and another word of the name of exactly one member who owes,
 *    or of their guardian (accents and case ignored); their charge that owes exactly the amount, else
 *    the oldest that can take it.
 * 3. amount and date: the one charge whose open amount equals the line's and whose due date is within
 *    `days` of it (two such charges: no proposal, the treasurer decides).
 * A charge is never proposed for more than it owes across the file's lines; lines imported before and
 * outgoing money get none.
 */
export async function matchStatement(
  lines: StatementLine[], charges: MatchCharge[], imported: ReadonlySet<string>,
  opts: { payers?: MatchPayer[]; days?: number; loop?: EventLoopYielder } = {},
): Promise<TStatementLine[]> {
  const days = opts.days ?? STATEMENT_MATCH_DAYS;
  const loop = opts.loop ?? new EventLoopYielder();
  const left = new Map(charges.map((c) => [c.id, moneyToCents(c.open_amount)]));
  // Charges by what they still owe, kept current as lines take from them.
  const byLeft = new Map<bigint, Set<MatchCharge>>();
  const index = (c: MatchCharge, owed: bigint) => {
    const set = byLeft.get(owed) ?? new Set<MatchCharge>();
    set.add(c);
    byLeft.set(owed, set);
  };
  for (const c of charges) index(c, moneyToCents(c.open_amount));
  const byCode = new Map(charges.map((c) => [c.short_code.toUpperCase(), c]));
  const byProfile = new Map<string, MatchCharge[]>();
  for (const c of charges) byProfile.set(c.profile_id, [...(byProfile.get(c.profile_id) ?? []), c]);
  const names = nameKeys((opts.payers ?? []).filter((p) => byProfile.has(p.profile_id)));

  const result: TStatementLine[] = lines.map((l) => ({
    fingerprint: l.fingerprint, line: l.line, date: l.date, amount: l.amount, memo: l.memo,
    status: imported.has(l.fingerprint) ? 'importada' : moneyToCents(l.amount) <= 0n ? 'saida' : 'sem_par',
    match: null, charge: null, payer: null,
  }));
  const propose = (r: TStatementLine, c: MatchCharge, how: 'txid' | 'nome' | 'valor_data') => {
    const owed = left.get(c.id) ?? 0n;
    const rest = owed - moneyToCents(r.amount);
    byLeft.get(owed)?.delete(c);
    left.set(c.id, rest);
    index(c, rest);
    r.status = 'proposta';
    r.match = how;
    r.charge = { id: c.id, short_code: c.short_code, member_name: c.member_name, description: c.description, open_amount: centsToMoney(owed), due_date: c.due_date };
  };
  const open = result.filter((r) => r.status === 'sem_par');

  for (const r of open) {
    const amount = moneyToCents(r.amount);
    for (const t of r.memo.toUpperCase().split(/[^A-Z0-9]+/)) {
      const c = t.length >= 6 ? byCode.get(t) : undefined;
      if (c && (left.get(c.id) ?? 0n) >= amount) {
        propose(r, c, 'txid');
        break;
      }
    }
    await loop.tick();
  }

  for (const r of open) {
    if (r.status !== 'sem_par' || names.size === 0) continue;
    const words = new Set(nameTokens(r.memo));
    const found = new Map<string, MatchPayer>();
    for (const w of words) {
      for (const key of names.get(w) ?? []) {
        if (key.others.some((o) => words.has(o)) && !found.has(key.payer.profile_id)) found.set(key.payer.profile_id, key.payer);
      }
    }
    const amount = moneyToCents(r.amount);
    const theirs = [...found.keys()].flatMap((id) => byProfile.get(id) ?? []).filter((c) => (left.get(c.id) ?? 0n) >= amount);
    const exact = theirs.filter((c) => left.get(c.id) === amount);
    // One person: their oldest charge of that amount, else their oldest that can take it. A guardian of
    // two who owe: only when exactly one charge of theirs is of that amount.
    const pick = found.size === 1 ? exact[0] ?? theirs[0] : exact.length === 1 ? exact[0] : undefined;
    if (pick) {
      propose(r, pick, 'nome');
      const payer = found.get(pick.profile_id);
      r.payer = payer ? { name: payer.name, guardian: payer.guardian } : null;
    }
    await loop.tick();
  }

  for (const r of open) {
    if (r.status !== 'sem_par') continue;
    const day = dayNumber(r.date);
    const fits: MatchCharge[] = [];
    for (const c of byLeft.get(moneyToCents(r.amount)) ?? []) {
      if (Math.abs(dayNumber(c.due_date) - day) > days) continue;
      fits.push(c);
      if (fits.length > 1) break;
    }
    if (fits.length === 1) propose(r, fits[0], 'valor_data');
    await loop.tick();
  }
  return result;
}
