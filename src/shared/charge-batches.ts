import { z } from 'zod';
import { chargeSchema, CHARGE_MSG } from './charges.js';
import { zBrlMoney, zMoney } from './money.js';
import { zId } from './ids.js';

/** At most this many charges in one 'Nova cobrança' for many. */
export const CHARGE_BATCH_MAX = 500;

/** pt-BR texts of 'Nova cobrança' for a list, a unit or the whole club (issue 43). */
export const CHARGE_BATCH_MSG = {
  targetRequired: 'Escolha para quem é a cobrança: membros escolhidos, uma unidade ou o clube todo.',
  membersRequired: 'Selecione pelo menos um membro.',
  tooManyMembers: `Selecione no máximo ${CHARGE_BATCH_MAX} membros por vez.`,
  memberInvalid: 'Membro inválido na seleção.',
  unitRequired: 'Escolha a unidade.',
  unitNotFound: 'Unidade não encontrada.',
  membersNotFound: 'Um ou mais membros selecionados não estão ativos neste clube. Nenhuma cobrança foi criada.',
  nobody: 'Ninguém a cobrar: não há desbravadores ativos nessa unidade ou no clube. Nenhuma cobrança foi criada.',
  tooManyPayers: `São mais de ${CHARGE_BATCH_MAX} membros: cobre por unidade. Nenhuma cobrança foi criada.`,
  duesTaken: 'Um ou mais membros já têm a mensalidade deste mês. Nenhuma cobrança foi criada.',
  clientIdInvalid: 'Envio sem identificador válido: recarregue a página e tente de novo.',
  created: (n: number) => (n === 1 ? '1 cobrança criada!' : `${n} cobranças criadas!`),
} as const;

export const CHARGE_TARGETS = ['members', 'unit', 'club'] as const;
export type TChargeTarget = (typeof CHARGE_TARGETS)[number];
export const CHARGE_TARGET_LABEL: Record<TChargeTarget, string> = { members: 'Membros escolhidos', unit: 'Uma unidade', club: 'O clube todo' };

const ZTarget = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('members'),
    profile_ids: z.array(zId(CHARGE_BATCH_MSG.memberInvalid), { error: CHARGE_BATCH_MSG.membersRequired })
      .min(1, CHARGE_BATCH_MSG.membersRequired).max(CHARGE_BATCH_MAX, CHARGE_BATCH_MSG.tooManyMembers),
  }),
  z.object({ kind: z.literal('unit'), unit_id: zId(CHARGE_BATCH_MSG.unitRequired) }),
  z.object({ kind: z.literal('club') }),
], { error: CHARGE_BATCH_MSG.targetRequired });

function batchSchema(amount: z.ZodType<string, string>) {
  return chargeSchema(amount).omit({ profile_id: true }).extend({
    /** Made by the form when it opens: a second click or a resend answers the first batch instead of charging twice. */
    client_id: zId(CHARGE_BATCH_MSG.clientIdInvalid),
    target: ZTarget,
  });
}
/** POST …/charges/batch. */
export const ZCreateChargeBatch = batchSchema(zMoney({ requiredMessage: CHARGE_MSG.amountRequired }));
/** The same, the amount typed in pt-BR. */
export const ZCreateChargeBatchForm = batchSchema(zBrlMoney({ requiredMessage: CHARGE_MSG.amountRequired }));
export type TCreateChargeBatch = z.input<typeof ZCreateChargeBatch>;

export const ZChargeBatchResult = z.object({
  batch_id: z.string(),
  count: z.number().int(),
  /** amount × count. */
  total: z.string(),
  /** true: this client_id had already been sent; the first answer comes back and nothing new is charged. */
  replayed: z.boolean(),
});
export type TChargeBatchResult = z.infer<typeof ZChargeBatchResult>;

/** Whom the form may charge: every active member, with their unit; `youth`: a unit or the whole club charges them. */
export const ZChargePayer = z.object({
  profile_id: z.string(),
  full_name: z.string(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  youth: z.boolean(),
});
export type TChargePayer = z.infer<typeof ZChargePayer>;
