import { z } from 'zod';
import { isIsoDate } from './finance.js';
import { zId } from './ids.js';
import { plural } from './plural.js';

/**
 * The secretaria digital (issue 47, ADR 076): livro de atas and its votos, livro de atos, ofícios and
 * the protocol, livro de visitas. One schema per form, shared by the web form and the route.
 */
export const SEC_MSG = {
  dateRequired: 'Informe a data (dd/mm/aaaa).',
  dateInvalid: 'Data inválida. Use dd/mm/aaaa.',
  kindRequired: 'Escolha o tipo da lista.',
  placeRequired: 'Informe o local da reunião.',
  presidedRequired: 'Informe quem presidiu a reunião.',
  writtenRequired: 'Informe quem redigiu a ata.',
  nameTooLong: 'O nome deve ter no máximo 200 caracteres.',
  placeTooLong: 'O local deve ter no máximo 200 caracteres.',
  agendaTooLong: 'A pauta deve ter no máximo 5.000 caracteres.',
  bodyRequired: 'Escreva o texto.',
  ataBodyTooLong: 'O texto da ata deve ter no máximo 50.000 caracteres.',
  bodyTooLong: 'O texto deve ter no máximo 20.000 caracteres.',
  tooManyPresent: 'No máximo 300 presentes.',
  tooManyVisitors: 'No máximo 100 visitantes.',
  visitorRequired: 'Preencha o nome de cada visitante (ou remova a linha).',
  tooManyVotos: 'No máximo 50 votos por ata.',
  votoSubjectRequired: 'Descreva o que cada voto decidiu.',
  votoSubjectTooLong: 'O texto de cada voto deve ter no máximo 2.000 caracteres.',
  countInvalid: 'Os votos a favor, contra e abstenções devem ser números inteiros de 0 a 10.000.',
  countTooMany: (n: number, present: number) => `Um voto soma ${n} (a favor + contra + abstenções), mais que os ${present} presentes na ata.`,
  countZero: 'Cada voto precisa de pelo menos um voto a favor, contra ou abstenção.',
  noPresentForVotos: 'Registre os presentes antes dos votos: a contagem não pode passar do número de presentes.',
  idInvalid: 'Identificador inválido.',
  memberNotFound: 'Membro não encontrado no clube.',
  duplicatePresent: 'Há pessoas repetidas na lista de presentes.',
  ataNotFound: 'Ata não encontrada.',
  rollCallNotFound: 'A chamada escolhida não é de uma reunião deste clube na data da ata.',
  rollCallEmpty: 'Essa reunião ainda não tem chamada registrada.',
  correctsNotFound: 'A ata corrigida não foi encontrada neste clube.',
  correctsNotClosed: 'Só se corrige uma ata encerrada; uma ata em rascunho se edita.',
  approvedInNotFound: 'A ata da reunião que aprovou não foi encontrada neste clube.',
  approvedInSelf: 'Uma ata não aprova a si mesma: escolha a ata da reunião seguinte.',
  notDraft: 'Esta ata já foi aprovada: não pode mais ser alterada. Para corrigir, escreva uma nova ata que a referencie.',
  closedImmutable: 'Esta ata está encerrada e não pode ser alterada. Para corrigir, escreva uma nova ata que a referencie.',
  yearFixed: (year: number) => `A ata foi numerada em ${year}: a data deve ser desse ano.`,
  alreadyApproved: 'Esta ata já foi aprovada.',
  notApproved: 'Aprove a ata antes de encerrá-la.',
  alreadyClosed: 'Esta ata já está encerrada.',
  personRequired: 'Escolha o membro ou informe o nome da pessoa.',
  roleRequired: 'Informe o cargo da nomeação.',
  roleTooLong: 'O cargo deve ter no máximo 120 caracteres.',
  termRequired: 'Informe as datas de início e fim do mandato.',
  termEndBeforeStart: 'O fim do mandato deve ser igual ou posterior ao início.',
  votoNotFound: 'Voto não encontrado neste clube. Um ato só cita votos das atas do próprio clube.',
  votoNotNumbered: 'Este voto ainda não tem número: aprove a ata antes de citá-lo.',
  atoNotFound: 'Ato não encontrado.',
  atoNotDraft: 'Este ato já foi registrado no livro e não pode ser alterado.',
  recipientRequired: 'Informe o destinatário.',
  senderRequired: 'Informe o remetente.',
  subjectRequired: 'Informe o assunto.',
  subjectTooLong: 'O assunto deve ter no máximo 200 caracteres.',
  oficioNotFound: 'Ofício não encontrado.',
  fileRequired: 'Anexe o documento recebido (PDF, JPEG ou PNG).',
  fileTooBig: 'O arquivo deve ter no máximo 10 MB.',
  fileType: 'Envie um PDF, JPEG ou PNG (o conteúdo do arquivo é conferido, não só o nome).',
  searchTooLong: 'A busca deve ter no máximo 100 caracteres.',
  yearInvalid: 'Ano inválido.',
  visitorNameRequired: 'Escreva seu nome.',
  originTooLong: 'A igreja ou clube de origem deve ter no máximo 200 caracteres.',
  noteTooLong: 'O recado deve ter no máximo 2.000 caracteres.',
  ataSaved: 'Ata salva!',
  ataApproved: 'Ata aprovada: votos numerados.',
  ataClosed: 'Ata encerrada.',
  atoSaved: 'Ato registrado!',
  oficioSaved: 'Ofício registrado!',
  visitSaved: 'Obrigado pela visita! Seu nome está no livro.',
} as const;

export const ATA_KINDS = ['diretoria', 'executiva', 'regular', 'extraordinaria', 'outra'] as const;
export type TAtaKind = (typeof ATA_KINDS)[number];
export const ATA_KIND_LABEL: Record<TAtaKind, string> = {
  diretoria: 'Comissão diretiva', executiva: 'Comissão executiva', regular: 'Reunião regular', extraordinaria: 'Reunião extraordinária', outra: 'Outra reunião',
};

export const ATA_STATUSES = ['rascunho', 'aprovada', 'encerrada'] as const;
export type TAtaStatus = (typeof ATA_STATUSES)[number];
export const ATA_STATUS_LABEL: Record<TAtaStatus, string> = { rascunho: 'Rascunho', aprovada: 'Aprovada', encerrada: 'Encerrada' };

export const ATO_KINDS = ['admissao', 'desligamento', 'nomeacao', 'investidura', 'transferencia', 'advertencia'] as const;
export type TAtoKind = (typeof ATO_KINDS)[number];
export const ATO_KIND_LABEL: Record<TAtoKind, string> = {
  admissao: 'Admissão', desligamento: 'Desligamento', nomeacao: 'Nomeação', investidura: 'Investidura', transferencia: 'Transferência', advertencia: 'Advertência',
};

/** A voto's count may not pass the ata's present count, or it would record votes nobody cast. */
export const MAX_VOTE_COUNT = 10_000;
/** Received files: checked by their bytes (PDF, JPEG, PNG), as the evidence uploads are. */
export const RECEIVED_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIVED_TYPES = { pdf: ['pdf'], jpg: ['jpg', 'jpeg'], png: ['png'] } as const satisfies Record<string, readonly string[]>;
export const RECEIVED_ACCEPT = '.pdf,.jpg,.jpeg,.png';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** 'Ata nº 12/2026' */
export const ataLabel = (number: number, year: number) => `Ata nº ${number}/${year}`;
/** 'Voto 2026-031' */
export const votoLabel = (number: number, year: number) => `Voto ${year}-${pad(number, 3)}`;
/** 'Ato nº 05/2026' */
export const atoLabel = (number: number, year: number) => `Ato nº ${pad(number, 2)}/${year}`;
/** 'Ofício nº 07/2026' for those sent; 'Protocolo nº 03/2026' for those received. */
export const oficioLabel = (direction: 'enviado' | 'recebido', number: number, year: number) =>
  `${direction === 'enviado' ? 'Ofício' : 'Protocolo'} nº ${pad(number, 2)}/${year}`;

const zDate = (required: string = SEC_MSG.dateRequired) => z.string({ error: required }).trim().min(1, required).refine(isIsoDate, SEC_MSG.dateInvalid);
const zText = (required: string, max: number, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const zOptionalText = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).trim().max(max, tooLong).nullish().transform((v) => v ?? '');
const zCount = z.number({ error: SEC_MSG.countInvalid }).int(SEC_MSG.countInvalid).min(0, SEC_MSG.countInvalid).max(MAX_VOTE_COUNT, SEC_MSG.countInvalid);
const zOptionalId = z.string({ error: SEC_MSG.idInvalid }).nullish().transform((v) => v || null).refine((v) => v === null || zId('').safeParse(v).success, SEC_MSG.idInvalid);

export const ZVotoInput = z.object({
  subject: zText(SEC_MSG.votoSubjectRequired, 2000, SEC_MSG.votoSubjectTooLong),
  votes_for: zCount,
  votes_against: zCount,
  abstentions: zCount,
});
export type TVotoInput = z.input<typeof ZVotoInput>;

/** What is wrong with a voto's count against the number present at the ata, if anything (one rule for the form and the server). */
export function votoCountProblem(v: { votes_for: number; votes_against: number; abstentions: number }, present: number): string | null {
  const sum = v.votes_for + v.votes_against + v.abstentions;
  if (sum === 0) return SEC_MSG.countZero;
  if (present === 0) return SEC_MSG.noPresentForVotos;
  if (sum > present) return SEC_MSG.countTooMany(sum, present);
  return null;
}

/**
 * An ata as written: who was present (the club's people by id, visitors typed), and its votos. Each
 * voto's for + against + abstentions is at least 1 and at most the number present (ADR 076).
 */
export const ZAtaInput = z.object({
  kind: z.enum(ATA_KINDS, { error: SEC_MSG.kindRequired }),
  held_on: zDate(),
  place: zText(SEC_MSG.placeRequired, 200, SEC_MSG.placeTooLong),
  presided_by: zText(SEC_MSG.presidedRequired, 200, SEC_MSG.nameTooLong),
  written_by: zText(SEC_MSG.writtenRequired, 200, SEC_MSG.nameTooLong),
  present_member_ids: z.array(zId(SEC_MSG.idInvalid), { error: SEC_MSG.idInvalid }).max(300, SEC_MSG.tooManyPresent).default([]),
  visitors: z.array(zText(SEC_MSG.visitorRequired, 200, SEC_MSG.nameTooLong), { error: SEC_MSG.visitorRequired }).max(100, SEC_MSG.tooManyVisitors).default([]),
  agenda: zOptionalText(5000, SEC_MSG.agendaTooLong),
  body: zText(SEC_MSG.bodyRequired, 50_000, SEC_MSG.ataBodyTooLong),
  corrects_id: zOptionalId,
  /** A meeting's roll call of the ata's date, attached as its attendance: who was there (present or late) is present. */
  roll_call_meeting_id: zOptionalId,
  votos: z.array(ZVotoInput, { error: SEC_MSG.votoSubjectRequired }).max(50, SEC_MSG.tooManyVotos).default([]),
}).superRefine((a, ctx) => {
  const ids = a.present_member_ids.map((id) => id.toLowerCase());
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['present_member_ids'], message: SEC_MSG.duplicatePresent });
  const present = ids.length + a.visitors.length;
  a.votos.forEach((v, i) => {
    const problem = votoCountProblem(v, present);
    // With a roll call attached, who was there is known only to the server: it checks the count against them.
    if (problem && (problem === SEC_MSG.countZero || !a.roll_call_meeting_id)) ctx.addIssue({ code: 'custom', path: ['votos', i, 'votes_for'], message: problem });
  });
});
export type TAtaInput = z.input<typeof ZAtaInput>;

export const ZApproveAta = z.object({ approved_in_id: zOptionalId });

export const ZVoto = z.object({
  id: z.string(),
  position: z.number(),
  label: z.string().nullable(),
  subject: z.string(),
  votes_for: z.number(),
  votes_against: z.number(),
  abstentions: z.number(),
});
export type TVoto = z.infer<typeof ZVoto>;

export const ZAtaRef = z.object({ id: z.string(), label: z.string() });

/** A meeting's roll call as an ata's attendance: the meeting and how many were there. */
export const ZAtaRollCall = z.object({
  meeting_id: z.string(),
  title: z.string(),
  date: z.string(),
  present: z.number(),
  late: z.number(),
  absent: z.number(),
  excused: z.number(),
});
export type TAtaRollCall = z.infer<typeof ZAtaRollCall>;

/** '«Reunião regular» de 07/03/2026: 18 presentes, 2 atrasados, 3 ausentes, 1 justificado' (the date as the reader writes it). */
export function rollCallLabel(r: Pick<TAtaRollCall, 'title' | 'present' | 'late' | 'absent' | 'excused'>, date: string): string {
  return `«${r.title}» de ${date}: ${plural(r.present, 'presente', 'presentes')}, ${plural(r.late, 'atrasado', 'atrasados')}, `
    + `${plural(r.absent, 'ausente', 'ausentes')}, ${plural(r.excused, 'justificado', 'justificados')}`;
}

export const ZRollCallQuery = z.object({ date: zDate() });

export const ZAta = z.object({
  id: z.string(),
  year: z.number(),
  number: z.number(),
  label: z.string(),
  kind: z.enum(ATA_KINDS),
  held_on: z.string(),
  place: z.string(),
  presided_by: z.string(),
  written_by: z.string(),
  present: z.array(z.object({ member_id: z.string().nullable(), name: z.string() })),
  visitors: z.array(z.string()),
  agenda: z.string(),
  body: z.string(),
  status: z.enum(ATA_STATUSES),
  approved_in: ZAtaRef.nullable(),
  approved_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  corrects: ZAtaRef.nullable(),
  corrected_by: z.array(ZAtaRef),
  roll_call: ZAtaRollCall.nullable(),
  votos: z.array(ZVoto),
});
export type TAta = z.infer<typeof ZAta>;

export const ZAtaSummary = ZAta.pick({ id: true, year: true, number: true, label: true, kind: true, held_on: true, place: true, status: true }).extend({
  voto_count: z.number(),
  present_count: z.number(),
});
export type TAtaSummary = z.infer<typeof ZAtaSummary>;

export const ZYearQuery = z.object({
  year: z.coerce.number({ error: SEC_MSG.yearInvalid }).int(SEC_MSG.yearInvalid).min(1900, SEC_MSG.yearInvalid).max(2200, SEC_MSG.yearInvalid).optional(),
});

/** A voto that an act may cite (numbered, from an approved or closed ata). */
export const ZCitableVoto = z.object({ id: z.string(), label: z.string(), subject: z.string(), ata_label: z.string() });
export type TCitableVoto = z.infer<typeof ZCitableVoto>;

// ——— Livro de atos ———

export const ZAtoInput = z.object({
  kind: z.enum(ATO_KINDS, { error: SEC_MSG.kindRequired }),
  acted_on: zDate(),
  member_id: zOptionalId,
  person_name: z.string({ error: SEC_MSG.personRequired }).trim().max(200, SEC_MSG.nameTooLong).nullish().transform((v) => v || null),
  role_title: z.string({ error: SEC_MSG.roleRequired }).trim().max(120, SEC_MSG.roleTooLong).nullish().transform((v) => v || null),
  term_start: z.string({ error: SEC_MSG.dateInvalid }).trim().nullish().transform((v) => v || null).refine((v) => v === null || isIsoDate(v), SEC_MSG.dateInvalid),
  term_end: z.string({ error: SEC_MSG.dateInvalid }).trim().nullish().transform((v) => v || null).refine((v) => v === null || isIsoDate(v), SEC_MSG.dateInvalid),
  body: zOptionalText(20_000, SEC_MSG.bodyTooLong),
  voto_id: zOptionalId,
}).superRefine((a, ctx) => {
  if (!a.member_id && !a.person_name) ctx.addIssue({ code: 'custom', path: ['person_name'], message: SEC_MSG.personRequired });
  if (a.kind === 'nomeacao') {
    if (!a.role_title) ctx.addIssue({ code: 'custom', path: ['role_title'], message: SEC_MSG.roleRequired });
    if (!a.term_start || !a.term_end) ctx.addIssue({ code: 'custom', path: ['term_start'], message: SEC_MSG.termRequired });
  }
  if (a.term_start && a.term_end && a.term_end < a.term_start) ctx.addIssue({ code: 'custom', path: ['term_end'], message: SEC_MSG.termEndBeforeStart });
});
export type TAtoInput = z.input<typeof ZAtoInput>;

export const ZAto = z.object({
  id: z.string(),
  label: z.string().nullable(),
  status: z.enum(['rascunho', 'registrado']),
  source: z.enum(['manual', 'admissao', 'desligamento', 'investidura', 'nomeacao']),
  kind: z.enum(ATO_KINDS),
  acted_on: z.string(),
  member_id: z.string().nullable(),
  person_name: z.string(),
  role_title: z.string().nullable(),
  term_start: z.string().nullable(),
  term_end: z.string().nullable(),
  body: z.string(),
  voto: ZCitableVoto.nullable(),
});
export type TAto = z.infer<typeof ZAto>;

// ——— Ofícios e protocolo ———

export const ZOficioInput = z.object({
  dated_on: zDate(),
  counterpart: zText(SEC_MSG.recipientRequired, 200, SEC_MSG.nameTooLong),
  subject: zText(SEC_MSG.subjectRequired, 200, SEC_MSG.subjectTooLong),
  body: zText(SEC_MSG.bodyRequired, 20_000, SEC_MSG.bodyTooLong),
});
export type TOficioInput = z.input<typeof ZOficioInput>;

/** The text fields of a received item (multipart, beside the file). */
export const ZReceivedInput = z.object({
  dated_on: zDate(),
  counterpart: zText(SEC_MSG.senderRequired, 200, SEC_MSG.nameTooLong),
  subject: zText(SEC_MSG.subjectRequired, 200, SEC_MSG.subjectTooLong),
});

export const ZOficio = z.object({
  id: z.string(),
  direction: z.enum(['enviado', 'recebido']),
  label: z.string(),
  dated_on: z.string(),
  counterpart: z.string(),
  subject: z.string(),
  body: z.string(),
  file_name: z.string().nullable(),
  file_mime: z.string().nullable(),
});
export type TOficio = z.infer<typeof ZOficio>;

export const ZOficioQuery = ZYearQuery.extend({
  q: z.string({ error: SEC_MSG.searchTooLong }).max(100, SEC_MSG.searchTooLong).optional(),
});

// ——— Livro de visitas ———

export const ZVisitaInput = z.object({
  visited_on: zDate(),
  name: zText(SEC_MSG.visitorNameRequired, 200, SEC_MSG.nameTooLong),
  origin: zOptionalText(200, SEC_MSG.originTooLong),
  note: zOptionalText(2000, SEC_MSG.noteTooLong),
});
export type TVisitaInput = z.input<typeof ZVisitaInput>;

export const ZVisita = z.object({ id: z.string(), visited_on: z.string(), name: z.string(), origin: z.string(), note: z.string() });
export type TVisita = z.infer<typeof ZVisita>;


/** The club's people an ata lists as present: the leaders first (any function but 'member'), by name. */
export const ZSecretariaPerson = z.object({ member_id: z.string(), name: z.string(), role: z.string(), leader: z.boolean() });
export type TSecretariaPerson = z.infer<typeof ZSecretariaPerson>;
