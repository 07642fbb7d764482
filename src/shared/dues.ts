import { z } from 'zod';
import { formatBrl, zBrlMoney, zMoney, type MoneyOptions } from './money.js';

/** pt-BR texts of the monthly dues ('mensalidades'). */
export const DUES_MSG = {
  amountRequired: 'Informe o valor da mensalidade.',
  descriptionRequired: 'Preencha a descrição da mensalidade.',
  descriptionTooLong: 'A descrição deve ter no máximo 120 caracteres.',
  dueDayInvalid: 'O dia de vencimento deve ser de 1 a 28.',
  monthsRequired: 'Escolha ao menos um mês de cobrança.',
  monthInvalid: 'Mês inválido.',
  kindRequired: 'Escolha a exceção: isento, outro valor ou desconto.',
  memberRequired: 'Escolha o membro.',
  exceptionAmountRequired: 'Informe o valor da mensalidade deste membro.',
  percentInvalid: 'O desconto deve ser de 1 a 99 %.',
  reasonTooLong: 'O motivo deve ter no máximo 200 caracteres.',
  planMissing: 'Cadastre o plano de mensalidades antes de gerar.',
  planInactive: 'O plano de mensalidades está desativado.',
  monthOutsidePlan: 'Este mês não está no plano de mensalidades.',
  generateMonthInvalid: 'Informe o mês no formato AAAA-MM.',
  monthTooFar: 'Só é possível gerar mensalidades até o mês que vem.',
  memberNotFound: 'Membro não encontrado no clube.',
  exceptionNotFound: 'Este membro não tem exceção de mensalidade.',
  firstMonthInvalid: 'Escolha quando começa a cobrança: este mês ou o próximo.',
  saved: 'Plano de mensalidades salvo!',
  exceptionSaved: 'Exceção salva!',
  exceptionRemoved: 'Exceção removida.',
} as const;

/** A due must be at least R$ 0,01 (charges_amount_check): a discount that leaves less is refused. */
export const duesBelowMinimum = (who: string, percent: number, amount: string) =>
  `O desconto de ${percent} % de ${who} deixaria a mensalidade de R$ ${formatBrl(amount)} abaixo de R$ 0,01. Use 'Isento' ou um desconto menor.`;

/** When a new plan starts billing: the current month (due dates not before today) or the next one. */
export const DUES_FIRST_MONTHS = ['current', 'next'] as const;
export type TDuesFirstMonth = (typeof DUES_FIRST_MONTHS)[number];

export const MONTH_LABEL = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'] as const;

const PLAN_AMOUNT: MoneyOptions = { requiredMessage: DUES_MSG.amountRequired };
const EXCEPTION_AMOUNT: MoneyOptions = { requiredMessage: DUES_MSG.exceptionAmountRequired };

function planSchema(amount: z.ZodType<string, string>) {
  return z.object({
    description: z.string({ error: DUES_MSG.descriptionRequired }).trim().min(1, DUES_MSG.descriptionRequired).max(120, DUES_MSG.descriptionTooLong).default('Mensalidade'),
    amount,
    due_day: z.coerce.number({ error: DUES_MSG.dueDayInvalid }).int(DUES_MSG.dueDayInvalid).min(1, DUES_MSG.dueDayInvalid).max(28, DUES_MSG.dueDayInvalid),
    months: z
      .array(z.number({ error: DUES_MSG.monthInvalid }).int(DUES_MSG.monthInvalid).min(1, DUES_MSG.monthInvalid).max(12, DUES_MSG.monthInvalid), { error: DUES_MSG.monthsRequired })
      .min(1, DUES_MSG.monthsRequired)
      .max(12, DUES_MSG.monthsRequired)
      .transform((ms) => [...new Set(ms)].sort((a, b) => a - b)),
    active: z.boolean({ error: DUES_MSG.planInactive }).default(true),
    /** Only for a plan that never billed: the job starts next month unless 'current' is chosen (issue 43). */
    first_month: z.enum(DUES_FIRST_MONTHS, { error: DUES_MSG.firstMonthInvalid }).default('next'),
  });
}
/** PUT …/dues-plan: the amount as a decimal string. */
export const ZDuesPlanInput = planSchema(zMoney(PLAN_AMOUNT));
/** The plan's form: the amount typed in pt-BR ('85,50'). */
export const ZDuesPlanForm = planSchema(zBrlMoney(PLAN_AMOUNT));
export type TDuesPlanInput = z.input<typeof ZDuesPlanInput>;

export const ZDuesPlan = z.object({
  description: z.string(),
  amount: z.string(),
  due_day: z.number().int(),
  months: z.array(z.number().int()),
  active: z.boolean(),
  /** The last month the monthly job generated ('AAAA-MM-01'), null before its first run. */
  generated_through: z.string().nullable(),
  /** The first month the job bills ('AAAA-MM-01'); null for a plan saved before it existed (no limit). */
  first_month: z.string().nullable(),
});
export type TDuesPlan = z.infer<typeof ZDuesPlan>;

export const DUES_EXCEPTION_KINDS = ['isento', 'valor', 'desconto'] as const;
export type TDuesExceptionKind = (typeof DUES_EXCEPTION_KINDS)[number];
export const DUES_EXCEPTION_LABEL: Record<TDuesExceptionKind, string> = { isento: 'Isento', valor: 'Outro valor', desconto: 'Desconto (%)' };

const reason = z.string({ error: DUES_MSG.reasonTooLong }).trim().max(200, DUES_MSG.reasonTooLong).nullish().transform((v) => (v ? v : null));
function exceptionSchema(amount: z.ZodType<string, string>) {
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('isento'), reason }),
    z.object({ kind: z.literal('valor'), amount, reason }),
    z.object({
      kind: z.literal('desconto'),
      percent: z.coerce.number({ error: DUES_MSG.percentInvalid }).int(DUES_MSG.percentInvalid).min(1, DUES_MSG.percentInvalid).max(99, DUES_MSG.percentInvalid),
      reason,
    }),
  ], { error: DUES_MSG.kindRequired });
}
/** PUT …/dues-exceptions/:profileId */
export const ZDuesExceptionInput = exceptionSchema(zMoney(EXCEPTION_AMOUNT));
export const ZDuesExceptionForm = exceptionSchema(zBrlMoney(EXCEPTION_AMOUNT));
export type TDuesExceptionInput = z.input<typeof ZDuesExceptionInput>;

export const ZDuesException = z.object({
  profile_id: z.string(),
  member_name: z.string(),
  kind: z.enum(DUES_EXCEPTION_KINDS),
  amount: z.string().nullable(),
  percent: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type TDuesException = z.infer<typeof ZDuesException>;

export const ZDuesSetup = z.object({ plan: ZDuesPlan.nullable(), exceptions: z.array(ZDuesException) });
export type TDuesSetup = z.infer<typeof ZDuesSetup>;

export const ZGenerateDues = z.object({
  month: z.string({ error: DUES_MSG.generateMonthInvalid }).trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, DUES_MSG.generateMonthInvalid),
});
export type TGenerateDues = z.input<typeof ZGenerateDues>;
export const ZGenerateDuesResult = z.object({ month: z.string(), created: z.number().int() });
export type TGenerateDuesResult = z.infer<typeof ZGenerateDuesResult>;
