import { z } from 'zod';
import { isIsoDate } from './finance.js';
import { zWholeNumber } from './whole-number.js';
import { zId } from './ids.js';
import { ITEM_KINDS, MARK_MSG, PROGRAMME_MSG, PROGRAMMES } from './programme-messages.js';

/** The club's programme: classes and especialidades, requisitos, enrolments and signatures (ADR 040). */
export { CLASS_KIND_LABEL, ITEM_KINDS, MARK_MSG, PROGRAMME_LABEL, PROGRAMME_MSG, PROGRAMMES, type TItemKind, type TProgramme } from './programme-messages.js';

export { zId };
export const ITEM_CODE_RE = /^[A-Z0-9_-]{2,40}$/;
export const zItemCode = z.string({ error: PROGRAMME_MSG.itemNotFound }).regex(ITEM_CODE_RE, PROGRAMME_MSG.itemNotFound);

// ——— Catalogue ———

export const ZSection = z.object({ code: z.string(), name: z.string(), position: z.number().int() });
export const ZArea = z.object({ code: z.string(), name: z.string(), color: z.string(), position: z.number().int() });
export const ZItem = z.object({
  code: z.string(),
  kind: z.enum(ITEM_KINDS),
  programme: z.enum(PROGRAMMES),
  name: z.string(),
  class_kind: z.enum(['regular', 'avancada', 'lideranca']).nullable(),
  min_age: z.number().int().nullable(),
  prerequisite: z.string().nullable(),
  area_code: z.string().nullable(),
  reference_url: z.string().nullable(),
  position: z.number().int(),
});
export type TSection = z.infer<typeof ZSection>;
export type TArea = z.infer<typeof ZArea>;
export type TItem = z.infer<typeof ZItem>;
export const ZCatalogue = z.object({ sections: z.array(ZSection), areas: z.array(ZArea), items: z.array(ZItem) });
export type TCatalogue = z.infer<typeof ZCatalogue>;

// ——— Settings ———

export const ZProgrammeSettingsInput = z.object({
  programmes: z
    .array(z.enum(PROGRAMMES, { error: PROGRAMME_MSG.programmesInvalid }), { error: PROGRAMME_MSG.programmesInvalid })
    .min(1, PROGRAMME_MSG.programmesInvalid)
    .max(2, PROGRAMME_MSG.programmesInvalid)
    .refine((l) => new Set(l).size === l.length, PROGRAMME_MSG.programmesInvalid),
  points_per_requirement: zWholeNumber(PROGRAMME_MSG.pointsInvalid, { min: 0, max: 1000 }),
  points_per_class: zWholeNumber(PROGRAMME_MSG.pointsInvalid, { min: 0, max: 1000 }),
  points_per_specialty: zWholeNumber(PROGRAMME_MSG.pointsInvalid, { min: 0, max: 1000 }),
});
export type TProgrammeSettingsInput = z.input<typeof ZProgrammeSettingsInput>;
export const ZProgrammeSettings = z.object({
  programmes: z.array(z.enum(PROGRAMMES)),
  points_per_requirement: z.number().int(),
  points_per_class: z.number().int(),
  points_per_specialty: z.number().int(),
});
export type TProgrammeSettings = z.infer<typeof ZProgrammeSettings>;

// ——— Requisitos ———

const SECTION_RE = /^[A-Z]{1,4}$/;
export const ZRequirementInput = z
  .object({
    section_code: z.string({ error: PROGRAMME_MSG.sectionInvalid }).regex(SECTION_RE, PROGRAMME_MSG.sectionInvalid).nullish(),
    text: z.string({ error: PROGRAMME_MSG.textRequired }).trim().min(1, PROGRAMME_MSG.textRequired).max(2000, PROGRAMME_MSG.textRequired),
    in_field: z.boolean({ error: 'Marque ou desmarque "feito em campo"' }).default(false),
    needs_evidence: z.boolean({ error: 'Marque ou desmarque "precisa de comprovação"' }).default(false),
    link_specialty: z.string({ error: PROGRAMME_MSG.linkSpecialtyInvalid }).regex(ITEM_CODE_RE, PROGRAMME_MSG.linkSpecialtyInvalid).nullish(),
    link_area: z.string({ error: PROGRAMME_MSG.linkAreaInvalid }).regex(/^[A-Z]{2}$/, PROGRAMME_MSG.linkAreaInvalid).nullish(),
  })
  .refine((r) => !(r.link_specialty && r.link_area), { message: PROGRAMME_MSG.linkBoth, path: ['link_area'] });
export type TRequirementInput = z.input<typeof ZRequirementInput>;

export const ZRequirement = z.object({
  id: z.string(),
  item_code: z.string(),
  section_code: z.string().nullable(),
  position: z.number().int(),
  text: z.string(),
  in_field: z.boolean(),
  needs_evidence: z.boolean(),
  link_specialty: z.string().nullable(),
  link_area: z.string().nullable(),
  /** true: the platform's list, shown while the club has none of its own for the item. */
  platform: z.boolean(),
});
export type TRequirement = z.infer<typeof ZRequirement>;

export const ZRequirementOrder = z.object({
  ids: z.array(zId(PROGRAMME_MSG.orderInvalid), { error: PROGRAMME_MSG.orderInvalid }).min(1, PROGRAMME_MSG.orderInvalid).max(500, PROGRAMME_MSG.orderInvalid),
});

// ——— Enrolments and the cartão ———

export const ZEnrolmentInput = z.object({
  member_id: zId(PROGRAMME_MSG.memberUnknown),
  item_code: zItemCode,
});

/** Enrols a unit or a list at once: all of them or none (issue 43). */
export const ZBulkEnrolmentInput = z.object({
  item_code: zItemCode,
  member_ids: z
    .array(zId(PROGRAMME_MSG.memberUnknown), { error: PROGRAMME_MSG.membersRequired })
    .min(1, PROGRAMME_MSG.membersRequired)
    .max(200, PROGRAMME_MSG.membersRequired),
});
export const ZBulkEnrolmentResult = z.object({ enrolled: z.number().int() });

/** The roster to enrol from: each active member with the class their age calls for and their classes em andamento. */
export const ZEnrolmentRosterEntry = z.object({
  member_id: z.string(),
  full_name: z.string(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  suggested_class: z.string().nullable(),
  suggested_class_name: z.string().nullable(),
  /** Classes em andamento (not invested), by code. */
  classes: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type TEnrolmentRosterEntry = z.infer<typeof ZEnrolmentRosterEntry>;

/** Removing an enrolment with signatures needs `confirm=1`: the signatures go and their points are reversed. */
export const ZUnenrolQuery = z.object({ confirm: z.enum(['1'], { error: 'Use confirm=1 para confirmar' }).optional() });
export const ZUnenrolResult = z.object({ ok: z.literal(true), signatures_removed: z.number().int(), points_reversed: z.number().int() });

export const ZSignature = z.object({
  id: z.string(),
  requirement_id: z.string(),
  signed_on: z.string(),
  note: z.string().nullable(),
  signed_by_name: z.string().nullable(),
});
export type TSignature = z.infer<typeof ZSignature>;

export const ZProgress = z.object({ signed: z.number().int(), total: z.number().int() });
export type TProgress = z.infer<typeof ZProgress>;

/** A member's mark on a requisito (the latest), as the cartão shows it. */
export const ZMarkInfo = z.object({
  id: z.string(),
  status: z.enum(['pending', 'signed', 'returned']),
  note: z.string().nullable(),
  reason: z.string().nullable(),
  has_evidence: z.boolean(),
  created_at: z.string(),
});
export type TMarkInfo = z.infer<typeof ZMarkInfo>;

export const ZCardEnrolment = z.object({
  id: z.string(),
  item: ZItem,
  started_on: z.string(),
  completed_on: z.string().nullable(),
  invested_on: z.string().nullable(),
  /** Every requisito signed (and at least one exists), not yet invested. */
  ready: z.boolean(),
  progress: ZProgress,
  sections: z.array(z.object({ code: z.string().nullable(), name: z.string(), progress: ZProgress })),
  requirements: z.array(ZRequirement.extend({ signature: ZSignature.nullable(), mark: ZMarkInfo.nullable() })),
});
export type TCardEnrolment = z.infer<typeof ZCardEnrolment>;

export const ZCard = z.object({
  member: z.object({ member_id: z.string(), full_name: z.string(), unit_id: z.string().nullable(), birth_date: z.string().nullable() }),
  /** The class the member's age calls for (from the birth date), if known and the reader may see the birth date. */
  suggested_class: z.string().nullable(),
  suggested_class_name: z.string().nullable(),
  enrolments: z.array(ZCardEnrolment),
  /** Whether the caller may sign on this cartão (at least one of its items). */
  can_sign: z.boolean(),
});
export type TCard = z.infer<typeof ZCard>;

// ——— Signing ———

const ZSignDate = z
  .string({ error: PROGRAMME_MSG.dateInvalid })
  .refine((v) => isIsoDate(v), PROGRAMME_MSG.dateInvalid);

export const ZSignInput = z.object({
  requirement_id: zId(PROGRAMME_MSG.requirementNotFound),
  member_ids: z
    .array(zId(PROGRAMME_MSG.memberUnknown), { error: PROGRAMME_MSG.membersRequired })
    .min(1, PROGRAMME_MSG.membersRequired)
    .max(200, PROGRAMME_MSG.membersRequired),
  /** Club-local date; default today, never in the future. */
  signed_on: ZSignDate.optional(),
  note: z.string({ error: PROGRAMME_MSG.noteTooLong }).trim().max(500, PROGRAMME_MSG.noteTooLong).nullish(),
  /**
   * The id the device gave this signature (the grid's offline queue): a resend with the same id signs
   * nothing and answers what the first request did.
   */
  client_id: zId(PROGRAMME_MSG.clientIdInvalid).optional(),
});
export type TSignInput = z.input<typeof ZSignInput>;

export const ZSignResult = z.object({
  /** Signatures written now (a requisito already signed is left as it was). */
  signed: z.number().int(),
  already: z.number().int(),
  points: z.number().int(),
  /** Members whose enrolment this signature completed. */
  completed: z.array(z.string()),
});
export type TSignResult = z.infer<typeof ZSignResult>;

export const ZUnsignResult = z.object({ points_reversed: z.number().int() });

/**
 * An undo from the grid's offline queue carries the id the device gave it: a resend with the same id
 * reverses nothing more and answers what the first request did.
 */
export const ZUnsignQuery = z.object({ client_id: zId(PROGRAMME_MSG.clientIdInvalid).optional() });

// ——— Instructors ———

export const ZInstructorsInput = z.object({
  member_ids: z.array(zId(PROGRAMME_MSG.instructorInvalid), { error: PROGRAMME_MSG.instructorInvalid }).max(50, PROGRAMME_MSG.instructorInvalid),
});
export const ZInstructor = z.object({ member_id: z.string(), full_name: z.string() });

/** The classes and especialidades assigned to one instructor (from the member's functions). */
export const ZInstructorItemsInput = z.object({
  item_codes: z.array(zItemCode, { error: PROGRAMME_MSG.instructorItemsInvalid }).max(100, PROGRAMME_MSG.instructorItemsInvalid),
});
export const ZInstructorItems = z.object({ item_codes: z.array(z.string()) });

// ——— Grid and prontos ———

export const ZGrid = z.object({
  item: ZItem,
  requirements: z.array(ZRequirement),
  members: z.array(z.object({ member_id: z.string(), full_name: z.string(), unit_id: z.string().nullable(), enrolment_id: z.string(), can_sign: z.boolean() })),
  /** Signed cells: enrolment id and requisito id. */
  signatures: z.array(z.object({ id: z.string(), enrolment_id: z.string(), requirement_id: z.string(), signed_on: z.string() })),
  /** Why the caller signs none of these rows (the grid is read-only), or null. */
  read_only_reason: z.string().nullable(),
  /**
   * Today's roll call (the club's day): the members marked present or late at a meeting of today, or
   * null when no roll call was taken today. 'Assinar para todos os presentes' signs these.
   */
  present_today: z.array(z.string()).nullable(),
});
export type TGrid = z.infer<typeof ZGrid>;

export const ZReadyEntry = z.object({
  enrolment_id: z.string(),
  member_id: z.string(),
  full_name: z.string(),
  item_code: z.string(),
  item_name: z.string(),
  kind: z.enum(ITEM_KINDS),
  completed_on: z.string(),
});
export type TReadyEntry = z.infer<typeof ZReadyEntry>;

// ——— Investidura ———

export const ZInvestitureInput = z.object({
  held_on: z.string({ error: PROGRAMME_MSG.investitureDateInvalid }).refine((v) => isIsoDate(v), PROGRAMME_MSG.investitureDateInvalid),
  place: z.string({ error: PROGRAMME_MSG.placeRequired }).trim().min(1, PROGRAMME_MSG.placeRequired).max(200, PROGRAMME_MSG.placeRequired),
  enrolment_ids: z
    .array(zId(PROGRAMME_MSG.enrolmentNotFound), { error: PROGRAMME_MSG.enrolmentsRequired })
    .min(1, PROGRAMME_MSG.enrolmentsRequired)
    .max(200, PROGRAMME_MSG.enrolmentsRequired),
});
export type TInvestitureInput = z.input<typeof ZInvestitureInput>;

export const ZInvestiture = z.object({
  id: z.string(),
  held_on: z.string(),
  place: z.string(),
  club_name: z.string(),
  invested: z.array(z.object({ enrolment_id: z.string(), member_id: z.string(), full_name: z.string(), item_code: z.string(), item_name: z.string(), kind: z.enum(ITEM_KINDS) })),
});
export type TInvestiture = z.infer<typeof ZInvestiture>;

/** Age in whole years on a date (both ISO). */
export function ageOn(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = onDate.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The regular class a member's age calls for: the highest regular class of the club's programmes
 * whose minimum age the member has reached (Amigo at 10 … Guia at 15; Aventureiros 6–9). Null below
 * every minimum or without a birth date.
 */
export function suggestedClass(items: Pick<TItem, 'code' | 'kind' | 'programme' | 'class_kind' | 'min_age'>[], programmes: readonly string[], birthDate: string | null, today: string): string | null {
  if (!birthDate) return null;
  const age = ageOn(birthDate, today);
  const regular = items
    .filter((i) => i.kind === 'class' && i.class_kind === 'regular' && programmes.includes(i.programme) && i.min_age !== null && i.min_age <= age)
    .sort((a, b) => (b.min_age ?? 0) - (a.min_age ?? 0));
  return regular[0]?.code ?? null;
}

// ——— A member marks a requisito done: the leaders' queue ———



export const ZQueueMark = z.object({
  id: z.string(),
  member_id: z.string(),
  full_name: z.string(),
  unit_name: z.string().nullable(),
  item_code: z.string(),
  item_name: z.string(),
  requirement_id: z.string(),
  requirement_text: z.string(),
  section_code: z.string().nullable(),
  note: z.string().nullable(),
  evidence_name: z.string().nullable(),
  evidence_mime: z.string().nullable(),
  created_at: z.string(),
});
export type TQueueMark = z.infer<typeof ZQueueMark>;

export const ZMarkSignInput = z.object({
  signed_on: z.string({ error: PROGRAMME_MSG.dateInvalid }).refine((v) => isIsoDate(v), PROGRAMME_MSG.dateInvalid).optional(),
  note: z.string({ error: PROGRAMME_MSG.noteTooLong }).trim().max(500, PROGRAMME_MSG.noteTooLong).nullish(),
});
export const ZMarkReturnInput = z.object({
  reason: z.string({ error: MARK_MSG.reasonRequired }).trim().min(1, MARK_MSG.reasonRequired).max(500, MARK_MSG.reasonRequired),
});
export const ZMarkInput = z.object({
  requirement_id: zId(MARK_MSG.requirementRequired),
  note: z.string({ error: MARK_MSG.noteTooLong }).trim().max(500, MARK_MSG.noteTooLong).nullish(),
});
