import { z } from 'zod';
import { isIsoDate } from './finance.js';
import { zBrlMoney, zMoney, type MoneyOptions } from './money.js';
import { pageQuery } from './pagination.js';
import { UUID_RE } from './ids.js';
import { CHARGE_ORIGINS, CHARGE_ORIGIN_LABEL, CHARGE_STATUSES, PAYMENT_METHODS, type TChargeOrigin } from './charge-labels.js';

/** pt-BR texts of receivables ('cobranças'). */
export const CHARGE_MSG = {
  memberRequired: 'Escolha o membro da cobrança.',
  descriptionRequired: 'Preencha a descrição da cobrança.',
  descriptionTooLong: 'A descrição deve ter no máximo 200 caracteres.',
  amountRequired: 'Informe o valor da cobrança.',
  paymentAmountRequired: 'Informe o valor recebido.',
  dueDateRequired: 'Informe a data de vencimento (dd/mm/aaaa).',
  dateInvalid: 'Data inválida. Use dd/mm/aaaa.',
  originRequired: 'Escolha a origem: mensalidade, evento ou avulsa.',
  methodRequired: 'Escolha a forma de pagamento.',
  cashAccountRequired: 'Escolha o caixa que recebeu o pagamento.',
  reasonRequired: 'Informe o motivo do cancelamento.',
  reasonTooLong: 'O motivo deve ter no máximo 500 caracteres.',
  payerTooLong: 'O nome de quem pagou deve ter no máximo 120 caracteres.',
  idInvalid: 'Identificador inválido.',
  statusInvalid: 'Situação inválida.',
  chargeNotFound: 'Cobrança não encontrada.',
  paymentNotFound: 'Pagamento não encontrado.',
  memberNotFound: 'Membro não encontrado no clube.',
  noOpenCharges: 'Este membro não tem cobranças em aberto.',
  alreadyCancelled: 'Esta cobrança já foi cancelada.',
  cancelPaid: 'Esta cobrança tem pagamentos: estorne-os antes de cancelar.',
  created: 'Cobrança criada!',
  paid: 'Pagamento registrado!',
  reversed: 'Pagamento estornado!',
  cancelled: 'Cobrança cancelada.',
} as const;

export {
  CHARGE_ORIGINS, CHARGE_ORIGIN_LABEL, CHARGE_STATUSES, CHARGE_STATUS_LABEL, PAYMENT_METHODS, PAYMENT_METHOD_LABEL,
  type TChargeOrigin, type TChargeStatus, type TPaymentMethod,
} from './charge-labels.js';

const zId = (message: string) => z.string({ error: message }).trim().min(1, message).regex(UUID_RE, CHARGE_MSG.idInvalid);
const zDate = (message: string) => z.string({ error: message }).trim().min(1, message).refine(isIsoDate, CHARGE_MSG.dateInvalid);
const zOptionalDate = z
  .string({ error: CHARGE_MSG.dateInvalid })
  .trim()
  .refine((v) => v === '' || isIsoDate(v), CHARGE_MSG.dateInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

const CHARGE_AMOUNT: MoneyOptions = { requiredMessage: CHARGE_MSG.amountRequired };
const PAYMENT_AMOUNT: MoneyOptions = { requiredMessage: CHARGE_MSG.paymentAmountRequired };

/** The fields of a charge (one member's; a batch omits the member). */
export function chargeSchema(amount: z.ZodType<string, string>) {
  return z.object({
    profile_id: zId(CHARGE_MSG.memberRequired),
    description: z.string({ error: CHARGE_MSG.descriptionRequired }).trim().min(1, CHARGE_MSG.descriptionRequired).max(200, CHARGE_MSG.descriptionTooLong),
    amount,
    due_date: zDate(CHARGE_MSG.dueDateRequired),
    origin: z.enum(CHARGE_ORIGINS, { error: CHARGE_MSG.originRequired }).default('avulsa'),
  });
}
/** POST …/charges: the amount as a decimal string ('85.50' or '85,50'). */
export const ZCreateCharge = chargeSchema(zMoney(CHARGE_AMOUNT));
/** 'Nova cobrança': the amount as typed in pt-BR ('1.234,56'). */
export const ZCreateChargeForm = chargeSchema(zBrlMoney(CHARGE_AMOUNT));
export type TCreateCharge = z.input<typeof ZCreateCharge>;

function paymentSchema(amount: z.ZodType<string, string>) {
  return z.object({
    amount,
    cash_account_id: zId(CHARGE_MSG.cashAccountRequired),
    method: z.enum(PAYMENT_METHODS, { error: CHARGE_MSG.methodRequired }),
    /** Absent: today in the club's time zone. */
    paid_on: zOptionalDate,
    /** Who paid (a guardian, usually), named on the receipt; blank: not known. */
    payer_name: z.string({ error: CHARGE_MSG.payerTooLong }).trim().max(120, CHARGE_MSG.payerTooLong).nullish().transform((v) => (v ? v : null)),
  });
}
export const ZRecordPayment = paymentSchema(zMoney(PAYMENT_AMOUNT));
export const ZRecordPaymentForm = paymentSchema(zBrlMoney(PAYMENT_AMOUNT));
export type TRecordPayment = z.input<typeof ZRecordPayment>;

export const ZCancelCharge = z.object({
  reason: z.string({ error: CHARGE_MSG.reasonRequired }).trim().min(1, CHARGE_MSG.reasonRequired).max(500, CHARGE_MSG.reasonTooLong),
});
export type TCancelCharge = z.input<typeof ZCancelCharge>;

export const ZChargePayment = z.object({
  id: z.string(),
  charge_id: z.string(),
  amount: z.string(),
  paid_on: z.string(),
  method: z.enum(PAYMENT_METHODS),
  cash_account_id: z.string(),
  cash_account_name: z.string(),
  transaction_id: z.string(),
  reversed_at: z.string().nullable(),
  payer_name: z.string().nullable(),
  created_at: z.string(),
});
export type TChargePayment = z.infer<typeof ZChargePayment>;

export const ZCharge = z.object({
  id: z.string(),
  short_code: z.string(),
  profile_id: z.string(),
  member_name: z.string(),
  description: z.string(),
  amount: z.string(),
  paid_amount: z.string(),
  /** amount − paid_amount; '0.00' once paid or cancelled. */
  open_amount: z.string(),
  due_date: z.string(),
  origin: z.enum(CHARGE_ORIGINS),
  status: z.enum(CHARGE_STATUSES),
  /** 'Vencida': past due (in the club's calendar) and still open. */
  overdue: z.boolean(),
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
});
export type TCharge = z.infer<typeof ZCharge>;

export const ZChargeDetail = ZCharge.extend({
  payments: z.array(ZChargePayment),
  pix_copia_e_cola: z.string().nullable(),
  /** The member's guardians on record: whom 'Quem pagou' suggests. */
  payer_suggestions: z.array(z.string()),
});
export type TChargeDetail = z.infer<typeof ZChargeDetail>;

export const ZChargeQuery = pageQuery(50).extend({
  profile_id: zId(CHARGE_MSG.idInvalid).optional(),
  origin: z.enum(CHARGE_ORIGINS, { error: CHARGE_MSG.originRequired }).optional(),
  status: z.enum([...CHARGE_STATUSES, 'vencida'], { error: CHARGE_MSG.statusInvalid }).optional(),
});
export type TChargeQuery = z.input<typeof ZChargeQuery>;

export const ZChargePage = z.object({ charges: z.array(ZCharge), next_cursor: z.string().nullable() });
export type TChargePage = z.infer<typeof ZChargePage>;

/** An open charge as its payer sees it: with the PIX copia e cola of what it still owes (null: no PIX key yet). */
export const ZOpenCharge = ZCharge.extend({ pix_copia_e_cola: z.string().nullable() });
export type TOpenCharge = z.infer<typeof ZOpenCharge>;

// ——— 'Quem deve' ———

export const ZDebtorQuery = z.object({
  unit_id: zId(CHARGE_MSG.idInvalid).optional(),
  origin: z.enum(CHARGE_ORIGINS, { error: CHARGE_MSG.originRequired }).optional(),
  /** Only the charges of one event (its registrations). */
  event_id: zId(CHARGE_MSG.idInvalid).optional(),
});
export type TDebtorQuery = z.input<typeof ZDebtorQuery>;

export const ZDebtor = z.object({
  profile_id: z.string(),
  member_name: z.string(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  open_total: z.string(),
  open_count: z.number().int(),
  oldest_due: z.string(),
  /** What is open and not yet due, then late by up to 30, 31 to 60 and over 60 days. */
  not_due: z.string(),
  late_30: z.string(),
  late_60: z.string(),
  late_over_60: z.string(),
  /** Whom 'Cobrar via WhatsApp' writes to: a guardian with a phone, else nobody (the treasurer picks). */
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
});
export type TDebtor = z.infer<typeof ZDebtor>;

export const ZDebtors = z.object({
  total: z.string(),
  late_total: z.string(),
  members: z.array(ZDebtor),
});
export type TDebtors = z.infer<typeof ZDebtors>;

export const ZWhatsAppReminder = z.object({
  url: z.string(),
  text: z.string(),
  phone: z.string().nullable(),
});
export type TWhatsAppReminder = z.infer<typeof ZWhatsAppReminder>;

// ——— Recibos ———

/** A printable 'recibo' of one payment: the club (name and logo), who paid, what and how. */
export const ZReceipt = z.object({
  payment_id: z.string(),
  /** The charge's short code and the payment's order within it ('K7M2QX9P-1'). */
  number: z.string(),
  club_name: z.string(),
  club_logo_url: z.string().nullable(),
  club_city: z.string().nullable(),
  /** Whom the charge is for ('referente a'). */
  member_name: z.string(),
  /** Who paid, when the treasurer recorded it (a guardian, usually); null: not known. */
  payer_name: z.string().nullable(),
  description: z.string(),
  origin: z.enum(CHARGE_ORIGINS),
  amount: z.string(),
  /** 'cento e cinquenta reais e vinte centavos'. */
  amount_in_words: z.string(),
  paid_on: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reversed: z.boolean(),
  charge_amount: z.string(),
  charge_open_amount: z.string(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

const plain = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * What a receipt says the payment was for: the description, with its origin only when the description
 * does not already say it ('Mensalidade 11/2026', not 'Mensalidade 11/2026 (Mensalidade)').
 */
export function receiptSubject(description: string, origin: TChargeOrigin): string {
  const label = CHARGE_ORIGIN_LABEL[origin];
  return origin === 'avulsa' || plain(description).includes(plain(label)) ? description : `${description} (${label})`;
}

/** A payment as its payer lists it (to open its receipt). */
export const ZMyPayment = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.string(),
  paid_on: z.string(),
  method: z.enum(PAYMENT_METHODS),
});
export type TMyPayment = z.infer<typeof ZMyPayment>;
