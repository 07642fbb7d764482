import type { Queryable } from '../db/index.js';
import { insertAto } from './books-repo.js';
import { factMember } from './ato-drafts-repo.js';

/** The facts Trilha records that the livro de atos registers (issue 47). */
export type TFactKind = 'admissao' | 'desligamento' | 'investidura' | 'nomeacao';

export interface TFact {
  kind: TFactKind;
  /** Whom it is about: a member of the club, or the profile that just joined it. */
  who: { memberId: string } | { profileId: string };
  /** The day of the fact (ISO); the club's today when omitted. */
  date?: string;
  body: string;
  /** A nomeação: the function or post, and its term when the fact has one. */
  roleTitle?: string | null;
  termStart?: string | null;
  termEnd?: string | null;
}

/**
 * A draft act for the secretary to confirm, written when Trilha records the fact itself (a member added
 * or removed, an investidura, a function or a diretoria post given). Called by the other domains'
 * services inside the transaction that records the fact: both are kept, or neither. A draft has no
 * number (it gets one when confirmed), so a discarded draft leaves no gap in the book.
 */
export async function draftAtoFromFact(tx: Queryable, clubId: string, fact: TFact, by: string | null): Promise<void> {
  const member = await factMember(tx, clubId, fact.who);
  if (!member) return;
  await insertAto(tx, clubId, null, fact.kind, {
    kind: fact.kind, acted_on: fact.date ?? member.today, member_id: member.id, person_name: member.name,
    role_title: fact.roleTitle?.slice(0, 120) ?? null, term_start: fact.termStart ?? null, term_end: fact.termEnd ?? null, body: fact.body.slice(0, 20_000), voto_id: null,
  }, by);
}
