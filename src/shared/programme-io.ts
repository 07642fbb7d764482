import { z } from 'zod';
import { formatNumber } from './pt-number.js';

/**
 * Requisitos as a file (ADR 040): CSV or JSON, exported by one club (or the platform) and imported by
 * another after a preview. The file's columns, in pt-BR, and the limits every import checks.
 */
export const REQ_IMPORT_MAX_ROWS = 1000;
export const REQ_IMPORT_MAX_CHARS = 1_000_000;
export const REQ_FORMATS = ['csv', 'json'] as const;
export type TReqFormat = (typeof REQ_FORMATS)[number];

/** Header of the CSV the export writes and the import reads (accents and case do not matter). */
export const REQ_CSV_HEADER = ['item', 'seção', 'texto', 'feito em campo', 'precisa de comprovação', 'completar especialidade', 'área de especialidade'] as const;

export const REQ_IO_MSG = {
  formatInvalid: 'Escolha o formato do arquivo: CSV ou JSON',
  contentRequired: 'Envie o conteúdo do arquivo',
  tooBig: 'O arquivo pode ter no máximo 1 MB.',
  empty: 'O arquivo não tem nenhum requisito.',
  tooMany: `O arquivo pode ter no máximo ${formatNumber(REQ_IMPORT_MAX_ROWS)} requisitos.`,
  header: `O arquivo CSV precisa de um cabeçalho com as colunas: ${REQ_CSV_HEADER.join(', ')}.`,
  unknownColumn: (name: string) => `Coluna desconhecida: ${name.slice(0, 60)}. Use: ${REQ_CSV_HEADER.join(', ')}.`,
  jsonInvalid: 'O arquivo JSON não pôde ser lido: ele deve ter uma lista "requisitos" exportada pelo Trilha.',
  jsonRowInvalid: 'Cada requisito do JSON deve ser um objeto com item e texto',
  hasErrors: 'Corrija os erros do arquivo antes de importar. Nada foi gravado.',
  unreadable: 'Caracteres ilegíveis (�): o arquivo foi lido com a codificação errada. Salve-o como CSV UTF-8.',
  nul: 'Caractere inválido (NUL) no arquivo: salve-o de novo como CSV ou JSON.',
  formula: 'Célula com fórmula (começa com =, +, - ou @): escreva o texto sem fórmula',
  itemUnknown: (code: string) => `Classe ou especialidade não encontrada: ${code.slice(0, 40)}`,
  itemRequired: 'Informe o código da classe ou especialidade (ex.: AMIGO, HM-001)',
  programmeNotChosen: (name: string) => `${name} é de um programa que o clube não trabalha (Configurações do programa)`,
  flagInvalid: (label: string) => `Use "sim" ou "não" em ${label}`,
  duplicate: 'Requisito repetido neste item',
  sectionUnknown: (s: string) => `Seção desconhecida: ${s.slice(0, 80)}. Use o código (G, DE, SO, DA, SA, OL, EN, AC, EV, AV) ou o nome (Gerais, Descoberta espiritual…)`,
  imported: (n: number) => (n === 1 ? '1 requisito importado.' : `${formatNumber(n)} requisitos importados.`),
} as const;

export const ZReqImport = z.object({
  format: z.enum(REQ_FORMATS, { error: REQ_IO_MSG.formatInvalid }),
  content: z.string({ error: REQ_IO_MSG.contentRequired }).min(1, REQ_IO_MSG.contentRequired).max(REQ_IMPORT_MAX_CHARS, REQ_IO_MSG.tooBig),
  dry_run: z.boolean({ error: 'Informe se é só uma prévia (dry_run)' }).default(true),
});
export type TReqImport = z.input<typeof ZReqImport>;

export const ZReqImportRow = z.object({
  line: z.number().int(),
  item_code: z.string(),
  item_name: z.string().nullable(),
  /** The section's code (the cell as written, when unknown) and its name. */
  section_code: z.string().nullable(),
  section_name: z.string().nullable(),
  text: z.string(),
  in_field: z.boolean(),
  needs_evidence: z.boolean(),
  link_specialty: z.string().nullable(),
  link_area: z.string().nullable(),
  errors: z.array(z.string()),
});
export type TReqImportRow = z.infer<typeof ZReqImportRow>;

export const ZReqImportItem = z.object({
  code: z.string(),
  name: z.string(),
  /** Requisitos the file adds, keeps (same text: their signatures stay) and removes. */
  added: z.number().int(),
  kept: z.number().int(),
  removed: z.number().int(),
  /** Signatures of the club on removed requisitos (undone, their points reversed). */
  signatures_undone: z.number().int(),
  /** Platform load only: clubs that signed a removed requisito keep the current list as their own. */
  clubs_keeping_list: z.number().int(),
});
export type TReqImportItem = z.infer<typeof ZReqImportItem>;

export const ZReqImportResult = z.object({
  rows: z.array(ZReqImportRow),
  items: z.array(ZReqImportItem),
  valid: z.boolean(),
  imported: z.number().int(),
});
export type TReqImportResult = z.infer<typeof ZReqImportResult>;

export const ZReqExportQuery = z.object({
  format: z.enum(REQ_FORMATS, { error: REQ_IO_MSG.formatInvalid }).default('csv'),
  item: z.string({ error: 'Classe ou especialidade não encontrada' }).regex(/^[A-Z0-9_-]{2,40}$/, 'Classe ou especialidade não encontrada').optional(),
});

/** One requisito as the JSON file holds it (the same fields as the CSV's columns). */
export const ZReqFileRow = z.object({
  item: z.string(),
  secao: z.string().nullable(),
  texto: z.string(),
  feito_em_campo: z.boolean(),
  precisa_comprovacao: z.boolean(),
  completar_especialidade: z.string().nullable(),
  area_especialidade: z.string().nullable(),
});
export type TReqFileRow = z.infer<typeof ZReqFileRow>;
export const ZReqFile = z.object({ formato: z.literal('trilha-requisitos'), versao: z.literal(1), requisitos: z.array(ZReqFileRow) });
export type TReqFile = z.infer<typeof ZReqFile>;
/** The export answers the CSV text or the JSON file. */
export const ZReqExport = z.union([z.string(), ZReqFile]);
