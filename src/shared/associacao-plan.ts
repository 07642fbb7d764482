import { z } from 'zod';
import { MAX_YEAR, MIN_YEAR, isRealDay } from './dates.js';
import { formatNumber } from './pt-number.js';

/**
 * The year's plan (issue 48, "Ano do clube"): the club's calendar (meetings, events, the dates typed or
 * imported), the annual plan's goals and signature, and the calendar feed each person subscribes to.
 * One schema per form, shared by the web app and the routes.
 */

/** What a calendar day can hold. The first two come from other domains; the rest are typed or imported. */
export const CALENDAR_KINDS = ['meeting', 'event', 'holiday', 'break', 'associacao', 'regional', 'club'] as const;
export type TCalendarKind = (typeof CALENDAR_KINDS)[number];
export const ENTRY_KINDS = ['holiday', 'break', 'associacao', 'regional', 'club'] as const;
export type TEntryKind = (typeof ENTRY_KINDS)[number];
export const CALENDAR_KIND_LABELS: Record<TCalendarKind, string> = {
  meeting: 'Reunião', event: 'Evento / saída', holiday: 'Feriado', break: 'Recesso / férias',
  associacao: 'Data da Associação', regional: 'Data da região', club: 'Data do clube',
};

/** pt-BR month names, January first (the grid's title and the printed plan). */
export { MONTHS_PT } from './dates.js';
/** Week starts on Sunday. */
export const WEEKDAYS_PT = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const;

export const ENTRY_MAX_TITLE = 120;
export const ENTRY_MAX_NOTES = 500;
export const GOALS_MAX = 5000;
/** An import: at most this many dates, and a file of at most 1 MB (the request's limit). */
export const IMPORT_MAX_ROWS = 500;
export const IMPORT_MAX_CHARS = 1_000_000;
/** Days before the SGC/seguro deadline when the secretary and the director are reminded. */
export const DEADLINE_REMINDER_DAYS = [30, 7, 1] as const;

export const PLAN_MSG = {
  kind: 'Escolha o tipo da data: feriado, recesso, Associação, região ou clube.',
  title: 'Informe o nome da data.',
  titleLong: `O nome pode ter no máximo ${ENTRY_MAX_TITLE} caracteres.`,
  notesLong: `A observação pode ter no máximo ${ENTRY_MAX_NOTES} caracteres.`,
  notesInvalid: 'Observação: texto inválido.',
  start: 'Informe o início (dd/mm/aaaa).',
  end: 'Informe o fim (dd/mm/aaaa).',
  endBeforeStart: 'O fim não pode ser antes do início.',
  tooLongSpan: 'Uma data pode durar no máximo 366 dias.',
  notFound: 'Data não encontrada no calendário do clube.',
  year: `Ano inválido: use um ano entre ${MIN_YEAR} e ${MAX_YEAR}.`,
  goalsLong: `As metas podem ter no máximo ${formatNumber(GOALS_MAX)} caracteres.`,
  goalsInvalid: 'Metas: texto inválido.',
  signedOn: 'Informe a data da assinatura (dd/mm/aaaa), ou deixe em branco para desmarcar.',
  signedFuture: 'A data da assinatura não pode ser depois de hoje.',
  formatInvalid: 'Escolha o formato do arquivo: .ics (iCalendar) ou CSV.',
  contentRequired: 'Envie o conteúdo do arquivo.',
  tooBig: 'O arquivo pode ter no máximo 1 MB.',
  dryRun: 'Informe se é só uma prévia (dry_run).',
  notIcs: 'Este arquivo não é um calendário .ics (iCalendar): ele deve começar com BEGIN:VCALENDAR.',
  icsUnreadable: 'O calendário .ics não pôde ser lido: exporte-o de novo do Google Agenda ou do Outlook.',
  empty: 'O arquivo não tem nenhuma data.',
  tooMany: `O arquivo pode ter no máximo ${formatNumber(IMPORT_MAX_ROWS)} datas.`,
  header: 'O CSV precisa de um cabeçalho com as colunas: data, fim (opcional), nome, tipo (opcional), observação (opcional).',
  unknownColumn: (name: string) => `Coluna desconhecida: ${name.slice(0, 60)}. Use: data, fim, nome, tipo, observação.`,
  nul: 'Caractere inválido (NUL) no arquivo: salve-o de novo.',
  unreadable: 'Caracteres ilegíveis (�): o arquivo foi lido com a codificação errada. Salve-o como CSV UTF-8.',
  formula: 'Célula com fórmula (começa com =, +, - ou @): escreva o texto sem fórmula.',
  dateInvalid: (text: string) => `Data inválida: ${text.slice(0, 30)}. Use dd/mm/aaaa.`,
  kindUnknown: (text: string) => `Tipo desconhecido: ${text.slice(0, 30)}. Use feriado, recesso, associação, região ou clube.`,
  hasErrors: 'Corrija os erros do arquivo antes de importar. Nada foi gravado.',
  imported: (n: number) => (n === 1 ? '1 data importada.' : `${formatNumber(n)} datas importadas.`),
  feedNotFound: 'Calendário não encontrado: o link foi trocado ou revogado.',
  childNotFound: 'Membro não encontrado.',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether text is a real calendar day AAAA-MM-DD within the product's years. */
export function isIsoDay(v: string): boolean {
  if (!ISO_DAY.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  return isRealDay(y, m, d) && y >= MIN_YEAR && y <= MAX_YEAR;
}

const zDay = (label: string) => z.string({ error: label }).refine(isIsoDay, label);
const zYear = z.number({ error: PLAN_MSG.year }).int(PLAN_MSG.year).min(MIN_YEAR, PLAN_MSG.year).max(MAX_YEAR, PLAN_MSG.year);
export const ZYearQuery = z.object({ year: z.coerce.number({ error: PLAN_MSG.year }).int(PLAN_MSG.year).min(MIN_YEAR, PLAN_MSG.year).max(MAX_YEAR, PLAN_MSG.year).optional() });

/** The days between two AAAA-MM-DD, counted in UTC (no time zone moves a calendar day). */
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** A date the club types: a holiday, a break, the Associação's or the region's date. */
export const ZEntryInput = z.object({
  kind: z.enum(ENTRY_KINDS, { error: PLAN_MSG.kind }),
  title: z.string({ error: PLAN_MSG.title }).transform((v) => v.trim()).pipe(z.string().min(1, PLAN_MSG.title).max(ENTRY_MAX_TITLE, PLAN_MSG.titleLong)),
  starts_on: zDay(PLAN_MSG.start),
  ends_on: z.union([zDay(PLAN_MSG.end), z.literal(''), z.null()], { error: PLAN_MSG.end }).optional(),
  notes: z.union([z.string({ error: PLAN_MSG.notesInvalid }), z.null()], { error: PLAN_MSG.notesInvalid }).optional()
    .transform((v) => (v && v.trim() ? v.trim() : null)).refine((v) => v === null || v.length <= ENTRY_MAX_NOTES, PLAN_MSG.notesLong),
}).transform((v) => ({ ...v, ends_on: v.ends_on ? v.ends_on : v.starts_on }))
  .refine((v) => v.ends_on >= v.starts_on, { message: PLAN_MSG.endBeforeStart, path: ['ends_on'] })
  .refine((v) => daysBetween(v.starts_on, v.ends_on) <= 366, { message: PLAN_MSG.tooLongSpan, path: ['ends_on'] });
export type TEntryInput = z.input<typeof ZEntryInput>;

/** One item on a calendar day (or span of days). */
export const ZCalendarItem = z.object({
  /** 'meeting:<id>', 'rule:<id>:<date>', 'event:<id>', 'entry:<id>'. */
  key: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  title: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** HH:MM for a meeting, else null (all day). */
  time: z.string().nullable(),
  place: z.string().nullable(),
  notes: z.string().nullable(),
  /** The id of a typed/imported date (the others are edited in their own screens). */
  entry_id: z.string().nullable(),
});
export type TCalendarItem = z.infer<typeof ZCalendarItem>;

export const ZCalendar = z.object({
  year: z.number().int(),
  today: z.string(),
  timezone: z.string(),
  items: z.array(ZCalendarItem),
  /** The club's SGC/seguro deadline of this year (AAAA-MM-DD). */
  deadline: z.string(),
  /** Whether the reader may add, import and edit dates. */
  can_manage: z.boolean(),
});
export type TCalendar = z.infer<typeof ZCalendar>;

export const ZImportInput = z.object({
  format: z.enum(['ics', 'csv'], { error: PLAN_MSG.formatInvalid }),
  content: z.string({ error: PLAN_MSG.contentRequired }).min(1, PLAN_MSG.contentRequired).max(IMPORT_MAX_CHARS, PLAN_MSG.tooBig),
  /** Which kind the dates without one get (an .ics has no kind). */
  kind: z.enum(ENTRY_KINDS, { error: PLAN_MSG.kind }).default('associacao'),
  dry_run: z.boolean({ error: PLAN_MSG.dryRun }).default(true),
});
export type TImportInput = z.input<typeof ZImportInput>;

export const ZImportRow = z.object({
  line: z.number().int(),
  kind: z.enum(ENTRY_KINDS).nullable(),
  title: z.string(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  notes: z.string().nullable(),
  errors: z.array(z.string()),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZImportResult = z.object({
  rows: z.array(ZImportRow),
  valid: z.boolean(),
  imported: z.number().int(),
  message: z.string(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** The annual plan: the goals the direction types, and whether (and when) it was signed. */
export const ZPlanInput = z.object({
  year: zYear,
  goals: z.string({ error: PLAN_MSG.goalsInvalid }).max(GOALS_MAX, PLAN_MSG.goalsLong).transform((v) => v.trim()),
  signed_on: z.union([zDay(PLAN_MSG.signedOn), z.literal(''), z.null()], { error: PLAN_MSG.signedOn }).optional().transform((v) => (v ? v : null)),
});
export type TPlanInput = z.input<typeof ZPlanInput>;

export const ZPlan = z.object({
  year: z.number().int(),
  club_name: z.string(),
  goals: z.string(),
  signed_on: z.string().nullable(),
  diretoria: z.array(z.object({ post_label: z.string(), full_name: z.string(), starts_on: z.string(), ends_on: z.string() })),
  calendar: ZCalendar,
});
export type TPlan = z.infer<typeof ZPlan>;

/** A person's calendar feed: the URL to subscribe to (shown once it exists), or null. */
export const ZFeed = z.object({ url: z.string().nullable(), created_at: z.string().nullable() });
export type TFeed = z.infer<typeof ZFeed>;

/** '2026-02-10' → '10/02/2026'. */
export const brDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
