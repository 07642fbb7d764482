import { z } from 'zod';

/** The programme's reports (secretary and direction, 'programme.manage'): progress, stale requisitos, especialidades per area. */
export const REPORT_MSG = {
  weeksInvalid: 'Informe o número de semanas, de 1 a 104',
} as const;

export const REPORT_KINDS = ['classes', 'units', 'members', 'stale', 'areas'] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_LABEL: Record<TReportKind, string> = {
  classes: 'Progresso por classe',
  units: 'Progresso por unidade',
  members: 'Progresso por membro',
  stale: 'Requisitos sem assinatura',
  areas: 'Especialidades por área',
};

/** Requisitos signed over requisitos required, and where the enrolments stand. */
const progress = {
  enrolled: z.number().int(),
  in_progress: z.number().int(),
  ready: z.number().int(),
  invested: z.number().int(),
  signed: z.number().int(),
  total: z.number().int(),
  /** signed / total, 0–100, whole. */
  percent: z.number().int(),
};

export const ZClassProgressRow = z.object({ item_code: z.string(), item_name: z.string(), ...progress });
export const ZUnitProgressRow = z.object({ unit_id: z.string().nullable(), unit_name: z.string(), ...progress });
export const ZMemberProgressRow = z.object({
  member_id: z.string(),
  full_name: z.string(),
  unit_name: z.string().nullable(),
  item_code: z.string(),
  item_name: z.string(),
  signed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  status: z.enum(['em_andamento', 'pronto', 'investido']),
  completed_on: z.string().nullable(),
  invested_on: z.string().nullable(),
  specialties_completed: z.number().int(),
});
export const ZStaleRequirementRow = z.object({
  requirement_id: z.string(),
  item_code: z.string(),
  item_name: z.string(),
  section_code: z.string().nullable(),
  position: z.number().int(),
  text: z.string(),
  /** The last signature of this requisito in the club, or null if never signed. */
  last_signed_on: z.string().nullable(),
  /** Open enrolments (not invested) still waiting for it. */
  waiting: z.number().int(),
});
export const ZAreaRow = z.object({
  area_code: z.string(),
  area_name: z.string(),
  color: z.string(),
  /** Especialidades of the area in the catalogue. */
  catalogue: z.number().int(),
  in_progress: z.number().int(),
  ready: z.number().int(),
  invested: z.number().int(),
  members: z.number().int(),
});
export type TClassProgressRow = z.infer<typeof ZClassProgressRow>;
export type TUnitProgressRow = z.infer<typeof ZUnitProgressRow>;
export type TMemberProgressRow = z.infer<typeof ZMemberProgressRow>;
export type TStaleRequirementRow = z.infer<typeof ZStaleRequirementRow>;
export type TAreaRow = z.infer<typeof ZAreaRow>;

/** The rows of each report, by kind. */
export interface TReportRows {
  classes: TClassProgressRow[];
  units: TUnitProgressRow[];
  members: TMemberProgressRow[];
  stale: TStaleRequirementRow[];
  areas: TAreaRow[];
}

export const STATUS_LABEL: Record<TMemberProgressRow['status'], string> = { em_andamento: 'Em andamento', pronto: 'Pronto para investidura', investido: 'Investido' };

export const DEFAULT_STALE_WEEKS = 4;
export const ZStaleQuery = z.object({
  weeks: z
    .string({ error: REPORT_MSG.weeksInvalid })
    .regex(/^\d{1,3}$/, REPORT_MSG.weeksInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 104, REPORT_MSG.weeksInvalid)
    .optional(),
});
