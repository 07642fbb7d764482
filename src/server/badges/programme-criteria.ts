import type { Queryable } from '../db/index.js';
import { badRequest } from '../core/errors.js';
import { BADGE_MSG, criteriaFromJson, type TAutoCriteria } from '../../shared/badges.js';

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
    const [row] = await q.query<{ kind: string }>('SELECT kind FROM programme_items WHERE code = $1', [c.item_code]);
    const want = c.type === 'class_completed' ? 'class' : 'specialty';
    if (row?.kind !== want) throw badRequest(c.type === 'class_completed' ? BADGE_MSG.classUnknown : BADGE_MSG.specialtyUnknown);
  }
  if (c.type === 'area_specialties') {
    const [row] = await q.query('SELECT 1 FROM programme_areas WHERE code = $1', [c.area_code]);
    if (!row) throw badRequest(BADGE_MSG.areaUnknown);
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
  const rows = await q.query<{ profile_id: string; item_code: string; kind: string; area_code: string | null }>(
    `SELECT cm.profile_id, e.item_code, e.kind, i.area_code
       FROM club_members cm
       JOIN programme_enrolments e ON e.club_id = cm.club_id AND e.member_id = cm.id
       JOIN programme_items i ON i.code = e.item_code
      WHERE cm.club_id = $1 AND cm.profile_id = ANY($2::uuid[]) AND (e.completed_on IS NOT NULL OR e.invested_on IS NOT NULL)`,
    [clubId, profileIds],
  );
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
