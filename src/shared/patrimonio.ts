import { z } from 'zod';
import { isIsoDate } from './finance.js';
import { UUID_RE } from './ids.js';
import { zBrlMoney, zMoney, type MoneyOptions } from './money.js';

/** pt-BR texts of patrimônio, uniformes e kits (issue 50). */
export const PAT_MSG = {
  nameRequired: 'Preencha o nome do item.',
  nameTooLong: 'O nome deve ter no máximo 120 caracteres.',
  categoryRequired: 'Escolha a categoria do item.',
  quantityInvalid: 'A quantidade deve ser um número inteiro de 1 a 10.000.',
  quantityNegative: 'A quantidade não pode ser negativa.',
  valueRequired: 'Informe o valor de cada unidade (0 se não tiver valor).',
  valueNegative: 'O valor não pode ser negativo.',
  dateRequired: 'Informe a data (dd/mm/aaaa).',
  dateInvalid: 'Data inválida. Use dd/mm/aaaa.',
  acquisitionRequired: 'Escolha como o item foi adquirido: comprado, doado ou fabricado.',
  nfeRequired: 'Informe o número da NF-e do item comprado.',
  nfeTooLong: 'O número da NF-e deve ter no máximo 60 caracteres.',
  voteTooLong: 'O voto da igreja deve ter no máximo 200 caracteres.',
  voteRequired: 'Informe o voto da igreja que aprovou a baixa (ata nº / voto nº).',
  locationTooLong: 'O local deve ter no máximo 120 caracteres.',
  conditionRequired: 'Escolha o estado de conservação.',
  notesTooLong: 'As observações devem ter no máximo 2000 caracteres.',
  noteTooLong: 'A observação deve ter no máximo 500 caracteres.',
  reasonRequired: 'Informe o motivo da baixa.',
  historyKindRequired: 'Escolha o registro: vistoria ou manutenção.',
  writeOffKindRequired: 'Escolha: baixa ou perda.',
  itemNotFound: 'Item do patrimônio não encontrado.',
  fileNotFound: 'Arquivo não encontrado.',
  loanNotFound: 'Empréstimo não encontrado.',
  borrowerRequired: 'Escolha para quem emprestar: uma unidade, um líder ou um evento.',
  unitNotFound: 'Unidade não encontrada neste clube.',
  leaderNotFound: 'Líder não encontrado neste clube.',
  eventNotFound: 'Evento não encontrado neste clube.',
  dueRequired: 'Informe a data de devolução (dd/mm/aaaa).',
  dueBeforeToday: 'A data de devolução não pode ser anterior a hoje.',
  notAvailable: (n: number) => (n === 0 ? 'Não há unidades disponíveis deste item: todas estão emprestadas ou baixadas.' : `Só há ${n} disponíve${n === 1 ? 'l' : 'is'} deste item.`),
  writeOffTooMany: (n: number) => `Só há ${n} unidade${n === 1 ? '' : 's'} no clube para dar baixa (as emprestadas voltam antes).`,
  notOut: 'Este item não está emprestado: não há devolução a registrar.',
  alreadyReturned: 'Este empréstimo já foi devolvido.',
  quantityBelowUsed: (n: number) => `A quantidade não pode ser menor que ${n} (unidades emprestadas ou baixadas).`,
  fileKindRequired: 'Escolha o tipo do arquivo: foto, NF-e ou termo de doação.',
  fileRequired: 'Escolha um arquivo para enviar.',
  photoNotImage: 'A foto deve ser uma imagem (PNG, JPEG, GIF, WEBP ou HEIC).',
  documentType: 'O documento deve ser um PDF ou uma imagem (PNG, JPEG, GIF, WEBP ou HEIC).',
  fileTooBig: 'O arquivo deve ter no máximo 10 MB.',
  countOpen: 'Já há uma contagem em andamento.',
  countNotFound: 'Contagem não encontrada.',
  countClosed: 'Esta contagem já foi encerrada.',
  foundInvalid: 'A quantidade encontrada deve ser um número inteiro de 0 a 10.000.',
  sizeTooLong: 'Cada tamanho deve ter no máximo 8 caracteres.',
  memberNotFound: 'Membro não encontrado neste clube.',
  kitNameRequired: 'Preencha o nome do kit.',
  kitNameTooLong: 'O nome do kit deve ter no máximo 80 caracteres.',
  kitNameTaken: 'Já existe um kit com este nome.',
  kitItemsRequired: 'O kit precisa de pelo menos um item.',
  kitItemsTooMany: 'No máximo 30 itens por kit.',
  kitItemNameRequired: 'Preencha o nome de cada item do kit.',
  kitItemNameTooLong: 'Cada item do kit deve ter no máximo 80 caracteres.',
  kitItemDuplicate: 'Há itens repetidos no kit.',
  priceRequired: 'Informe o preço de cada item (0 se for doado).',
  priceNegative: 'O preço não pode ser negativo.',
  sizedByInvalid: 'Escolha qual tamanho vale para o item: camisa, calça/saia, sapato, boné ou nenhum.',
  kitNotFound: 'Kit não encontrado.',
  kitItemNotFound: 'Item do kit não encontrado.',
  membersRequired: 'Escolha ao menos um membro.',
  membersTooMany: 'No máximo 500 membros por vez.',
  idInvalid: 'Identificador inválido.',
  nothingToCharge: 'Ninguém tem itens deste kit a cobrar (ou as cobranças já foram geradas).',
  kitKindInvalid: 'Escolha o tipo: kit ou uniforme do clube.',
  uniformExists: 'O clube já tem um uniforme definido: edite-o em vez de criar outro.',
  sourceInvalid: 'Escolha de onde veio: entregue pelo clube ou já era do membro.',
  goneReasonInvalid: 'Escolha o motivo: perdeu, não serve mais ou devolveu ao clube.',
  goneDateRequired: 'Informe desde quando o membro não tem mais a peça.',
  goneInFuture: 'A data não pode ser depois de hoje.',
  goneBeforeDelivery: 'A data não pode ser antes de o membro ter recebido a peça.',
  pieceNotHeld: 'Este membro não tem esta peça registrada.',
} as const;

export const ITEM_CATEGORIES = ['barraca', 'cozinha', 'iluminacao', 'bandeira', 'fanfarra', 'primeiros_socorros', 'ferramenta', 'outro'] as const;
export type TItemCategory = (typeof ITEM_CATEGORIES)[number];
export const CATEGORY_LABEL: Record<TItemCategory, string> = {
  barraca: 'Barracas e lonas', cozinha: 'Cozinha (fogareiros, panelas)', iluminacao: 'Iluminação (lanternas, lampiões)', bandeira: 'Bandeiras e flâmulas',
  fanfarra: 'Fanfarra (instrumentos)', primeiros_socorros: 'Primeiros socorros', ferramenta: 'Ferramentas', outro: 'Outros',
};

export const ACQUISITIONS = ['comprado', 'doado', 'fabricado'] as const;
export type TAcquisition = (typeof ACQUISITIONS)[number];
export const ACQUISITION_LABEL: Record<TAcquisition, string> = { comprado: 'Comprado', doado: 'Doado', fabricado: 'Fabricado pelo clube' };

export const CONDITIONS = ['novo', 'bom', 'regular', 'ruim', 'inutilizavel'] as const;
export type TCondition = (typeof CONDITIONS)[number];
export const CONDITION_LABEL: Record<TCondition, string> = { novo: 'Novo', bom: 'Bom', regular: 'Regular', ruim: 'Ruim', inutilizavel: 'Inutilizável' };

export const HISTORY_KINDS = ['cadastro', 'vistoria', 'manutencao', 'emprestimo', 'devolucao', 'baixa', 'perda'] as const;
export type THistoryKind = (typeof HISTORY_KINDS)[number];
export const HISTORY_LABEL: Record<THistoryKind, string> = {
  cadastro: 'Cadastro', vistoria: 'Vistoria', manutencao: 'Manutenção', emprestimo: 'Empréstimo', devolucao: 'Devolução', baixa: 'Baixa', perda: 'Perda',
};

export const BORROWER_KINDS = ['unidade', 'lider', 'evento'] as const;
export type TBorrowerKind = (typeof BORROWER_KINDS)[number];
export const BORROWER_LABEL: Record<TBorrowerKind, string> = { unidade: 'Unidade', lider: 'Líder', evento: 'Evento' };

export const FILE_KINDS = ['foto', 'nfe', 'termo'] as const;
export type TFileKind = (typeof FILE_KINDS)[number];
export const FILE_KIND_LABEL: Record<TFileKind, string> = { foto: 'Foto', nfe: 'NF-e', termo: 'Termo de doação' };
/** A photo or document of an item: 10 MB at most (issue 50). */
export const PAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PAT_IMAGE_TYPES = ['png', 'apng', 'jpg', 'gif', 'webp', 'heic'] as const;

/** A kit handed out (lenço, Bíblia, cantil) or the club's uniform (camisa, calça/saia, lenço, cinto, boné, distintivos). */
export const KIT_KINDS = ['kit', 'uniforme'] as const;
export type TKitKind = (typeof KIT_KINDS)[number];
export const KIT_KIND_LABEL: Record<TKitKind, string> = { kit: 'Kit', uniforme: 'Uniforme do clube' };
/** Where a member's piece came from: handed out by the club, or their own (bought, inherited). */
export const DELIVERY_SOURCES = ['clube', 'proprio'] as const;
export type TDeliverySource = (typeof DELIVERY_SOURCES)[number];
export const DELIVERY_SOURCE_LABEL: Record<TDeliverySource, string> = { clube: 'Entregue pelo clube', proprio: 'Já era do membro' };
/** Why a member no longer has a piece they had: the delivery stays in their history, marked. */
export const GONE_REASONS = ['perdeu', 'nao_serve', 'devolveu'] as const;
export type TGoneReason = (typeof GONE_REASONS)[number];
export const GONE_REASON_LABEL: Record<TGoneReason, string> = { perdeu: 'Perdeu', nao_serve: 'Não serve mais', devolveu: 'Devolveu ao clube' };

export const SIZE_FIELDS = ['camisa', 'calca_saia', 'sapato', 'bone'] as const;
export type TSizeField = (typeof SIZE_FIELDS)[number];
export const SIZE_LABEL: Record<TSizeField, string> = { camisa: 'Camisa', calca_saia: 'Calça/saia', sapato: 'Sapato', bone: 'Boné' };

const zDate = (required: string) => z.string({ error: required }).trim().min(1, required).refine(isIsoDate, PAT_MSG.dateInvalid);
const zUuid = z.string({ error: PAT_MSG.idInvalid }).regex(UUID_RE, PAT_MSG.idInvalid);

/** An optional text: blank is null. */
const zOptionalText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, message).nullish().transform((v) => v || null);

/** A whole quantity, typed or sent: a negative one has its own message (issue 50). */
export function zQuantity(min = 1) {
  return z.union([z.number(), z.string()], { error: PAT_MSG.quantityInvalid }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (/^-\d+$/.test(text) && text !== '-0') {
      ctx.addIssue({ code: 'custom', message: PAT_MSG.quantityNegative });
      return z.NEVER;
    }
    const n = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > 10000) {
      ctx.addIssue({ code: 'custom', message: min === 0 ? PAT_MSG.foundInvalid : PAT_MSG.quantityInvalid });
      return z.NEVER;
    }
    return n;
  });
}

const VALUE: MoneyOptions = { requiredMessage: PAT_MSG.valueRequired, allowZero: true, negativeMessage: PAT_MSG.valueNegative };
const PRICE: MoneyOptions = { requiredMessage: PAT_MSG.priceRequired, allowZero: true, negativeMessage: PAT_MSG.priceNegative };

function itemSchema(value: z.ZodType<string, string>) {
  return z.object({
    name: z.string({ error: PAT_MSG.nameRequired }).trim().min(1, PAT_MSG.nameRequired).max(120, PAT_MSG.nameTooLong),
    category: z.enum(ITEM_CATEGORIES, { error: PAT_MSG.categoryRequired }),
    quantity: zQuantity(),
    unit_value: value,
    acquired_on: zDate(PAT_MSG.dateRequired),
    acquisition: z.enum(ACQUISITIONS, { error: PAT_MSG.acquisitionRequired }),
    nfe_number: zOptionalText(60, PAT_MSG.nfeTooLong),
    church_vote: zOptionalText(200, PAT_MSG.voteTooLong),
    location: zOptionalText(120, PAT_MSG.locationTooLong),
    condition: z.enum(CONDITIONS, { error: PAT_MSG.conditionRequired }),
    notes: zOptionalText(2000, PAT_MSG.notesTooLong),
  }).superRefine((item, ctx) => {
    if (item.acquisition === 'comprado' && !item.nfe_number) ctx.addIssue({ code: 'custom', path: ['nfe_number'], message: PAT_MSG.nfeRequired });
  }).transform((item) => ({ ...item, nfe_number: item.acquisition === 'comprado' ? item.nfe_number : null }));
}

/** POST/PUT …/patrimonio/items: the value as a decimal string ('1234.56' or '1234,56'). */
export const ZItemInput = itemSchema(zMoney(VALUE));
/** The item form: the value as typed in pt-BR ('1.234,56'). */
export const ZItemForm = itemSchema(zBrlMoney(VALUE));
export type TItemInput = z.input<typeof ZItemInput>;

/** A condition check or a maintenance, written to the item's history. */
export const ZHistoryInput = z.object({
  kind: z.enum(['vistoria', 'manutencao'], { error: PAT_MSG.historyKindRequired }),
  condition: z.enum(CONDITIONS, { error: PAT_MSG.conditionRequired }),
  note: zOptionalText(500, PAT_MSG.noteTooLong),
});

/** A write-off ('baixa', with the church vote) or a loss of some units of an item. */
export const ZWriteOffInput = z.object({
  kind: z.enum(['baixa', 'perda'], { error: PAT_MSG.writeOffKindRequired }),
  quantity: zQuantity(),
  reason: z.string({ error: PAT_MSG.reasonRequired }).trim().min(1, PAT_MSG.reasonRequired).max(500, PAT_MSG.noteTooLong),
  church_vote: zOptionalText(200, PAT_MSG.voteTooLong),
}).superRefine((w, ctx) => {
  if (w.kind === 'baixa' && !w.church_vote) ctx.addIssue({ code: 'custom', path: ['church_vote'], message: PAT_MSG.voteRequired });
});

export const ZCheckOutInput = z.object({
  borrower_kind: z.enum(BORROWER_KINDS, { error: PAT_MSG.borrowerRequired }),
  borrower_id: z.string({ error: PAT_MSG.borrowerRequired }).trim().min(1, PAT_MSG.borrowerRequired).regex(UUID_RE, PAT_MSG.borrowerRequired),
  quantity: zQuantity().default(1),
  due_on: zDate(PAT_MSG.dueRequired),
});

export const ZCheckInInput = z.object({
  condition: z.enum(CONDITIONS, { error: PAT_MSG.conditionRequired }),
  note: zOptionalText(500, PAT_MSG.noteTooLong),
});

export const ZCountMark = z.object({ found: zQuantity(0) });

const zSize = zOptionalText(8, PAT_MSG.sizeTooLong).transform((v) => v?.toUpperCase() ?? null);
export const ZSizesInput = z.object({ camisa: zSize, calca_saia: zSize, sapato: zSize, bone: zSize });

function kitSchema(price: z.ZodType<string, string>) {
  return z.object({
    name: z.string({ error: PAT_MSG.kitNameRequired }).trim().min(1, PAT_MSG.kitNameRequired).max(80, PAT_MSG.kitNameTooLong),
    kind: z.enum(KIT_KINDS, { error: PAT_MSG.kitKindInvalid }).nullish().transform((v) => v ?? 'kit'),
    items: z.array(z.object({
      /** An existing piece (editing keeps it and what was given of it); absent for a new piece. */
      id: z.string({ error: PAT_MSG.kitItemNotFound }).regex(UUID_RE, PAT_MSG.kitItemNotFound).nullish().transform((v) => v?.toLowerCase() ?? null),
      name: z.string({ error: PAT_MSG.kitItemNameRequired }).trim().min(1, PAT_MSG.kitItemNameRequired).max(80, PAT_MSG.kitItemNameTooLong),
      price,
      sized_by: z.enum(SIZE_FIELDS, { error: PAT_MSG.sizedByInvalid }).nullish().transform((v) => v ?? null),
    }), { error: PAT_MSG.kitItemsRequired }).min(1, PAT_MSG.kitItemsRequired).max(30, PAT_MSG.kitItemsTooMany),
  }).superRefine((kit, ctx) => {
    const folded = kit.items.map((i) => i.name.toLowerCase());
    if (new Set(folded).size !== folded.length) ctx.addIssue({ code: 'custom', path: ['items'], message: PAT_MSG.kitItemDuplicate });
  });
}
export const ZKitInput = kitSchema(zMoney(PRICE));
export const ZKitForm = kitSchema(zBrlMoney(PRICE));
export type TKitInput = z.input<typeof ZKitInput>;

export const ZDeliveryInput = z.object({
  kit_item_id: zUuid,
  member_ids: z.array(zUuid, { error: PAT_MSG.membersRequired }).min(1, PAT_MSG.membersRequired).max(500, PAT_MSG.membersTooMany),
  delivered_on: zDate(PAT_MSG.dateRequired),
  source: z.enum(DELIVERY_SOURCES, { error: PAT_MSG.sourceInvalid }).nullish().transform((v) => v ?? 'clube'),
});

/** A leader marks that a member no longer has a piece (lost, outgrown, given back); giving it again clears the mark. */
export const ZPieceGoneInput = z.object({
  kit_item_id: zUuid,
  member_id: zUuid,
  gone_on: zDate(PAT_MSG.goneDateRequired),
  reason: z.enum(GONE_REASONS, { error: PAT_MSG.goneReasonInvalid }),
});

export const ZOrderChargesInput = z.object({ due_on: zDate(PAT_MSG.dueRequired) });

// ——— Answers ———

export const ZItemFile = z.object({ id: z.string(), kind: z.enum(FILE_KINDS), name: z.string(), mime: z.string(), size: z.number(), created_at: z.string() });
export type TItemFile = z.infer<typeof ZItemFile>;

export const ZLoan = z.object({
  id: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  quantity: z.number(),
  borrower_kind: z.enum(BORROWER_KINDS),
  borrower_name: z.string(),
  unit_id: z.string().nullable(),
  member_id: z.string().nullable(),
  event_id: z.string().nullable(),
  due_on: z.string(),
  out_condition: z.enum(CONDITIONS),
  out_at: z.string(),
  out_by_name: z.string().nullable(),
  returned_at: z.string().nullable(),
  return_condition: z.enum(CONDITIONS).nullable(),
  return_note: z.string().nullable(),
  overdue: z.boolean(),
});
export type TLoan = z.infer<typeof ZLoan>;

export const ZItem = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(ITEM_CATEGORIES),
  quantity: z.number(),
  written_off: z.number(),
  out: z.number(),
  available: z.number(),
  unit_value: z.string(),
  total_value: z.string(),
  acquired_on: z.string(),
  acquisition: z.enum(ACQUISITIONS),
  nfe_number: z.string().nullable(),
  church_vote: z.string().nullable(),
  location: z.string().nullable(),
  condition: z.enum(CONDITIONS),
  notes: z.string().nullable(),
  photo_id: z.string().nullable(),
  overdue: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TItem = z.infer<typeof ZItem>;

export const ZHistoryEntry = z.object({
  id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  condition_before: z.enum(CONDITIONS).nullable(),
  condition_after: z.enum(CONDITIONS).nullable(),
  quantity: z.number().nullable(),
  note: z.string().nullable(),
  church_vote: z.string().nullable(),
  loan_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  at: z.string(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

export const ZItemDetail = ZItem.extend({
  files: z.array(ZItemFile),
  history: z.array(ZHistoryEntry),
  loans: z.array(ZLoan),
});
export type TItemDetail = z.infer<typeof ZItemDetail>;

export const ZPatrimonioSummary = z.object({
  items: z.number(),
  units: z.number(),
  total_value: z.string(),
  out: z.number(),
  overdue: z.number(),
  written_off_this_year: z.number(),
});
export type TPatrimonioSummary = z.infer<typeof ZPatrimonioSummary>;

export const ZBorrowers = z.object({
  units: z.array(z.object({ id: z.string(), name: z.string() })),
  leaders: z.array(z.object({ id: z.string(), name: z.string() })),
  events: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TBorrowers = z.infer<typeof ZBorrowers>;

export const ZWrittenOff = z.object({
  item_id: z.string(), item_name: z.string(), kind: z.enum(['baixa', 'perda']), quantity: z.number(), value: z.string(),
  note: z.string().nullable(), church_vote: z.string().nullable(), at: z.string(),
});
export type TWrittenOff = z.infer<typeof ZWrittenOff>;

export const ZInventoryCount = z.object({
  id: z.string(),
  started_at: z.string(),
  closed_at: z.string().nullable(),
  lines: z.array(z.object({
    item_id: z.string(), name: z.string(), location: z.string().nullable(), expected: z.number(), out: z.number(), found: z.number().nullable(),
  })),
  missing: z.number(),
  ticked: z.number(),
});
export type TInventoryCount = z.infer<typeof ZInventoryCount>;

export const ZSizes = z.object({ camisa: z.string().nullable(), calca_saia: z.string().nullable(), sapato: z.string().nullable(), bone: z.string().nullable() });
export type TSizes = z.infer<typeof ZSizes>;

export const ZMemberSizes = ZSizes.extend({ member_id: z.string(), name: z.string(), unit_name: z.string().nullable() });
export type TMemberSizes = z.infer<typeof ZMemberSizes>;

export const ZKitItem = z.object({ id: z.string(), name: z.string(), price: z.string(), sized_by: z.enum(SIZE_FIELDS).nullable(), delivered: z.number() });
export const ZKit = z.object({
  id: z.string(), name: z.string(), kind: z.enum(KIT_KINDS), items: z.array(ZKitItem), members: z.number(),
  /** Pieces taken out of the kit: what was given of them stays. */
  removed: z.array(ZKitItem),
});
export type TKit = z.infer<typeof ZKit>;

/** Who still lacks a piece of a kit, per unit ('quem ainda não recebeu'). */
export const ZKitPending = z.object({
  kit_item_id: z.string(),
  item_name: z.string(),
  units: z.array(z.object({
    unit_id: z.string().nullable(),
    unit_name: z.string(),
    members: z.array(z.object({ member_id: z.string(), name: z.string(), size: z.string().nullable() })),
  })),
  /** Who has the piece now (a counsellor: their unit), by name. */
  holders: z.array(z.object({ member_id: z.string(), name: z.string() })),
});
export type TKitPending = z.infer<typeof ZKitPending>;

export const ZKitOrder = z.object({
  lines: z.array(z.object({ kit_item_id: z.string(), item_name: z.string(), size: z.string().nullable(), count: z.number(), price: z.string(), total: z.string() })),
  total: z.string(),
  members: z.number(),
  already_charged: z.number(),
});
export type TKitOrder = z.infer<typeof ZKitOrder>;

export const ZMyPatrimonio = z.object({
  member_id: z.string().nullable(),
  sizes: ZSizes,
  received: z.array(z.object({
    kit_name: z.string(), kind: z.enum(KIT_KINDS), item_name: z.string(), delivered_on: z.string(), size: z.string().nullable(), source: z.enum(DELIVERY_SOURCES),
  })),
  /** The club's uniform, piece by piece: whether the member has it, in which size, since when. */
  uniform: z.object({
    kit_name: z.string(),
    pieces: z.array(z.object({
      kit_item_id: z.string(), name: z.string(), has: z.boolean(), size: z.string().nullable(), since: z.string().nullable(), source: z.enum(DELIVERY_SOURCES).nullable(),
      /** Had it and no longer has it: why (the piece reads as missing). */
      gone_reason: z.enum(GONE_REASONS).nullable(),
    })),
  }).nullable(),
  loans: z.array(ZLoan),
});
export type TMyPatrimonio = z.infer<typeof ZMyPatrimonio>;
