import { z } from 'zod';
import { MONEY_MSG, parseBrlInput } from './money.js';

/**
 * The reports the Associação asks for (issue 48, ADR 077): one per month or per two months, generated
 * from Trilha's data, editable (a figure overridden with a note) while a draft, immutable once closed.
 */
export const REPORT_MSG = {
  periodKind: 'Escolha o período: mensal ou bimestral.',
  year: 'Ano inválido: use um ano entre 2000 e 2100.',
  month: 'Mês inválido: use um mês de 1 a 12.',
  bimonthlyMonth: 'Um relatório bimestral começa num mês ímpar (jan, mar, mai, jul, set, nov).',
  exists: 'Já existe um relatório deste período: abra o que está na lista.',
  notFound: 'Relatório não encontrado neste clube.',
  closed: 'Este relatório já foi fechado e não muda mais.',
  future: 'O período ainda não começou: escolha um mês que já começou.',
  figureUnknown: 'Campo do relatório desconhecido.',
  count: (label: string) => `${label}: use um número inteiro de 0 a 1.000.000.`,
  pct: (label: string) => `${label}: use um percentual inteiro de 0 a 100.`,
  noteRequired: (label: string) => `${label}: diga por que o valor foi mudado (nota).`,
  noteLong: 'Nota: no máximo 500 caracteres.',
  notesLong: 'Observações: no máximo 5.000 caracteres.',
  text: 'Texto inválido.',
  overrides: 'Envie a lista de campos alterados.',
} as const;

export const PERIOD_KINDS = ['monthly', 'bimonthly'] as const;
export type TPeriodKind = (typeof PERIOD_KINDS)[number];
export const PERIOD_KIND_LABELS: Record<TPeriodKind, string> = { monthly: 'Mensal', bimonthly: 'Bimestral' };
export const MONTH_NAMES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'] as const;

/** The figures of a report, in the order the page, the print and the CSV show them. */
export const REPORT_FIGURES = [
  { key: 'members_active', label: 'Membros ativos', kind: 'count', group: 'Membros' },
  { key: 'members_joined', label: 'Entradas no período', kind: 'count', group: 'Membros' },
  { key: 'members_left', label: 'Desligamentos no período', kind: 'count', group: 'Membros' },
  { key: 'meetings_held', label: 'Reuniões realizadas', kind: 'count', group: 'Frequência' },
  { key: 'attendance_pct', label: 'Frequência média (%)', kind: 'pct', group: 'Frequência' },
  { key: 'requirements_signed', label: 'Requisitos assinados', kind: 'count', group: 'Classes e especialidades' },
  { key: 'classes_completed', label: 'Classes concluídas', kind: 'count', group: 'Classes e especialidades' },
  { key: 'specialties_completed', label: 'Especialidades concluídas', kind: 'count', group: 'Classes e especialidades' },
  { key: 'classes_invested', label: 'Classes investidas', kind: 'count', group: 'Classes e especialidades' },
  { key: 'specialties_invested', label: 'Especialidades investidas', kind: 'count', group: 'Classes e especialidades' },
  { key: 'events_held', label: 'Eventos e saídas', kind: 'count', group: 'Eventos' },
  { key: 'event_participants', label: 'Inscrições nos eventos', kind: 'count', group: 'Eventos' },
  { key: 'income', label: 'Entradas (R$)', kind: 'money', group: 'Finanças' },
  { key: 'expense', label: 'Saídas (R$)', kind: 'money', group: 'Finanças' },
  { key: 'balance', label: 'Resultado do período (R$)', kind: 'money', group: 'Finanças' },
  { key: 'atas', label: 'Atas', kind: 'count', group: 'Secretaria' },
  { key: 'atos', label: 'Atos registrados', kind: 'count', group: 'Secretaria' },
  { key: 'oficios', label: 'Ofícios enviados e recebidos', kind: 'count', group: 'Secretaria' },
  { key: 'visitas', label: 'Visitas no livro', kind: 'count', group: 'Secretaria' },
] as const;
export type TFigureKey = (typeof REPORT_FIGURES)[number]['key'];
export type TFigureKind = 'count' | 'pct' | 'money';
export const FIGURE_KEYS = REPORT_FIGURES.map((f) => f.key) as [TFigureKey, ...TFigureKey[]];
const FIGURE_BY_KEY = new Map(REPORT_FIGURES.map((f) => [f.key as string, f]));
export const figureOf = (key: string) => FIGURE_BY_KEY.get(key);

/** First and last day of a report's period ('2026-03-01', '2026-04-30'). */
export function periodRange(kind: TPeriodKind, year: number, month: number): { from: string; to: string } {
  const months = kind === 'monthly' ? 1 : 2;
  const last = new Date(Date.UTC(year, month - 1 + months, 0)).getUTCDate();
  const endMonth = month + months - 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(endMonth)}-${pad(last)}` };
}

/** 'março de 2026' or 'março e abril de 2026'. */
export function periodLabel(kind: TPeriodKind, year: number, month: number): string {
  return kind === 'monthly' ? `${MONTH_NAMES[month - 1]} de ${year}` : `${MONTH_NAMES[month - 1]} e ${MONTH_NAMES[month]} de ${year}`;
}

/** A typed value of a figure → its stored text (integer or money '1234.56'), or the pt-BR reason. */
export function parseFigure(kind: TFigureKind, label: string, raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const text = raw.trim();
  if (kind === 'money') {
    // The period's result may be negative: the sign is read here, the amount by the one money reader.
    const negative = /^-/.test(text);
    const r = parseBrlInput(negative ? text.slice(1) : text, { requiredMessage: `${label}: ${MONEY_MSG.invalid}`, allowZero: true });
    if (!r.ok) return { ok: false, message: r.message.startsWith(label) ? r.message : `${label}: ${r.message}` };
    return { ok: true, value: negative && r.value !== '0.00' ? `-${r.value}` : r.value };
  }
  const max = kind === 'pct' ? 100 : 1_000_000;
  if (!/^\d{1,7}$/.test(text) || Number(text) > max) return { ok: false, message: kind === 'pct' ? REPORT_MSG.pct(label) : REPORT_MSG.count(label) };
  return { ok: true, value: String(Number(text)) };
}

export const ZReportCreate = z.object({
  period_kind: z.enum(PERIOD_KINDS, { error: REPORT_MSG.periodKind }),
  year: z.number({ error: REPORT_MSG.year }).int(REPORT_MSG.year).min(2000, REPORT_MSG.year).max(2100, REPORT_MSG.year),
  month: z.number({ error: REPORT_MSG.month }).int(REPORT_MSG.month).min(1, REPORT_MSG.month).max(12, REPORT_MSG.month),
}).refine((r) => r.period_kind === 'monthly' || r.month % 2 === 1, { message: REPORT_MSG.bimonthlyMonth, path: ['month'] });

const ZOverride = z.object({
  key: z.enum(FIGURE_KEYS, { error: REPORT_MSG.figureUnknown }),
  value: z.string({ error: REPORT_MSG.text }).max(40, REPORT_MSG.text),
  note: z.string({ error: REPORT_MSG.text }).max(500, REPORT_MSG.noteLong),
}).transform((o, ctx) => {
  const f = figureOf(o.key);
  if (!f) return z.NEVER;
  const parsed = parseFigure(f.kind, f.label, o.value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message, path: ['value'] });
    return z.NEVER;
  }
  if (o.note.trim() === '') {
    ctx.addIssue({ code: 'custom', message: REPORT_MSG.noteRequired(f.label), path: ['note'] });
    return z.NEVER;
  }
  return { key: o.key, value: parsed.value, note: o.note.trim() };
});

/** A draft's edit: the overridden figures (each with its note; a figure left out goes back to Trilha's value) and the observations. */
export const ZReportUpdate = z.object({
  overrides: z.array(ZOverride, { error: REPORT_MSG.overrides }).max(FIGURE_KEYS.length, REPORT_MSG.overrides),
  notes: z.string({ error: REPORT_MSG.text }).max(5000, REPORT_MSG.notesLong).transform((s) => s.trim()),
});
export type TReportUpdate = z.input<typeof ZReportUpdate>;

export const ZReportFigure = z.object({
  key: z.enum(FIGURE_KEYS),
  label: z.string(),
  group: z.string(),
  kind: z.enum(['count', 'pct', 'money']),
  /** What Trilha computed (at closing, for a closed report). */
  computed: z.string(),
  override: z.string().nullable(),
  note: z.string().nullable(),
  /** The figure the report states: the override when there is one. */
  value: z.string(),
});
export type TReportFigure = z.infer<typeof ZReportFigure>;

export const ZReportSummary = z.object({
  id: z.string(),
  period_kind: z.enum(PERIOD_KINDS),
  year: z.number().int(),
  month: z.number().int(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(['draft', 'closed']),
  closed_at: z.string().nullable(),
});
export type TReportSummary = z.infer<typeof ZReportSummary>;

export const ZReport = ZReportSummary.extend({
  club_name: z.string(),
  notes: z.string(),
  closed_by_name: z.string().nullable(),
  figures: z.array(ZReportFigure),
});
export type TReport = z.infer<typeof ZReport>;
