import { z } from 'zod';
import { isWithinProductYears } from './dates.js';
import { MONEY_MSG, zBrlMoney, zMoney, type MoneyOptions } from './money.js';
import { pageQuery } from './pagination.js';
import { UUID_RE } from './ids.js';

export { MONEY_MAX, parseMoney, type MoneyOptions, type MoneyParse } from './money.js';

/** pt-BR texts of spec sections 5 and 8 (verbatim) plus the finance rules Trilha adds. */
export const FIN_MSG = {
  cashAccountNameRequired: 'Preencha o nome do caixa',
  goalRequired: 'Preencha o nome e valor da meta',
  transactionRequired: 'Preencha todos os campos obrigatórios',
  needCashAccount: 'Crie ao menos um caixa antes de registrar lançamentos',
  chartNameRequired: 'Preencha o nome da conta',
  chartTypeRequired: 'Escolha o tipo da conta (receita ou despesa)',
  chartDuplicate: 'Já existe uma conta com este nome e tipo no plano de contas.',
  amountInvalid: MONEY_MSG.invalid,
  amountDecimals: MONEY_MSG.decimals,
  amountTooLarge: MONEY_MSG.tooLarge,
  initialBalanceNegative: 'O saldo inicial não pode ser negativo.',
  dateInvalid: 'Data inválida.',
  goalDates: 'A data final deve ser igual ou posterior à data inicial.',
  rangeRequired: 'Informe o período (data inicial e final).',
  rangeOrder: 'A data final deve ser igual ou posterior à data inicial.',
  idInvalid: 'Identificador inválido.',
  cashAccountNotFound: 'Caixa não encontrado.',
  goalNotFound: 'Cofre não encontrado.',
  transactionNotFound: 'Lançamento não encontrado.',
  chartNotFound: 'Conta do plano de contas não encontrada.',
  memberNotFound: 'Membro não encontrado no clube.',
  confirmIrreversible: 'Esta ação é irreversível.',
  confirmDeleteTransaction:
    'O lançamento será apagado e o saldo do caixa (e do cofre) volta a ser o que era sem ele. A exclusão fica registrada com seu nome e o motivo. Para manter o histórico, use Estornar.',
  deleteReasonRequired: 'Informe o motivo da exclusão (pelo menos 3 caracteres).',
  reconciled: 'Saldo corrigido: agora é a soma dos lançamentos.',
  confirmReconcile: 'O saldo do caixa passa a ser o saldo inicial mais os lançamentos registrados. A correção fica registrada com seu nome.',
  confirmReverse: 'Será registrado um lançamento oposto de mesmo valor, no mesmo caixa e cofre.',
  // Spec 8: the server message is appended after ': ' (or this text when the server gave none).
  tryAgain: 'tente novamente em instantes.',
  saveCashAccountError: 'Erro ao salvar caixa',
  deleteCashAccountError: 'Erro ao excluir caixa',
  saveGoalError: 'Erro ao salvar cofre',
  deleteGoalError: 'Erro ao excluir cofre',
  saveTransactionError: 'Erro ao salvar lançamento',
  deleteTransactionError: 'Erro ao excluir lançamento',
  transactionSaved: 'Lançamento registrado com sucesso!',
  transactionDeleted: 'Lançamento excluído. O saldo do caixa foi atualizado.',
  transactionReversed: 'Lançamento estornado com sucesso!',
  reverseError: 'Erro ao estornar lançamento',
  cashAccountSaved: 'Caixa salvo com sucesso!',
  cashAccountDeleted: 'Caixa excluído com sucesso!',
  goalSaved: 'Cofre salvo com sucesso!',
  goalDeleted: 'Cofre excluído com sucesso!',
  chartSaved: 'Conta salva com sucesso!',
  chartDeactivated: 'Conta desativada com sucesso!',
  chartSaveError: 'Erro ao salvar conta',
} as const;

export const TRANSACTION_TYPES = ['income', 'expense'] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABEL: Record<TTransactionType, string> = { income: 'Receita', expense: 'Despesa' };
export const RECENT_TRANSACTIONS_LIMIT = 20;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True when s is a real calendar date 'YYYY-MM-DD'. */
export function isIsoDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && isWithinProductYears(s);
}

/** Required id in a body: blank → the form's required message. */
const zRequiredId = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).regex(UUID_RE, FIN_MSG.idInvalid);

/** Optional id from a select: '' or null means none. */
const zOptionalId = z
  .string({ error: FIN_MSG.idInvalid })
  .trim()
  .regex(new RegExp(`^$|${UUID_RE.source}`, 'i'), FIN_MSG.idInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

const zOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const zOptionalDate = z
  .string({ error: FIN_MSG.dateInvalid })
  .trim()
  .refine((v) => v === '' || isIsoDate(v), FIN_MSG.dateInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

const zRequiredDate = (message: string) => z.string({ error: message }).trim().min(1, message).refine(isIsoDate, FIN_MSG.dateInvalid);

// ——— Cash accounts (caixas) ———

const INITIAL_BALANCE: MoneyOptions = { requiredMessage: FIN_MSG.amountInvalid, allowZero: true, negativeMessage: FIN_MSG.initialBalanceNegative, blankValue: '0.00' };
const GOAL_AMOUNT: MoneyOptions = { requiredMessage: FIN_MSG.goalRequired };
const TRANSACTION_AMOUNT: MoneyOptions = { requiredMessage: FIN_MSG.transactionRequired };

export const ZCreateCashAccount = z.object({
  name: z.string({ error: FIN_MSG.cashAccountNameRequired }).trim().min(1, FIN_MSG.cashAccountNameRequired).max(120),
  description: zOptionalText(1000),
  // Spec 5: initial balance only on create; blank means zero.
  initial_balance: zMoney(INITIAL_BALANCE)
    .optional()
    .transform((v) => v ?? '0.00'),
});
export type TCreateCashAccount = z.input<typeof ZCreateCashAccount>;

/** The 'Novo Caixa' form: the same rules, with the balance as typed in pt-BR ('1.234,56'). */
export const ZCreateCashAccountForm = ZCreateCashAccount.extend({ initial_balance: zBrlMoney(INITIAL_BALANCE) });

export const ZUpdateCashAccount = ZCreateCashAccount.pick({ name: true, description: true });
export type TUpdateCashAccount = z.input<typeof ZUpdateCashAccount>;

export const ZCashAccount = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  initial_balance: z.string(),
  current_balance: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  /** initial balance + Σ transactions of this account. */
  expected_balance: z.string(),
  /** current_balance − expected_balance ('0.00' when conciliated). */
  difference: z.string(),
  reconciled: z.boolean(),
  transactions_count: z.number().int(),
});
export type TCashAccount = z.infer<typeof ZCashAccount>;

// ——— Savings goals (cofres) ———

function savingsGoalSchema(goalAmount: z.ZodType<string, string>) {
  return z
    .object({
      name: z.string({ error: FIN_MSG.goalRequired }).trim().min(1, FIN_MSG.goalRequired).max(120),
      goal_amount: goalAmount,
      description: zOptionalText(1000),
      start_date: zOptionalDate,
      end_date: zOptionalDate,
      /** null = club-wide goal. */
      profile_id: zOptionalId,
    })
    .refine((g) => !g.start_date || !g.end_date || g.end_date >= g.start_date, { message: FIN_MSG.goalDates, path: ['end_date'] });
}
export const ZSavingsGoalInput = savingsGoalSchema(zMoney(GOAL_AMOUNT));
/** The cofre form: the goal as typed in pt-BR. */
export const ZSavingsGoalForm = savingsGoalSchema(zBrlMoney(GOAL_AMOUNT));
export type TSavingsGoalInput = z.input<typeof ZSavingsGoalInput>;

export const ZSavingsGoal = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  goal_amount: z.string(),
  current_amount: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  profile_id: z.string().nullable(),
  profile_name: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  /** current ÷ goal in whole percent (may pass 100; bars cap at 100). */
  percent: z.number().int(),
});
export type TSavingsGoal = z.infer<typeof ZSavingsGoal>;

export const ZSavingsGoalQuery = z.object({
  /** A member: their goals plus the club's. Absent: the club's only ('Cofres do Clube'). */
  profile_id: zOptionalId,
  /** Every active goal (club and all members), for the transaction form. */
  all: z.enum(['true', 'false']).optional(),
});

// ——— Chart of accounts (plano de contas) ———

export const ZCreateChartAccount = z.object({
  name: z.string({ error: FIN_MSG.chartNameRequired }).trim().min(1, FIN_MSG.chartNameRequired).max(120),
  type: z.enum(TRANSACTION_TYPES, { error: FIN_MSG.chartTypeRequired }),
});
export type TCreateChartAccount = z.input<typeof ZCreateChartAccount>;

export const ZUpdateChartAccount = z.object({
  name: z.string({ error: FIN_MSG.chartNameRequired }).trim().min(1, FIN_MSG.chartNameRequired).max(120).optional(),
  active: z.boolean().optional(),
});
export type TUpdateChartAccount = z.input<typeof ZUpdateChartAccount>;

export const ZChartAccount = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  active: z.boolean(),
  created_at: z.string(),
});
export type TChartAccount = z.infer<typeof ZChartAccount>;

// ——— Transactions (lançamentos) ———

export const ZCreateTransaction = z.object({
  cash_account_id: zRequiredId(FIN_MSG.transactionRequired),
  description: z.string({ error: FIN_MSG.transactionRequired }).trim().min(1, FIN_MSG.transactionRequired).max(500),
  amount: zMoney(TRANSACTION_AMOUNT),
  type: z.enum(TRANSACTION_TYPES, { error: FIN_MSG.transactionRequired }).default('income'),
  /** Absent: today in the club's time zone. */
  transaction_date: zOptionalDate,
  profile_id: zOptionalId,
  chart_account_id: zOptionalId,
  savings_goal_id: zOptionalId,
});
export type TCreateTransaction = z.input<typeof ZCreateTransaction>;

/** 'Novo Lançamento': the amount as typed in pt-BR. */
export const ZCreateTransactionForm = ZCreateTransaction.extend({ amount: zBrlMoney(TRANSACTION_AMOUNT) });

export const ZTransaction = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.string(),
  description: z.string(),
  transaction_date: z.string(),
  created_at: z.string(),
  cash_account_id: z.string(),
  cash_account_name: z.string(),
  profile_id: z.string().nullable(),
  profile_name: z.string().nullable(),
  chart_account_id: z.string().nullable(),
  chart_account_name: z.string().nullable(),
  savings_goal_id: z.string().nullable(),
  savings_goal_name: z.string().nullable(),
  created_by: z.string().nullable(),
  /** This transaction is the reversal ("estorno") of that one. */
  reversal_of: z.string().nullable(),
  /** The reversal that undid this transaction, if any. */
  reversed_by: z.string().nullable(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/**
 * GET …/transactions: one page, newest first (date, then creation), optionally only one cash account,
 * one type or a date range. The first page holds the spec's last 20 (`limit` up to 200).
 */
export const ZTransactionQuery = pageQuery(RECENT_TRANSACTIONS_LIMIT)
  .extend({
    cash_account_id: zOptionalId,
    type: z.enum(TRANSACTION_TYPES, { error: 'Tipo inválido: use income ou expense.' }).optional(),
    from: zOptionalDate,
    to: zOptionalDate,
  })
  .refine((r) => !r.from || !r.to || r.to >= r.from, { message: FIN_MSG.rangeOrder, path: ['to'] });
export type TTransactionQuery = z.input<typeof ZTransactionQuery>;

export const ZTransactionPage = z.object({
  transactions: z.array(ZTransaction),
  /** Transactions matching the filters, on every page. */
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type TTransactionPage = z.infer<typeof ZTransactionPage>;

// ——— Summary, members, reports ———

export const ZFinanceSummary = z.object({
  total_balance: z.string(),
  cash_accounts: z.number().int(),
  savings_goals: z.number().int(),
});
export type TFinanceSummary = z.infer<typeof ZFinanceSummary>;

export const ZFinanceMember = z.object({ profile_id: z.string(), full_name: z.string() });
export type TFinanceMember = z.infer<typeof ZFinanceMember>;

export const ZMonthlyReportRow = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  income: z.string(),
  expense: z.string(),
  /** 'A receber': what the charges still owed at the month's end (today, for the current month). */
  receivable: z.string(),
  /** Of that, what was past due then. */
  overdue: z.string(),
});
export const ZMonthlyReport = z.array(ZMonthlyReportRow);
export type TMonthlyReportRow = z.infer<typeof ZMonthlyReportRow>;

export const ZChartTotalRow = z.object({
  chart_account_id: z.string().nullable(),
  name: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** Net of reversals. */
  total: z.string(),
});
export const ZChartTotals = z.array(ZChartTotalRow);
export type TChartTotalRow = z.infer<typeof ZChartTotalRow>;
export const UNCATEGORIZED_LABEL = 'Sem categoria';

export const ZOptionalRange = z
  .object({ from: zOptionalDate, to: zOptionalDate })
  .refine((r) => !r.from || !r.to || r.to >= r.from, { message: FIN_MSG.rangeOrder, path: ['to'] });

export const ZRequiredRange = z
  .object({ from: zRequiredDate(FIN_MSG.rangeRequired), to: zRequiredDate(FIN_MSG.rangeRequired) })
  .refine((r) => r.to >= r.from, { message: FIN_MSG.rangeOrder, path: ['to'] });
export type TRequiredRange = z.infer<typeof ZRequiredRange>;

/** 'Excluir lançamento' says why: the reason goes to the audit log with who deleted it. */
export const ZDeleteTransaction = z.object(
  { reason: z.string({ error: FIN_MSG.deleteReasonRequired }).trim().min(3, FIN_MSG.deleteReasonRequired).max(500, 'O motivo pode ter no máximo 500 caracteres.') },
  { error: FIN_MSG.deleteReasonRequired },
);
export type TDeleteTransaction = z.infer<typeof ZDeleteTransaction>;
