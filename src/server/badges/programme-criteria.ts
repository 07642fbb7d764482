import type { Queryable } from '../db/index.js';
import { badRequest } from '../core/errors.js';
import { BADGE_MSG, criteriaFromJson, type TAutoCriteria } from '../../shared/badges.js';
import * as awardRepo from './award-repo.js';

/**
 * The programme's badge criteria (ADR 040): 'especialidade concluída' (one, or any), 'classe
 * concluída', 'N especialidades da área Y'. An enrolment counts once every requisito is signed
 * (completed_on) or it was invested.
 */

/** A criterion must name a class, especialidade or area of the catalogue (400, pt-BR, otherwise). */
export async function assertCatalogueCriteria(q: Queryable, json: unknown): Promise<void> {
  const c = criteriaFromJson(json);
  if (!c) return;
  if (c.type === 'class_completed' || (c.type === 'specialty_completed' && c.item_code)) {
    const kind = await awardRepo.findProgrammeItemKind(q, c.item_code);
    const want = c.type === 'class_completed' ? 'class' : 'specialty';
    if (kind !== want) throw badRequest(c.type === 'class_completed' ? BADGE_MSG.classUnknown : BADGE_MSG.specialtyUnknown);
  }
  if (c.type === 'area_specialties') {
    if (!(await awardRepo.programmeAreaExists(q, c.area_code))) throw badRequest(BADGE_MSG.areaUnknown);
  }
}

/** What a member completed in a club's programme. */
export interface ProgrammeCompletions {
  items: Set<string>;
  specialties: number;
  byArea: Map<string, number>;
}

export const NO_COMPLETIONS: ProgrammeCompletions = { items: new Set(), specialties: 0, byArea: new Map() };

/** What members completed in a club's programme, in one query, by profile (a member with none is absent). */
export async function membersCompletions(q: Queryable, clubId: string, profileIds: readonly string[]): Promise<Map<string, ProgrammeCompletions>> {
  const rows = await awardRepo.listMembersCompletedEnrolments(q, clubId, profileIds);
  const byProfile = new Map<string, ProgrammeCompletions>();
  for (const r of rows) {
    const done = byProfile.get(r.profile_id) ?? { items: new Set<string>(), specialties: 0, byArea: new Map<string, number>() };
    byProfile.set(r.profile_id, done);
    done.items.add(r.item_code);
    if (r.kind !== 'specialty') continue;
    done.specialties += 1;
    if (r.area_code) done.byArea.set(r.area_code, (done.byArea.get(r.area_code) ?? 0) + 1);
  }
  return byProfile;
}

/** Whether the member's completions meet a programme criterion. */
export function programmeCriterionMet(c: TAutoCriteria, done: ProgrammeCompletions): boolean {
  if (c.type === 'specialty_completed') return c.item_code ? done.items.has(c.item_code) : done.specialties > 0;
  if (c.type === 'class_completed') return c.item_code != null && done.items.has(c.item_code);
  if (c.type === 'area_specialties') return c.value >= 1 && c.area_code != null && (done.byArea.get(c.area_code) ?? 0) >= c.value;
  return false;
}
