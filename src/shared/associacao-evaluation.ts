import { z } from 'zod';
import { MAX_YEAR, MIN_YEAR, isRealDay } from './dates.js';
import { zOptionalWholeNumber, zWholeNumber } from './whole-number.js';
import { formatNumber } from './pt-number.js';

/**
 * The Associação's evaluation of a club (issue 48, ADR 077): a list of items (points, deadline, the
 * evidence each needs); Trilha proves some by itself, the others are marked by hand per year. The
 * platform ships one example list; a club may keep its own copy. One schema for the form and the routes.
 */

/** What Trilha proves by itself (the `proof` column of migration 0946). */
export const EVAL_PROOFS = ['sgc_ready', 'insured', 'annual_plan_signed', 'diretoria_complete', 'bimonthly_reports', 'units_by_sex', 'atas_diretoria'] as const;
export type TEvalProof = (typeof EVAL_PROOFS)[number];
export const EVAL_PROOF_LABELS: Record<TEvalProof, string> = {
  sgc_ready: 'Membros prontos no SGC',
  insured: 'Membros com seguro',
  annual_plan_signed: 'Planejamento anual assinado',
  diretoria_complete: 'Diretoria completa',
  bimonthly_reports: 'Relatórios bimestrais fechados',
  units_by_sex: 'Unidades só de meninos ou só de meninas',
  atas_diretoria: 'Atas da diretoria',
};
/** The proofs that count toward a target (the item's `target`, else this default). */
export const EVAL_TARGET_DEFAULTS: Partial<Record<TEvalProof, number>> = { bimonthly_reports: 6, atas_diretoria: 10 };

export const EVAL_MAX_ITEMS = 100;
export const EVAL_MAX_TITLE = 200;
export const EVAL_MAX_EVIDENCE = 1000;
export const EVAL_MAX_NOTE = 500;
export const EVAL_MAX_POINTS = 100_000;
export const EVAL_IMPORT_MAX_CHARS = 1_000_000;

export const EVAL_MSG = {
  list: 'Envie a lista de itens da avaliação.',
  item: 'Cada item precisa de código, título e pontos.',
  empty: 'A lista precisa de ao menos um item.',
  tooMany: `A avaliação pode ter no máximo ${EVAL_MAX_ITEMS} itens.`,
  code: 'Código do item: de 1 a 40 letras minúsculas, números, "-" ou "_" (ex.: seguro).',
  codeRepeated: (code: string) => `Código repetido na lista: ${code.slice(0, 40)}.`,
  title: 'Informe o título do item.',
  titleLong: `O título pode ter no máximo ${EVAL_MAX_TITLE} caracteres.`,
  points: `Pontos: um número inteiro de 0 a ${formatNumber(EVAL_MAX_POINTS)}.`,
  deadline: 'Prazo: use dd/mm (ex.: 10/02), ou deixe em branco.',
  evidence: 'Evidência: texto inválido.',
  evidenceLong: `A evidência pode ter no máximo ${formatNumber(EVAL_MAX_EVIDENCE)} caracteres.`,
  proof: 'Prova automática: escolha uma da lista, ou nenhuma.',
  target: 'Meta: um número inteiro de 1 a 1.000, ou em branco.',
  year: `Ano inválido: use um ano entre ${MIN_YEAR} e ${MAX_YEAR}.`,
  markCode: 'Informe o código do item.',
  done: 'Informe se o item foi feito (sim ou não).',
  note: 'Observação: texto inválido.',
  noteLong: `A observação pode ter no máximo ${EVAL_MAX_NOTE} caracteres.`,
  itemNotFound: 'Item não encontrado na avaliação do clube.',
  provedByTrilha: 'Este item é conferido pelo Trilha com os dados do clube: não se marca à mão.',
  saved: 'Itens da avaliação salvos.',
  reset: 'O clube voltou a usar a lista da plataforma.',
  marked: 'Item marcado como feito.',
  unmarked: 'Marcação retirada.',
  contentRequired: 'Envie o conteúdo do arquivo.',
  tooBig: 'O arquivo pode ter no máximo 1 MB.',
  dryRun: 'Informe se é só uma prévia (dry_run).',
  header: 'O CSV precisa de um cabeçalho com as colunas: código, título, pontos, prazo, evidência, prova, meta.',
  unknownColumn: (name: string) => `Coluna desconhecida: ${name.slice(0, 60)}. Use: código, título, pontos, prazo, evidência, prova, meta.`,
  nul: 'Caractere inválido (NUL) no arquivo: salve-o de novo.',
  unreadable: 'Caracteres ilegíveis (�): o arquivo foi lido com a codificação errada. Salve-o como CSV UTF-8.',
  formula: 'Célula com fórmula (começa com =, +, - ou @): escreva o texto sem fórmula.',
  fileEmpty: 'O arquivo não tem nenhum item.',
  hasErrors: 'Corrija os erros do arquivo antes de importar. Nada foi gravado.',
  imported: (n: number) => (n === 1 ? '1 item importado.' : `${formatNumber(n)} itens importados.`),
} as const;

const DEADLINE = /^(\d{2})\/(\d{2})$/;
/** dd/mm → MM-DD (the column's form), or null when it is not a day of some year (29/02 is). */
export function deadlineToColumn(text: string): string | null {
  const m = DEADLINE.exec(text);
  if (!m || !isRealDay(2000, Number(m[2]), Number(m[1]))) return null;
  return `${m[2]}-${m[1]}`;
}
/** MM-DD → dd/mm. */
export const deadlineFromColumn = (mmdd: string) => `${mmdd.slice(3, 5)}/${mmdd.slice(0, 2)}`;

const zText = (msg: string, long: string, max: number) => z.string({ error: msg }).max(max, long);

/** One item of the list, as the form and the PUT send it. The deadline is dd/mm (or empty: none). */
export const ZEvalItemInput = z.object({
  code: z.string({ error: EVAL_MSG.code }).trim().regex(/^[a-z0-9_-]{1,40}$/, EVAL_MSG.code),
  title: zText(EVAL_MSG.title, EVAL_MSG.titleLong, EVAL_MAX_TITLE).trim().min(1, EVAL_MSG.title),
  points: zWholeNumber(EVAL_MSG.points, { min: 0, max: EVAL_MAX_POINTS }),
  deadline: z.string({ error: EVAL_MSG.deadline }).trim().refine((v) => v === '' || deadlineToColumn(v) !== null, EVAL_MSG.deadline).nullable().default(null)
    .transform((v) => (v ? v : null)),
  evidence: zText(EVAL_MSG.evidence, EVAL_MSG.evidenceLong, EVAL_MAX_EVIDENCE).trim().default(''),
  proof: z.union([z.enum(EVAL_PROOFS), z.literal(''), z.null()], { error: EVAL_MSG.proof }).default(null).transform((v) => (v ? v : null)),
  target: zOptionalWholeNumber(EVAL_MSG.target, { min: 1, max: 1000 }, null),
}, { error: EVAL_MSG.item });
export type TEvalItemInput = z.input<typeof ZEvalItemInput>;
export type TEvalItemFields = z.output<typeof ZEvalItemInput>;

/** The whole list (PUT replaces it): at least one item, at most 100, codes unique. */
export const ZEvalItemsInput = z.object({
  items: z.array(ZEvalItemInput, { error: EVAL_MSG.list }).min(1, EVAL_MSG.empty).max(EVAL_MAX_ITEMS, EVAL_MSG.tooMany)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const [i, it] of items.entries()) {
        if (seen.has(it.code)) ctx.addIssue({ code: 'custom', message: EVAL_MSG.codeRepeated(it.code), path: [i, 'code'] });
        seen.add(it.code);
      }
    }),
}, { error: EVAL_MSG.list });
export type TEvalItemsInput = z.input<typeof ZEvalItemsInput>;

export const ZEvalYear = z.coerce.number({ error: EVAL_MSG.year }).int(EVAL_MSG.year).min(MIN_YEAR, EVAL_MSG.year).max(MAX_YEAR, EVAL_MSG.year);
export const ZEvalYearQuery = z.object({ year: ZEvalYear.optional() });

/** Mark (done) or unmark an item without an automatic proof, for a year, with a note. */
export const ZEvalMarkInput = z.object({
  year: z.number({ error: EVAL_MSG.year }).int(EVAL_MSG.year).min(MIN_YEAR, EVAL_MSG.year).max(MAX_YEAR, EVAL_MSG.year),
  code: z.string({ error: EVAL_MSG.markCode }).regex(/^[a-z0-9_-]{1,40}$/, EVAL_MSG.itemNotFound),
  done: z.boolean({ error: EVAL_MSG.done }),
  note: z.string({ error: EVAL_MSG.note }).max(EVAL_MAX_NOTE, EVAL_MSG.noteLong).trim().default(''),
}, { error: EVAL_MSG.markCode });
export type TEvalMarkInput = z.input<typeof ZEvalMarkInput>;

/** The list as stored and shown (deadline dd/mm). */
export const ZEvalItem = z.object({
  code: z.string(),
  title: z.string(),
  points: z.number().int(),
  deadline: z.string().nullable(),
  evidence: z.string(),
  proof: z.enum(EVAL_PROOFS).nullable(),
  target: z.number().int().nullable(),
});
export type TEvalItem = z.infer<typeof ZEvalItem>;

export const ZEvalItemList = z.object({ source: z.enum(['club', 'platform']), items: z.array(ZEvalItem) });
export type TEvalItemList = z.infer<typeof ZEvalItemList>;

/** One item with what Trilha proves (or the hand mark), and the points earned so far. */
export const ZEvalResultItem = ZEvalItem.extend({
  /** "Membros com seguro: 40 de 42"; null for an item marked by hand. */
  proof_line: z.string().nullable(),
  /** What is still missing, in pt-BR (empty when done). */
  missing: z.array(z.string()),
  done: z.boolean(),
  earned: z.number().int(),
  mark: z.object({ note: z.string(), marked_by_name: z.string().nullable(), marked_at: z.string() }).nullable(),
});
export type TEvalResultItem = z.infer<typeof ZEvalResultItem>;

export const ZEvaluation = z.object({
  year: z.number().int(),
  source: z.enum(['club', 'platform']),
  score: z.number().int(),
  max: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
  items: z.array(ZEvalResultItem),
});
export type TEvaluation = z.infer<typeof ZEvaluation>;

/** The item list as a file: preview with dry_run, then all or nothing (as the requisitos import). */
export const ZEvalImport = z.object({
  content: z.string({ error: EVAL_MSG.contentRequired }).min(1, EVAL_MSG.contentRequired).max(EVAL_IMPORT_MAX_CHARS, EVAL_MSG.tooBig),
  dry_run: z.boolean({ error: EVAL_MSG.dryRun }).default(true),
}, { error: EVAL_MSG.contentRequired });
export type TEvalImport = z.input<typeof ZEvalImport>;

export const ZEvalImportRow = z.object({ line: z.number().int(), code: z.string(), title: z.string(), errors: z.array(z.string()) });
export const ZEvalImportResult = z.object({ rows: z.array(ZEvalImportRow), valid: z.boolean(), imported: z.number().int(), message: z.string() });
export type TEvalImportResult = z.infer<typeof ZEvalImportResult>;

/** The CSV's columns, in the order the export writes them. */
export const EVAL_CSV_HEADER = ['código', 'título', 'pontos', 'prazo', 'evidência', 'prova', 'meta'] as const;
