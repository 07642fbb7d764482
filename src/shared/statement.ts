import { z } from 'zod';
import { isIsoDate } from './finance.js';
import { zMoney } from './money.js';
import { UUID_RE } from './ids.js';
import { formatNumber } from './pt-number.js';

/** A statement file's text (5 MB) and how many transactions it may hold. */
export const STATEMENT_MAX_CHARS = 5_000_000;
export const STATEMENT_MAX_LINES = 5_000;
/** An amount-and-date match: the charge's due date within this many days of the line's date. */
export const STATEMENT_MATCH_DAYS = 30;
/**
 * Bounds that keep reading a file cheap whatever it holds (issue 43): a CSV line (or a quoted record
 * spanning lines), the cells of a CSV row, and one OFX <STMTTRN> aggregate. Real statements stay far
 * below: a bank's CSV line is under 300 characters and 12 columns, an OFX transaction under 1 KB.
 */
export const STATEMENT_MAX_LINE_CHARS = 2_000;
export const STATEMENT_MAX_FIELDS = 50;
export const STATEMENT_MAX_OFX_TRANSACTION_CHARS = 8_000;

/** pt-BR texts of the bank statement reconciliation ('Conciliar extrato'). */
export const STATEMENT_MSG = {
  fileRequired: 'Escolha o arquivo do extrato (OFX ou CSV).',
  tooBig: 'O extrato pode ter no máximo 5 MB.',
  tooManyLines: `O extrato pode ter no máximo ${formatNumber(STATEMENT_MAX_LINES)} lançamentos: exporte um período menor.`,
  unknownFormat: 'Formato de extrato não reconhecido: envie o arquivo OFX ou CSV exportado pelo banco.',
  empty: 'O extrato não tem nenhum lançamento.',
  lineTooLong: (line: number) => `Linha ${line}: tem mais de ${formatNumber(STATEMENT_MAX_LINE_CHARS)} caracteres, o que nenhum extrato de banco tem. Nada foi lido: confira o arquivo.`,
  tooManyFields: (line: number) => `Linha ${line}: tem mais de ${STATEMENT_MAX_FIELDS} colunas, o que nenhum extrato de banco tem. Nada foi lido: confira o arquivo.`,
  ofxTransactionTooBig: (n: number) => `Lançamento ${n} do OFX: tem mais de ${formatNumber(STATEMENT_MAX_OFX_TRANSACTION_CHARS)} caracteres, o que nenhum extrato de banco tem. Nada foi lido: confira o arquivo.`,
  formula: (line: number) => `Linha ${line}: um texto começa com =, +, - ou @ (fórmula de planilha). Nada foi lido: confira o arquivo.`,
  badDate: (line: number) => `Linha ${line}: data ilegível. Use dd/mm/aaaa.`,
  badAmount: (line: number) => `Linha ${line}: valor ilegível.`,
  pairsRequired: 'Marque ao menos um pagamento ou uma despesa para confirmar.',
  tooManyPairs: `No máximo ${formatNumber(STATEMENT_MAX_LINES)} pagamentos por vez.`,
  fingerprintInvalid: 'Linha do extrato inválida: gere a prévia de novo.',
  duplicateLine: 'A mesma linha do extrato foi marcada duas vezes.',
  chargeRequired: 'Escolha a cobrança do pagamento.',
  amountRequired: 'Informe o valor recebido.',
  dateRequired: 'Informe a data do lançamento (dd/mm/aaaa).',
  dateInvalid: 'Data inválida. Use dd/mm/aaaa.',
  cashAccountRequired: 'Escolha o caixa que recebeu os pagamentos.',
  methodRequired: 'Escolha a forma de pagamento: PIX ou transferência.',
  alreadyImported: 'Uma das linhas já foi conciliada antes. Nada foi gravado: gere a prévia de novo.',
  /** Two treasurers on one line: the one who got there first, named. */
  alreadyImportedBy: (where: string, by: string | null) =>
    `${where} já foi conciliado${by ? ` por ${by}` : ''} enquanto você conferia. Nada foi gravado: gere a prévia de novo.`,
  categoryRequired: 'Escolha a categoria (plano de contas) da despesa.',
  expenseDescriptionRequired: 'Informe a descrição da despesa.',
  expenseDescriptionTooLong: 'A descrição da despesa pode ter no máximo 500 caracteres.',
  searchTooLong: 'A busca pode ter no máximo 100 caracteres.',
  cashAccountNotFound: 'Caixa não encontrado.',
  confirmed: (n: number) => (n === 1 ? '1 pagamento registrado!' : `${n} pagamentos registrados!`),
  /** The confirmation's summary: payments, and the expenses posted beside them. */
  confirmedAll: (payments: number, expenses: number) => {
    const p = payments === 1 ? '1 pagamento registrado' : `${payments} pagamentos registrados`;
    const e = expenses === 1 ? '1 despesa lançada' : `${expenses} despesas lançadas`;
    return payments && expenses ? `${p} e ${e}!` : expenses ? `${e}!` : `${p}!`;
  },
} as const;

export const STATEMENT_METHODS = ['pix', 'transferencia'] as const;

const zText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** POST …/charges/statement/preview: the file's text (the browser decodes Windows-1252 or UTF-8). */
export const ZStatementPreviewInput = z.object({
  content: z.string({ error: STATEMENT_MSG.fileRequired }).min(1, STATEMENT_MSG.fileRequired).max(STATEMENT_MAX_CHARS, STATEMENT_MSG.tooBig),
});
export type TStatementPreviewInput = z.input<typeof ZStatementPreviewInput>;

export const STATEMENT_LINE_STATUSES = ['proposta', 'importada', 'saida', 'sem_par'] as const;
export type TStatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];
export const STATEMENT_STATUS_LABEL: Record<TStatementLineStatus, string> = {
  proposta: 'Pagamento encontrado',
  importada: 'Já conciliada antes',
  saida: 'Saída (não é recebimento)',
  sem_par: 'Sem cobrança correspondente',
};

/** How the preview found a line's charge. */
export const STATEMENT_MATCHES = ['txid', 'nome', 'valor_data'] as const;

/** An open charge a statement line may pay. */
export const ZStatementCharge = z.object({
  id: z.string(), short_code: z.string(), member_name: z.string(), description: z.string(), open_amount: z.string(), due_date: z.string(),
});
export type TStatementCharge = z.infer<typeof ZStatementCharge>;

export const ZStatementLine = z.object({
  /** What identifies the line across imports (sha-256 of the bank's FITID, or of date, amount and text). */
  fingerprint: z.string(),
  /** The line in the file (CSV) or the transaction's order (OFX), from 1. */
  line: z.number().int(),
  date: z.string(),
  /** Signed, '150.00' or '-20.00'. */
  amount: z.string(),
  memo: z.string(),
  status: z.enum(STATEMENT_LINE_STATUSES),
  /**
   * How the charge was found: its short code (txid) in the text, the member's or a guardian's name in
   * it, or the same amount due near that date.
   */
  match: z.enum(STATEMENT_MATCHES).nullable(),
  charge: ZStatementCharge.nullable(),
  /** For a match by name: the name found in the text, and whether it is a guardian's. */
  payer: z.object({ name: z.string(), guardian: z.boolean() }).nullable(),
});
export type TStatementLine = z.infer<typeof ZStatementLine>;

export const ZStatementPreview = z.object({
  format: z.enum(['ofx', 'csv']),
  lines: z.array(ZStatementLine),
});
export type TStatementPreview = z.infer<typeof ZStatementPreview>;

/** How a confirmed pair was found: by the preview, or picked by the treasurer ('manual'). */
export const STATEMENT_PAIR_HOWS = [...STATEMENT_MATCHES, 'manual'] as const;

const zFingerprint = z.string({ error: STATEMENT_MSG.fingerprintInvalid }).regex(/^[0-9a-f]{64}$/, STATEMENT_MSG.fingerprintInvalid);
const zLineDate = zText(STATEMENT_MSG.dateRequired).refine(isIsoDate, STATEMENT_MSG.dateInvalid);

export const ZStatementPair = z.object({
  fingerprint: zFingerprint,
  charge_id: zText(STATEMENT_MSG.chargeRequired).regex(UUID_RE, STATEMENT_MSG.chargeRequired),
  amount: zMoney({ requiredMessage: STATEMENT_MSG.amountRequired }),
  date: zLineDate,
  how: z.enum(STATEMENT_PAIR_HOWS, { error: STATEMENT_MSG.chargeRequired }).optional(),
});

/** An outgoing line posted as an expense of the caixa: its amount without the sign, and its category. */
export const ZStatementExpense = z.object({
  fingerprint: zFingerprint,
  amount: zMoney({ requiredMessage: STATEMENT_MSG.amountRequired }),
  date: zLineDate,
  description: zText(STATEMENT_MSG.expenseDescriptionRequired).max(500, STATEMENT_MSG.expenseDescriptionTooLong),
  chart_account_id: zText(STATEMENT_MSG.categoryRequired).regex(UUID_RE, STATEMENT_MSG.categoryRequired),
});

/** POST …/charges/statement/confirm: the pairs and expenses the treasurer ticked, the caixa and the method. */
export const ZStatementConfirm = z.object({
  pairs: z.array(ZStatementPair, { error: STATEMENT_MSG.pairsRequired }).max(STATEMENT_MAX_LINES, STATEMENT_MSG.tooManyPairs).default([]),
  expenses: z.array(ZStatementExpense, { error: STATEMENT_MSG.pairsRequired }).max(STATEMENT_MAX_LINES, STATEMENT_MSG.tooManyPairs).default([]),
  account_id: zText(STATEMENT_MSG.cashAccountRequired).regex(UUID_RE, STATEMENT_MSG.cashAccountRequired),
  method: z.enum(STATEMENT_METHODS, { error: STATEMENT_MSG.methodRequired }).default('pix'),
}).superRefine((v, ctx) => {
  if (v.pairs.length + v.expenses.length === 0) ctx.addIssue({ code: 'custom', path: ['pairs'], message: STATEMENT_MSG.pairsRequired });
  if (v.pairs.length + v.expenses.length > STATEMENT_MAX_LINES) ctx.addIssue({ code: 'custom', path: ['pairs'], message: STATEMENT_MSG.tooManyPairs });
  const fingerprints = [...v.pairs, ...v.expenses].map((p) => p.fingerprint);
  if (new Set(fingerprints).size !== fingerprints.length) ctx.addIssue({ code: 'custom', path: ['pairs'], message: STATEMENT_MSG.duplicateLine });
});
export type TStatementConfirm = z.input<typeof ZStatementConfirm>;

export const ZStatementConfirmResult = z.object({
  /** Payments recorded and their total. */
  recorded: z.number().int(),
  total: z.string(),
  payment_ids: z.array(z.string()),
  /** Expenses posted in the caixa and their total (positive). */
  expenses: z.number().int(),
  expenses_total: z.string(),
  transaction_ids: z.array(z.string()),
});

/** GET …/charges/statement/charges?q=: open charges to pick for a line by hand. */
export const ZStatementChargeQuery = z.object({
  q: z.string({ error: STATEMENT_MSG.searchTooLong }).max(100, STATEMENT_MSG.searchTooLong).optional(),
});
export const STATEMENT_SEARCH_LIMIT = 30;
export type TStatementConfirmResult = z.infer<typeof ZStatementConfirmResult>;
