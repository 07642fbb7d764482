import { z } from 'zod';

/**
 * The receivables reports (issue 35): receivables per month (by due date), the default rate per unit
 * and the events' registrations, authorisations and payments. Each as JSON and as a pt-BR CSV.
 */
export const CHARGE_REPORT_MSG = {
  yearInvalid: 'Ano inválido. Use quatro dígitos, entre 2000 e 2100 (ex.: 2026).',
} as const;

export const CHARGE_REPORT_KINDS = ['receivables', 'defaults', 'events'] as const;
export type TChargeReportKind = (typeof CHARGE_REPORT_KINDS)[number];
export const CHARGE_REPORT_LABEL: Record<TChargeReportKind, string> = {
  receivables: 'A receber por mês',
  defaults: 'Inadimplência por unidade',
  events: 'Eventos: inscritos, autorizados e pagos',
};
export const CHARGE_REPORT_FILE: Record<TChargeReportKind, string> = {
  receivables: 'a-receber-por-mes',
  defaults: 'inadimplencia-por-unidade',
  events: 'eventos-inscritos-autorizados-pagos',
};

/** `?year=2026`; absent: the current year in the club's calendar. */
export const ZChargeReportQuery = z.object({
  year: z
    .string({ error: CHARGE_REPORT_MSG.yearInvalid })
    .regex(/^\d{4}$/, CHARGE_REPORT_MSG.yearInvalid)
    .transform(Number)
    .refine((n) => n >= 2000 && n <= 2100, CHARGE_REPORT_MSG.yearInvalid)
    .optional(),
});
export type TChargeReportQuery = z.input<typeof ZChargeReportQuery>;

/**
 * One month of charges by their due date: what was charged (not cancelled), what of it was received
 * (payments not reversed, whenever they were made), what is still open and, of that, overdue today.
 */
export const ZReceivablesMonth = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  charges: z.number().int(),
  charged: z.string(),
  received: z.string(),
  open: z.string(),
  overdue: z.string(),
});
export type TReceivablesMonth = z.infer<typeof ZReceivablesMonth>;

export const ZReceivablesReport = z.object({
  year: z.number().int(),
  months: z.array(ZReceivablesMonth),
  total: ZReceivablesMonth.omit({ month: true }),
});
export type TReceivablesReport = z.infer<typeof ZReceivablesReport>;

/**
 * Default per unit (the member's current unit) over the year's charges: those already due (due date
 * before today, club's calendar), how many and how much of them is still open, and the rate = open
 * past due ÷ due, in percent with one decimal.
 */
export const ZDefaultsRow = z.object({
  unit_id: z.string().nullable(),
  unit_name: z.string(),
  members: z.number().int(),
  due_count: z.number().int(),
  due_amount: z.string(),
  overdue_count: z.number().int(),
  overdue_amount: z.string(),
  /** Percent, one decimal (12.5 = 12,5 %); 0 when nothing is due yet. */
  rate: z.number(),
});
export type TDefaultsRow = z.infer<typeof ZDefaultsRow>;

export const ZDefaultsReport = z.object({
  year: z.number().int(),
  /** The club's today: charges due before it count as due. */
  as_of: z.string(),
  units: z.array(ZDefaultsRow),
  total: ZDefaultsRow.omit({ unit_id: true, unit_name: true }),
});
export type TDefaultsReport = z.infer<typeof ZDefaultsReport>;

/** One event of the year (by its start): places, registrations in force, authorised, fully paid. */
export const ZEventReportRow = z.object({
  event_id: z.string(),
  title: z.string(),
  starts_on: z.string(),
  cancelled: z.boolean(),
  /** null: no limit. */
  places: z.number().int().nullable(),
  registered: z.number().int(),
  /** With the guardian's authorisation in force (signed, not revoked). */
  authorised: z.number().int(),
  /** Whose charges are all paid (a free event: none). */
  paid: z.number().int(),
  charged: z.string(),
  received: z.string(),
});
export type TEventReportRow = z.infer<typeof ZEventReportRow>;

export const ZEventsReport = z.object({ year: z.number().int(), events: z.array(ZEventReportRow) });
export type TEventsReport = z.infer<typeof ZEventsReport>;

/** 'A receber' of a month in the finance report: open charges as of the month's end (today for the current month). */
export const RECEIVABLE_LABEL = 'A receber';
export const OVERDUE_LABEL = 'vencido';
