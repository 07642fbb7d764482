import type { Db } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { ASSOC_MSG, POSTS, POST_LABELS, POST_MSG, POST_SEATS, SECRETARY_MIN_AGE, missingTermosLine, type TDiretoria, type TPost, type TPostHolder, type TTermoAdesao, type TVolunteer } from '../../shared/associacao.js';
import { roleLabel } from '../../shared/members.js';
import { isUuid } from '../../shared/ids.js';
import { lockMember } from './repo.js';
import * as repo from './diretoria-repo.js';
import { draftAtoFromFact } from '../secretaria/ato-drafts.js';
import { termosSignedOn } from '../secretaria/pasta-repo.js';

/** The posts of the diretoria still empty, given the terms in force (two seats for the associates). */
export function missingPosts(current: Array<{ post: TPost }>): string[] {
  const missing: string[] = [];
  for (const post of POSTS) {
    const held = current.filter((r) => r.post === post).length;
    const seats = POST_SEATS[post];
    if (held < seats) missing.push(seats === 1 ? POST_LABELS[post] : `${POST_LABELS[post]}: falta${seats - held > 1 ? 'm' : ''} ${seats - held}`);
  }
  return missing;
}

/**
 * The Associação's rules on the current terms: each post filled (two associates), the director of age,
 * the two associates of different sexes, the secretary at least 16. Pure, so the panel and a test read the same.
 */
export function judgeDiretoria(rows: repo.HolderRow[]): { missing: string[]; problems: string[] } {
  const current = rows.filter((r) => r.current);
  const missing = missingPosts(current);
  const problems: string[] = [];
  for (const d of current.filter((r) => r.post === 'director' && r.minor)) problems.push(`${d.full_name}: a direção do clube cabe a alguém maior de idade.`);
  const associates = current.filter((r) => r.post === 'associate');
  if (associates.length > 2) problems.push(`Há ${associates.length} na direção associada: a Associação aceita até duas pessoas.`);
  if (associates.length === 2) {
    if (associates.some((a) => a.sex === null)) problems.push('Informe o sexo dos diretores associados (campos do SGC) para conferir a regra.');
    else if (associates[0].sex === associates[1].sex) problems.push('Os dois diretores associados devem ser de sexos diferentes.');
  }
  for (const s of current.filter((r) => r.post === 'secretary')) {
    if (s.secretary_age_ok === null) problems.push(`${s.full_name}: sem data de nascimento; a secretaria pede ao menos ${SECRETARY_MIN_AGE} anos.`);
    else if (!s.secretary_age_ok) problems.push(`${s.full_name}: a secretaria pede ao menos ${SECRETARY_MIN_AGE} anos.`);
  }
  return { missing, problems };
}

const toHolder = (r: repo.HolderRow): TPostHolder => ({ id: r.id, post: r.post, member_id: r.member_id, full_name: r.full_name, starts_on: r.starts_on, ends_on: r.ends_on, current: r.current });

/** A volunteer's function and posts today, in pt-BR, each once (a director's role and post say the same). */
const functionsOf = (role: string, posts: TPost[]): string[] => [...new Set([roleLabel(role), ...posts.map((p) => POST_LABELS[p])])];

/** The club's volunteers, each with the day their termo de adesão was kept in the pasta (null: missing). */
export async function volunteers(db: Db, clubId: string): Promise<TVolunteer[]> {
  const signed = await termosSignedOn(db, clubId);
  return (await repo.listVolunteers(db, clubId)).map((v) => ({
    member_id: v.member_id, full_name: v.full_name, functions: functionsOf(v.role, v.posts), termo_signed_on: signed.get(v.member_id) ?? null,
  }));
}

/** The panel: the posts and their rules, the volunteers and their termos; the missing list counts both. */
export async function diretoria(db: Db, clubId: string): Promise<TDiretoria> {
  const rows = await repo.listHolders(db, clubId);
  const judged = judgeDiretoria(rows);
  const people = await volunteers(db, clubId);
  const termos = missingTermosLine(people.filter((v) => v.termo_signed_on === null).length);
  return {
    holders: rows.map(toHolder), volunteers: people,
    missing: termos ? [...judged.missing, termos] : judged.missing, problems: judged.problems,
    candidates: await repo.listCandidates(db, clubId),
  };
}

/** The termo de adesão of a member of this club, pre-filled for printing (404 for anyone else). */
export async function termoAdesao(db: Db, clubId: string, memberId: string): Promise<TTermoAdesao> {
  const facts = isUuid(memberId) ? await repo.termoFacts(db, clubId, memberId.toLowerCase()) : null;
  if (!facts) throw notFound(ASSOC_MSG.memberNotFound);
  const terms = await repo.currentTermsOf(db, clubId, facts.member_id);
  return {
    club_name: facts.club_name, city: facts.city, today: facts.today,
    member: { id: facts.member_id, full_name: facts.full_name, cpf: facts.cpf, functions: functionsOf(facts.role, terms.map((t) => t.post)) },
    terms: terms.map((t) => ({ label: POST_LABELS[t.post], starts_on: t.starts_on, ends_on: t.ends_on })),
  };
}

/** Creates (id null) or edits a post holder; the person must be an active member of this club. */
export async function savePost(db: Db, access: ClubAccess, id: string | null, input: repo.PostFields): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    if (!(await lockMember(tx, access.clubId, input.member_id))) throw notFound(ASSOC_MSG.memberNotFound);
    let postId = id;
    if (postId === null) {
      postId = await repo.insertPost(tx, access.clubId, input, access.profileId);
      // A post given is a nomeação with its term in the livro de atos (a draft the secretary confirms).
      await draftAtoFromFact(tx, access.clubId, {
        kind: 'nomeacao', who: { memberId: input.member_id }, date: input.starts_on, roleTitle: POST_LABELS[input.post],
        termStart: input.starts_on, termEnd: input.ends_on, body: `Nomeação para o cargo de ${POST_LABELS[input.post]} na diretoria do clube.`,
      }, access.profileId);
    }
    else if (!(await repo.updatePost(tx, access.clubId, postId, input))) throw notFound(POST_MSG.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.post_save', entity: 'diretoria_post', entityId: postId, after: { post: input.post, starts_on: input.starts_on, ends_on: input.ends_on } });
    return { id: postId };
  });
}

export async function removePost(db: Db, access: ClubAccess, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.deletePost(tx, access.clubId, id))) throw notFound(POST_MSG.notFound);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.post_delete', entity: 'diretoria_post', entityId: id });
  });
}
