import { z } from 'zod';
import { isIsoDate } from './finance.js';
import { zWholeNumber } from './whole-number.js';
import { zId } from './ids.js';

export const MEETING_MSG = {
  titleRequired: 'Informe o título da reunião',
  dateRequired: 'Informe a data da reunião (AAAA-MM-DD)',
  timeInvalid: 'Informe o horário no formato HH:MM',
  typeInvalid: 'Escolha o tipo da reunião',
  weekdayInvalid: 'Escolha o dia da semana',
  notFound: 'Reunião não encontrada',
  cancelled: 'Esta reunião foi cancelada: a chamada não pode ser alterada.',
  created: 'Reunião criada com sucesso!',
  updated: 'Reunião atualizada com sucesso!',
  cancelledOk: 'Reunião cancelada.',
  ruleCreated: 'Reuniões recorrentes criadas!',
  criterionNameRequired: 'Informe o nome do critério',
  criterionPointsInvalid: 'Os pontos devem ser um número inteiro entre 0 e 1000',
  criterionNotFound: 'Critério não encontrado',
  criterionUnknown: 'Critério de inspeção inválido ou inativo',
  memberUnknown: 'Membro não encontrado neste clube',
  memberRepeated: 'Um membro aparece mais de uma vez na chamada',
  statusInvalid: 'Escolha Presente, Atrasado, Falta ou Justificada',
  marksRequired: 'Informe ao menos um membro na chamada',
  notYourUnit: 'Você só pode fazer a chamada da sua unidade.',
  rollCallForbidden: 'Apenas administradores e conselheiros podem fazer a chamada.',
  readForbidden: 'Você não tem permissão para ver a chamada.',
  saved: 'Chamada salva!',
  queued: 'Sem conexão: chamada guardada, pendente de envio.',
  periodInvalid: 'Informe um período válido (de/até em AAAA-MM-DD)',
} as const;

export const MEETING_TYPES = ['regular', 'special', 'camp'] as const;
export type TMeetingType = (typeof MEETING_TYPES)[number];
export const MEETING_TYPE_LABEL: Record<TMeetingType, string> = { regular: 'Regular', special: 'Evento especial', camp: 'Acampamento' };

export const MEETING_STATUSES = ['scheduled', 'cancelled'] as const;
export type TMeetingStatus = (typeof MEETING_STATUSES)[number];
export const MEETING_STATUS_LABEL: Record<TMeetingStatus, string> = { scheduled: 'Agendada', cancelled: 'Cancelada' };

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type TAttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_STATUS_LABEL: Record<TAttendanceStatus, string> = { present: 'Presente', late: 'Atrasado', absent: 'Falta', excused: 'Justificada' };

export const WEEKDAY_LABEL = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'] as const;

/** How many days ahead a recurring rule creates meetings. */
export const MEETING_RULE_HORIZON_DAYS = 28;

/** Whether a criterion is ticked by default for a status (Presente ticks both, Atrasado only Presença). */
export function autoTicked(autoTick: TCriterionAutoTick | null, status: TAttendanceStatus): boolean {
  if (autoTick === 'attended') return status === 'present' || status === 'late';
  if (autoTick === 'on_time') return status === 'present';
  return false;
}

/** Only members who came (Presente or Atrasado) earn points; an absent member earns nothing. */
export function earnsPoints(status: TAttendanceStatus): boolean {
  return status === 'present' || status === 'late';
}

const ZIsoDate = (message: string) => z.string({ error: message }).refine((v) => isIsoDate(v), message);
const ZTime = z
  .string({ error: MEETING_MSG.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, MEETING_MSG.timeInvalid)
  .transform((v) => v.slice(0, 5));
const ZTitle = z.string({ error: MEETING_MSG.titleRequired }).trim().min(1, MEETING_MSG.titleRequired).max(120, MEETING_MSG.titleRequired);
const ZType = z.enum(MEETING_TYPES, { error: MEETING_MSG.typeInvalid });

export const ZMeetingInput = z.object({
  date: ZIsoDate(MEETING_MSG.dateRequired),
  title: ZTitle,
  type: ZType.default('regular'),
  start_time: ZTime.default('15:00'),
});
export type TMeetingInput = z.input<typeof ZMeetingInput>;

export const ZMeeting = z.object({
  id: z.string(),
  club_id: z.string(),
  rule_id: z.string().nullable(),
  date: z.string(),
  start_time: z.string(),
  starts_at: z.string(),
  title: z.string(),
  type: ZType,
  status: z.enum(MEETING_STATUSES),
  present_count: z.number().int(),
  marked_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TMeeting = z.infer<typeof ZMeeting>;

export const ZMeetingRuleInput = z.object({
  title: ZTitle,
  type: ZType.default('regular'),
  weekday: z.number({ error: MEETING_MSG.weekdayInvalid }).int(MEETING_MSG.weekdayInvalid).min(0, MEETING_MSG.weekdayInvalid).max(6, MEETING_MSG.weekdayInvalid),
  start_time: ZTime,
  start_date: ZIsoDate(MEETING_MSG.dateRequired).optional(),
});
export type TMeetingRuleInput = z.input<typeof ZMeetingRuleInput>;

export const ZMeetingRule = z.object({
  id: z.string(),
  title: z.string(),
  type: ZType,
  weekday: z.number().int(),
  start_time: z.string(),
  start_date: z.string(),
  active: z.boolean(),
  last_generated_date: z.string().nullable(),
});
export type TMeetingRule = z.infer<typeof ZMeetingRule>;
export const ZMeetingRuleCreated = z.object({ rule: ZMeetingRule, created: z.number().int() });

export const CRITERION_AUTO_TICKS = ['attended', 'on_time'] as const;
export type TCriterionAutoTick = (typeof CRITERION_AUTO_TICKS)[number];

export const ZCriterionInput = z.object({
  name: z.string({ error: MEETING_MSG.criterionNameRequired }).trim().min(1, MEETING_MSG.criterionNameRequired).max(60, MEETING_MSG.criterionNameRequired),
  points: zWholeNumber(MEETING_MSG.criterionPointsInvalid, { min: 0, max: 1000 }),
  active: z.boolean().default(true),
  position: zWholeNumber(MEETING_MSG.criterionPointsInvalid, { min: 0, max: 1000 }).default(0),
});
export type TCriterionInput = z.input<typeof ZCriterionInput>;

export const ZCriterion = z.object({
  id: z.string(),
  name: z.string(),
  points: z.number().int(),
  active: z.boolean(),
  position: z.number().int(),
  auto_tick: z.enum(CRITERION_AUTO_TICKS).nullable(),
});
export type TCriterion = z.infer<typeof ZCriterion>;

export const ZMarkInput = z.object({
  member_id: zId(MEETING_MSG.memberUnknown),
  status: z.enum(ATTENDANCE_STATUSES, { error: MEETING_MSG.statusInvalid }),
  criteria: z.array(zId(MEETING_MSG.criterionUnknown), { error: MEETING_MSG.criterionUnknown }).max(50).default([]),
  /** The mark's updated_at the client saw (null: none), to tell the user when someone else wrote it since. */
  base_updated_at: z.string().max(40).nullish(),
});
export type TMarkInput = z.input<typeof ZMarkInput>;

export const ZAttendanceInput = z.object({
  marks: z.array(ZMarkInput, { error: MEETING_MSG.marksRequired }).min(1, MEETING_MSG.marksRequired).max(500),
});
export type TAttendanceInput = z.input<typeof ZAttendanceInput>;

export const ZMark = z.object({
  member_id: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  criteria: z.array(z.string()),
  points: z.number().int(),
  updated_at: z.string(),
  marked_by_name: z.string().nullable(),
});
export type TMark = z.infer<typeof ZMark>;

export const ZRollMember = z.object({
  member_id: z.string(),
  profile_id: z.string(),
  full_name: z.string(),
  unit_id: z.string().nullable(),
});
export type TRollMember = z.infer<typeof ZRollMember>;

export const ZRollUnit = z.object({ id: z.string(), name: z.string(), color: z.string(), can_mark: z.boolean() });
export type TRollUnit = z.infer<typeof ZRollUnit>;

/** Everything the roll-call screen needs, cached whole for offline use. */
export const ZAttendanceSheet = z.object({
  meeting: ZMeeting,
  criteria: z.array(ZCriterion),
  units: z.array(ZRollUnit),
  members: z.array(ZRollMember),
  marks: z.array(ZMark),
});
export type TAttendanceSheet = z.infer<typeof ZAttendanceSheet>;

export const ZAttendanceConflict = z.object({ member_id: z.string(), full_name: z.string(), previous_status: z.enum(ATTENDANCE_STATUSES), marked_by_name: z.string().nullable() });
export type TAttendanceConflict = z.infer<typeof ZAttendanceConflict>;

export const ZAttendanceSaved = z.object({
  /** Members whose mark changed (0 when the same roll call arrives again). */
  changed: z.number().int(),
  /** Ledger events written (awards and reversals). */
  ledger_events: z.number().int(),
  conflicts: z.array(ZAttendanceConflict),
  marks: z.array(ZMark),
});
export type TAttendanceSaved = z.infer<typeof ZAttendanceSaved>;

export const ZAttendanceCounts = z.object({
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
  total: z.number().int(),
  /** Present or late, over all marks, 0–100. */
  attendance_pct: z.number().int(),
});

export const ZMemberAttendanceRow = ZAttendanceCounts.extend({
  member_id: z.string(),
  full_name: z.string(),
  unit_name: z.string().nullable(),
  /** Longest run of consecutive absences (Falta) in the period. */
  max_absence_streak: z.number().int(),
});
export type TMemberAttendanceRow = z.infer<typeof ZMemberAttendanceRow>;

export const ZUnitAttendanceRow = ZAttendanceCounts.extend({ unit_id: z.string().nullable(), unit_name: z.string().nullable(), color: z.string().nullable() });
export const ZWeekAttendanceRow = ZAttendanceCounts.extend({ week_start: z.string() });

export const ZAttendanceReport = z.object({
  from: z.string(),
  to: z.string(),
  meetings: z.number().int(),
  members: z.array(ZMemberAttendanceRow),
  units: z.array(ZUnitAttendanceRow),
  weeks: z.array(ZWeekAttendanceRow),
});
export type TAttendanceReport = z.infer<typeof ZAttendanceReport>;

export const ZReportQuery = z.object({ from: ZIsoDate(MEETING_MSG.periodInvalid), to: ZIsoDate(MEETING_MSG.periodInvalid) });

/** Three absences in a row are highlighted on the report. */
export const ABSENCE_STREAK_ALERT = 3;

export const ZMeetingSummary = z.object({
  next: ZMeeting.nullable(),
  last: ZMeeting.nullable(),
  last_counts: ZAttendanceCounts.nullable(),
});
export type TMeetingSummary = z.infer<typeof ZMeetingSummary>;

/** What the signed-in person may do with meetings (menu and screens). */
export const ZMeetingPermissions = z.object({ manage: z.boolean(), call_roll: z.boolean(), read_roll: z.boolean() });
export type TMeetingPermissions = z.infer<typeof ZMeetingPermissions>;

/** Club functions that call the roll of their unit, and that read every unit's (English keys and pt-BR titles). */
export const COUNSELOR_ROLES: readonly string[] = ['counselor', 'Conselheiro(a)'];
export const SECRETARY_ROLES: readonly string[] = ['secretary', 'Secretário(a)'];

/** Whether the menu offers 'Reuniões' (comfort only: the server decides). */
export function mayOpenMeetings(role: string | null | undefined, isAdmin: boolean): boolean {
  return isAdmin || (role != null && (COUNSELOR_ROLES.includes(role) || SECRETARY_ROLES.includes(role)));
}

/** A member's attendance (profile page): totals and the latest meetings. */
export const ZMemberAttendance = z.object({
  counts: ZAttendanceCounts,
  recent: z.array(z.object({ meeting_id: z.string(), date: z.string(), title: z.string(), status: z.enum(ATTENDANCE_STATUSES), points: z.number().int() })),
});
export type TMemberAttendance = z.infer<typeof ZMemberAttendance>;

/**
 * 'Avisar no WhatsApp' on a meeting (issue 36): the text a leader pastes in the unit's group. Only what
 * every member may see: the club, the meeting's title, date and time.
 */
export function meetingShareText(clubName: string, m: { title: string; date: string; start_time: string }): string {
  const [y, mo, d] = m.date.split('-');
  return `📣 ${clubName}: ${m.title} em ${d}/${mo}/${y} às ${m.start_time.slice(0, 5).replace(':', 'h')}. Contamos com você!`;
}
