import { z } from 'zod';
import { isIsoDate } from './finance.js';
import { moneyToCents, splitMoney, zBrlMoney, zMoney, type MoneyOptions } from './money.js';
import { UUID_RE, zId } from './ids.js';
import { formatBrl } from './format-brl.js';
import { ZAccompanyingAdults } from './camps.js';

/** pt-BR texts of events ('Eventos', issue 35). */
export const EVENT_MSG = {
  titleRequired: 'Preencha o título do evento.',
  titleTooLong: 'O título deve ter no máximo 120 caracteres.',
  kindRequired: 'Escolha o tipo: acampamento, campori, passeio ou culto especial.',
  startRequired: 'Informe a data de início (dd/mm/aaaa).',
  endRequired: 'Informe a data de término (dd/mm/aaaa).',
  deadlineRequired: 'Informe o prazo de inscrição (dd/mm/aaaa).',
  dateInvalid: 'Data inválida. Use dd/mm/aaaa.',
  endBeforeStart: 'A data de término deve ser igual ou posterior à de início.',
  deadlineAfterStart: 'O prazo de inscrição deve ser até a data de início do evento.',
  placeRequired: 'Informe o local do evento.',
  placeTooLong: 'O local deve ter no máximo 200 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 2000 caracteres.',
  costRequired: 'Informe o valor por participante (0 para evento gratuito).',
  costNegative: 'O valor por participante não pode ser negativo.',
  instalmentsInvalid: 'O número de parcelas deve ser de 1 a 12.',
  instalmentsTooSmall: 'Cada parcela deve ser de pelo menos R$ 0,01: diminua o número de parcelas.',
  placesInvalid: 'O número de vagas deve ser de 1 a 10.000 (ou deixe em branco para não limitar).',
  idInvalid: 'Identificador inválido.',
  tooManyUnits: 'No máximo 50 unidades convidadas.',
  tooManyMembers: 'No máximo 500 membros convidados.',
  checklistItemRequired: 'Preencha o nome do item da lista de verificação.',
  checklistItemTooLong: 'Cada item da lista de verificação deve ter no máximo 80 caracteres.',
  checklistTooMany: 'No máximo 10 itens na lista de verificação.',
  checklistDuplicate: 'Há itens repetidos na lista de verificação.',
  reasonRequired: 'Informe o motivo do cancelamento.',
  reasonTooLong: 'O motivo deve ter no máximo 500 caracteres.',
  eventNotFound: 'Evento não encontrado.',
  registrationNotFound: 'Inscrição não encontrada.',
  itemNotFound: 'Item da lista de verificação não encontrado.',
  unitNotFound: 'Unidade convidada não encontrada no clube.',
  invitedMemberNotFound: 'Membro convidado não encontrado no clube.',
  memberRequired: 'Escolha o membro a inscrever.',
  memberNotFound: 'Membro não encontrado no clube.',
  notInvited: 'Este membro não foi convidado para este evento.',
  alreadyRegistered: 'Este membro já está inscrito neste evento.',
  full: 'Não há mais vagas neste evento.',
  deadlinePassed: 'O prazo de inscrição deste evento terminou.',
  eventCancelled: 'Este evento foi cancelado.',
  alreadyCancelled: 'Este evento já foi cancelado.',
  deleteHasRegistrations: 'Este evento tem inscrições: cancele o evento em vez de excluí-lo.',
  placesBelowRegistered: (n: number) => `Já há ${n} inscritos: o número de vagas não pode ser menor.`,
  costLocked: 'O valor e as parcelas não podem mudar depois das primeiras inscrições.',
  registrationCancelled: 'Inscrição cancelada.',
  signedNameRequired: 'Digite seu nome completo para assinar a autorização.',
  signedNameTooLong: 'O nome deve ter no máximo 200 caracteres.',
  confirmRequired: 'Confirme que leu e concorda com a autorização.',
  versionRequired: 'Versão do texto da autorização inválida.',
  textChanged: 'O texto da autorização mudou. Leia a nova versão e assine novamente.',
  notRegistered: 'Este membro não está inscrito neste evento.',
  alreadyAuthorised: 'A autorização deste evento já foi assinada.',
  notAuthorised: 'Não há autorização assinada para revogar.',
  revokeAfterStart: 'O evento já começou: a autorização não pode mais ser revogada.',
  eventEnded: 'Este evento já terminou.',
  textRequired: 'Escreva o texto da autorização.',
  textTooLong: 'O texto da autorização deve ter no máximo 10.000 caracteres.',
  doneRequired: 'Informe se o item foi feito.',
  created: 'Evento criado!',
  updated: 'Evento salvo!',
  registered: 'Inscrição feita!',
  signed: 'Autorização assinada!',
  revoked: 'Autorização revogada.',
} as const;

export const EVENT_KINDS = ['acampamento', 'campori', 'passeio', 'culto_especial'] as const;
export type TEventKind = (typeof EVENT_KINDS)[number];
export const EVENT_KIND_LABEL: Record<TEventKind, string> = {
  acampamento: 'Acampamento', campori: 'Campori', passeio: 'Passeio', culto_especial: 'Culto especial',
};

export const EVENT_STATUSES = ['inscricoes_abertas', 'inscricoes_encerradas', 'em_andamento', 'encerrado', 'cancelado'] as const;
export type TEventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_STATUS_LABEL: Record<TEventStatus, string> = {
  inscricoes_abertas: 'Inscrições abertas', inscricoes_encerradas: 'Inscrições encerradas', em_andamento: 'Em andamento', encerrado: 'Encerrado', cancelado: 'Cancelado',
};

/** A health form counts as 'em dia' when updated within this many months. */
export const HEALTH_FORM_VALID_MONTHS = 12;
export const MAX_INSTALMENTS = 12;

const zDate = (message: string) => z.string({ error: message }).trim().min(1, message).refine(isIsoDate, EVENT_MSG.dateInvalid);
const zUuid = zId(EVENT_MSG.idInvalid);
const COST: MoneyOptions = { requiredMessage: EVENT_MSG.costRequired, allowZero: true, negativeMessage: EVENT_MSG.costNegative };

const DAY_MS = 86_400_000;
const isoOf = (y: number, m0: number, d: number) => new Date(Date.UTC(y, m0, d)).toISOString().slice(0, 10);

/** `iso` less `k` months, the day kept or the month's last (as PostgreSQL's date - interval 'k months'). */
function monthsBefore(iso: string, k: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const total = y * 12 + (m - 1) - k;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoOf(year, month, Math.min(d, last));
}

const addDaysIso = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (ISO dates). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * A registration's charges (issue 43): `n` instalments a month apart, the last on the registration
 * deadline. When those months do not fit before the deadline, the instalments spread evenly over the
 * days left (the last on the deadline), and when fewer days are left than instalments, there is one
 * instalment per day left (a registration on the deadline pays once): two never fall due the same day,
 * none before today. Amounts exact to the cent (splitMoney).
 */
export function instalmentPlan(cost: string, n: number, deadline: string, today: string): Array<{ amount: string; due: string }> {
  const monthly = Array.from({ length: n }, (_, i) => monthsBefore(deadline, n - 1 - i));
  if (monthly[0] >= today) return splitMoney(cost, n).map((amount, i) => ({ amount, due: monthly[i] }));
  const span = Math.max(0, daysBetween(today, deadline));
  const count = Math.max(1, Math.min(n, span));
  return splitMoney(cost, count).map((amount, i) => ({ amount, due: addDaysIso(today, Math.round((span * (i + 1)) / count)) }));
}

/** Why the form's instalments will not be a month apart (null when they are): the rule above, in pt-BR. */
export function instalmentNote(n: number, deadline: string, today: string): string | null {
  if (n <= 1 || !deadline || monthsBefore(deadline, n - 1) >= today) return null;
  const span = Math.max(0, daysBetween(today, deadline));
  if (span === 0) return 'O prazo de inscrição é hoje: quem se inscrever paga em uma parcela só.';
  const days = span === 1 ? '1 dia' : `${span} dias`;
  if (span < n) return `Faltam ${days} até o prazo de inscrição: quem se inscrever hoje paga em ${span === 1 ? '1 parcela' : `${span} parcelas`}, uma por dia, a última no prazo.`;
  return `Faltam ${days} até o prazo de inscrição, menos que ${n - 1} ${n - 1 === 1 ? 'mês' : 'meses'}: as ${n} parcelas se espalham a cada ${Math.round(span / n)} dias, mais ou menos, a última no prazo.`;
}


function eventSchema(cost: z.ZodType<string, string>) {
  return z.object({
    title: z.string({ error: EVENT_MSG.titleRequired }).trim().min(1, EVENT_MSG.titleRequired).max(120, EVENT_MSG.titleTooLong),
    kind: z.enum(EVENT_KINDS, { error: EVENT_MSG.kindRequired }),
    starts_on: zDate(EVENT_MSG.startRequired),
    ends_on: zDate(EVENT_MSG.endRequired),
    registration_deadline: zDate(EVENT_MSG.deadlineRequired),
    place: z.string({ error: EVENT_MSG.placeRequired }).trim().min(1, EVENT_MSG.placeRequired).max(200, EVENT_MSG.placeTooLong),
    description: z.string({ error: EVENT_MSG.descriptionTooLong }).trim().max(2000, EVENT_MSG.descriptionTooLong).nullish().transform((v) => v || null),
    cost,
    instalments: z.number({ error: EVENT_MSG.instalmentsInvalid }).int(EVENT_MSG.instalmentsInvalid).min(1, EVENT_MSG.instalmentsInvalid).max(MAX_INSTALMENTS, EVENT_MSG.instalmentsInvalid).default(1),
    places: z.number({ error: EVENT_MSG.placesInvalid }).int(EVENT_MSG.placesInvalid).min(1, EVENT_MSG.placesInvalid).max(10000, EVENT_MSG.placesInvalid).nullish().transform((v) => v ?? null),
    invited_unit_ids: z.array(zUuid, { error: EVENT_MSG.idInvalid }).max(50, EVENT_MSG.tooManyUnits).default([]),
    invited_member_ids: z.array(zUuid, { error: EVENT_MSG.idInvalid }).max(500, EVENT_MSG.tooManyMembers).default([]),
    checklist_items: z
      .array(z.string({ error: EVENT_MSG.checklistItemRequired }).trim().min(1, EVENT_MSG.checklistItemRequired).max(80, EVENT_MSG.checklistItemTooLong), { error: EVENT_MSG.checklistItemRequired })
      .max(10, EVENT_MSG.checklistTooMany)
      .default([]),
  }).superRefine((e, ctx) => {
    if (e.ends_on < e.starts_on) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: EVENT_MSG.endBeforeStart });
    if (e.registration_deadline > e.starts_on) ctx.addIssue({ code: 'custom', path: ['registration_deadline'], message: EVENT_MSG.deadlineAfterStart });
    if (moneyToCents(e.cost) > 0n && moneyToCents(e.cost) < BigInt(e.instalments)) ctx.addIssue({ code: 'custom', path: ['instalments'], message: EVENT_MSG.instalmentsTooSmall });
    const folded = e.checklist_items.map((i) => i.toLowerCase());
    if (new Set(folded).size !== folded.length) ctx.addIssue({ code: 'custom', path: ['checklist_items'], message: EVENT_MSG.checklistDuplicate });
  });
}

/** POST/PUT …/events: the cost as a decimal string ('350.00' or '350,00'). */
export const ZEventInput = eventSchema(zMoney(COST));
/** The 'Evento' form: the cost as typed in pt-BR ('1.234,56'). */
export const ZEventForm = eventSchema(zBrlMoney(COST));
export type TEventInput = z.input<typeof ZEventInput>;

export const ZCancelEvent = z.object({
  reason: z.string({ error: EVENT_MSG.reasonRequired }).trim().min(1, EVENT_MSG.reasonRequired).max(500, EVENT_MSG.reasonTooLong),
});

export const ZRegisterMember = z.object({
  member_id: z.string({ error: EVENT_MSG.memberRequired }).trim().min(1, EVENT_MSG.memberRequired).regex(UUID_RE, EVENT_MSG.idInvalid),
});

export const ZChecklistTick = z.object({ done: z.boolean({ error: EVENT_MSG.doneRequired }) });

export const ZAuthorisationTextInput = z.object({
  body: z.string({ error: EVENT_MSG.textRequired }).trim().min(1, EVENT_MSG.textRequired).max(10000, EVENT_MSG.textTooLong),
});

export const ZSignAuthorisation = z.object({
  signed_name: z.string({ error: EVENT_MSG.signedNameRequired }).trim().min(3, EVENT_MSG.signedNameRequired).max(200, EVENT_MSG.signedNameTooLong),
  text_version: z.number({ error: EVENT_MSG.versionRequired }).int(EVENT_MSG.versionRequired).min(1, EVENT_MSG.versionRequired).max(1_000_000, EVENT_MSG.versionRequired),
  confirm: z.literal(true, { error: EVENT_MSG.confirmRequired }),
  /** A saída: the adults who accompany an under-16 (ECA art. 83), required for them (issue 49). */
  accompanying_adults: ZAccompanyingAdults.default([]),
});
export type TSignAuthorisation = z.input<typeof ZSignAuthorisation>;

// ——— Answers ———

export const ZChecklistItem = z.object({ id: z.string(), label: z.string() });

export const ZEvent = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(EVENT_KINDS),
  starts_on: z.string(),
  ends_on: z.string(),
  registration_deadline: z.string(),
  place: z.string(),
  description: z.string().nullable(),
  cost: z.string(),
  instalments: z.number().int(),
  places: z.number().int().nullable(),
  registered_count: z.number().int(),
  /** null: no limit. */
  places_left: z.number().int().nullable(),
  status: z.enum(EVENT_STATUSES),
  cancel_reason: z.string().nullable(),
  invited_unit_ids: z.array(z.string()),
  invited_member_ids: z.array(z.string()),
  checklist_items: z.array(ZChecklistItem),
  created_at: z.string(),
});
export type TEvent = z.infer<typeof ZEvent>;

export const ZAuthorisation = z.object({
  signed_name: z.string(),
  signed_at: z.string(),
  version: z.number().int(),
});
export type TAuthorisation = z.infer<typeof ZAuthorisation>;

export const HEALTH_FORM_STATES = ['em_dia', 'desatualizada', 'ausente'] as const;
export const PAYMENT_STATES = ['sem_custo', 'pago', 'em_dia', 'atrasado'] as const;
export const PAYMENT_STATE_LABEL: Record<(typeof PAYMENT_STATES)[number], string> = {
  sem_custo: 'Sem custo', pago: 'Pago', em_dia: 'Em dia', atrasado: 'Atrasado',
};
export const HEALTH_FORM_STATE_LABEL: Record<(typeof HEALTH_FORM_STATES)[number], string> = {
  em_dia: 'Em dia', desatualizada: 'Desatualizada', ausente: 'Não preenchida',
};

export const ZEmergencyContactOut = z.object({ name: z.string(), phone: z.string(), relationship: z.string().nullable() });

/** One participant of the roster, with their checklist. */
export const ZParticipant = z.object({
  registration_id: z.string(),
  member_id: z.string(),
  profile_id: z.string(),
  member_name: z.string(),
  unit_name: z.string().nullable(),
  registered_at: z.string(),
  authorisation: ZAuthorisation.nullable(),
  health_form: z.enum(HEALTH_FORM_STATES),
  payment: z.enum(PAYMENT_STATES),
  amount: z.string(),
  paid_amount: z.string(),
  open_amount: z.string(),
  items: z.array(z.object({ item_id: z.string(), label: z.string(), done: z.boolean() })),
  /** Every line of the checklist is done. */
  ready: z.boolean(),
  /** null: the reader may not see health data (or the consent is not in force). */
  emergency_contacts: z.array(ZEmergencyContactOut).nullable(),
});
export type TParticipant = z.infer<typeof ZParticipant>;

export const ZRoster = z.object({
  event: ZEvent,
  /** The reader may see the emergency contacts of the fichas médicas. */
  health_visible: z.boolean(),
  participants: z.array(ZParticipant),
});
export type TRoster = z.infer<typeof ZRoster>;

export const ZAuthorisationText = z.object({ version: z.number().int(), body: z.string(), created_at: z.string() });
export type TAuthorisationText = z.infer<typeof ZAuthorisationText>;

export const ZRegistrationResult = z.object({
  registration_id: z.string(),
  /** Warnings that do not refuse the registration (a saída: no seguro for its date). */
  warnings: z.array(z.string()).optional(),
  /** The charges written for it (one per instalment). */
  charge_ids: z.array(z.string()),
});

export const ZCancelRegistrationResult = z.object({
  cancelled_charges: z.number().int(),
  /** Charges with payments standing are kept: the treasurer reverses them to give the money back. */
  kept_charges: z.number().int(),
});

/** An event as a guardian sees it for one child in /familia. */
export const ZFamilyEvent = ZEvent.omit({ invited_unit_ids: true, invited_member_ids: true, checklist_items: true }).extend({
  registered: z.boolean(),
  can_register: z.boolean(),
  authorisation: ZAuthorisation.nullable(),
  can_revoke: z.boolean(),
});
export type TFamilyEvent = z.infer<typeof ZFamilyEvent>;

export const ZFamilyEvents = z.object({
  authorisation_text: ZAuthorisationText,
  events: z.array(ZFamilyEvent),
});
export type TFamilyEvents = z.infer<typeof ZFamilyEvents>;

/**
 * 'Avisar no WhatsApp' on an event: the text a leader pastes in the club's groups. Only what every
 * member may see: the club, the event, its dates, place, cost and registration deadline.
 */
export function eventShareText(clubName: string, e: Pick<TEvent, 'title' | 'kind' | 'starts_on' | 'ends_on' | 'place' | 'cost' | 'instalments' | 'registration_deadline'>): string {
  const br = (iso: string) => iso.split('-').reverse().join('/');
  const days = e.starts_on === e.ends_on ? `em ${br(e.starts_on)}` : `de ${br(e.starts_on)} a ${br(e.ends_on)}`;
  const cost = moneyToCents(e.cost) === 0n ? 'Gratuito.' : `Valor: R$ ${formatBrl(e.cost)}${e.instalments > 1 ? ` em ${e.instalments}x` : ''}.`;
  return `📣 ${clubName}: ${e.title} (${EVENT_KIND_LABEL[e.kind]}) ${days}, ${e.place}. ${cost} Inscrições até ${br(e.registration_deadline)} na área da família do Trilha.`;
}
