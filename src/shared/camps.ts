import { z } from 'zod';
import { zId } from './ids.js';
import { isWithinProductYears } from './dates.js';
import { formatNumber } from './pt-number.js';

/** pt-BR texts of saídas e acampamentos (issue 49). */
export const CAMP_MSG = {
  campNotFound: 'Saída não encontrada.',
  notACamp: 'Este evento ainda não é uma saída: salve a ficha da saída primeiro.',
  transportTooLong: 'O transporte deve ter no máximo 1000 caracteres.',
  placesTooLong: 'Os locais devem ter no máximo 2000 caracteres.',
  voteTooLong: 'O número da ata e do voto deve ter no máximo 60 caracteres.',
  healthDaysInvalid: 'Os dias de acesso às fichas depois da saída devem ser de 0 a 30.',
  leaderInvalid: 'Líder inválido.',
  leaderNotFound: 'Líder não encontrado no clube: escolha um membro da liderança (não um desbravador).',
  tooManyLeaders: 'No máximo 200 líderes.',
  hazardRequired: 'Descreva o perigo do item da APCR.',
  hazardTooLong: 'O perigo deve ter no máximo 200 caracteres.',
  likelihoodInvalid: 'Escolha a probabilidade: baixa, média ou alta.',
  severityInvalid: 'Escolha a gravidade: baixa, média ou alta.',
  controlsRequired: 'Cada item da APCR precisa das medidas de controle.',
  controlsTooLong: 'As medidas de controle devem ter no máximo 1000 caracteres.',
  responsibleTooLong: 'O responsável deve ter no máximo 120 caracteres.',
  tooManyRisks: 'No máximo 60 itens na APCR.',
  notLeader: 'Só os líderes nomeados nesta saída veem as fichas de saúde e usam o modo acampamento.',
  outsideWindow: 'O acesso às fichas de saúde desta saída terminou (ou ainda não começou).',
  medicationNameRequired: 'Informe o nome do medicamento.',
  medicationDoseRequired: 'Informe a dose (ex.: 1 comprimido, 5 ml).',
  medicationTooLong: 'O nome e a dose devem ter no máximo 120 caracteres.',
  timesInvalid: 'Informe de 1 a 8 horários no formato HH:MM.',
  tooManyMedications: 'No máximo 10 medicamentos por participante.',
  idRequired: 'Identificador do registro inválido (o aparelho gera um uuid).',
  labelRequired: 'Dê um nome ao deslocamento (ex.: Ônibus — ida).',
  labelTooLong: 'O nome do deslocamento deve ter no máximo 80 caracteres.',
  movementNotFound: 'Deslocamento não encontrado nesta saída.',
  directionInvalid: 'Escolha saída ou chegada.',
  memberRequired: 'Escolha o participante.',
  notRegistered: 'Esta pessoa não está inscrita nesta saída.',
  dateInvalid: 'Data e hora inválidas.',
  inFuture: 'A data e a hora não podem estar no futuro.',
  doseStatusInvalid: 'Informe se a dose foi dada ou pulada.',
  reasonRequired: 'Informe o motivo de a dose não ter sido dada.',
  reasonTooLong: 'O motivo deve ter no máximo 500 caracteres.',
  slotInvalid: 'Horário previsto inválido.',
  medicationNotFound: 'Medicamento não encontrado para este participante.',
  correctsNotFound: 'O registro corrigido não existe nesta saída para este participante.',
  incidentKindInvalid: 'Escolha o tipo: incidente, acidente ou quase acidente.',
  incidentPlaceRequired: 'Informe onde aconteceu.',
  incidentPlaceTooLong: 'O local deve ter no máximo 200 caracteres.',
  descriptionRequired: 'Descreva o que aconteceu.',
  descriptionTooLong: 'A descrição deve ter no máximo 2000 caracteres.',
  firstAidTooLong: 'Os primeiros socorros devem ter no máximo 1000 caracteres.',
  noticeTooLong: 'O aviso aos responsáveis deve ter no máximo 500 caracteres.',
  flagInvalid: 'Responda sim ou não.',
  keyRevoked: 'Chave do modo acampamento revogada.',
  uninsuredWarning: 'Atenção: este participante não tem seguro válido para a data da saída. A inscrição foi feita; regularize o seguro na Associação.',
  companionsRequired: 'Para menores de 16 anos, a autorização precisa indicar os adultos que acompanham (ECA, art. 83): escolha os líderes da saída ou digite os nomes.',
  companionInvalid: 'Informe o nome completo de cada adulto que acompanha (de 3 a 120 caracteres).',
  tooManyCompanions: 'No máximo 10 adultos acompanhantes.',
  scheduleTitleRequired: 'Informe a atividade da programação.',
  scheduleTitleTooLong: 'A atividade deve ter no máximo 120 caracteres.',
  schedulePlaceTooLong: 'O local da atividade deve ter no máximo 120 caracteres.',
  scheduleDayInvalid: 'O dia da atividade deve estar entre o início e o fim da saída (dd/mm/aaaa).',
  scheduleTimeInvalid: 'Informe o horário da atividade no formato HH:MM.',
  tooManyScheduleItems: 'No máximo 200 atividades na programação.',
  incidentNotFound: 'Ocorrência não encontrada nesta saída.',
  photoRequired: 'Escolha a foto da ocorrência.',
  photoTooBig: 'A foto deve ter no máximo 10 MB.',
  photoType: 'A foto deve ser JPEG ou PNG.',
  tooManyPhotos: 'No máximo 6 fotos por ocorrência.',
  photoNotFound: 'Foto não encontrada.',
  saved: 'Saída salva!',
  templateSaved: 'Modelo da APCR salvo!',
} as const;

export const LEVELS = [1, 2, 3] as const;
export const LEVEL_LABEL: Record<number, string> = { 1: 'Baixa', 2: 'Média', 3: 'Alta' };

/** The APCR's risk: likelihood × severity, 1–9, read as baixo (1–2), moderado (3–4), alto (6–9). */
export function riskLevel(likelihood: number, severity: number): { score: number; label: 'Baixo' | 'Moderado' | 'Alto' } {
  const score = likelihood * severity;
  return { score, label: score <= 2 ? 'Baixo' : score <= 4 ? 'Moderado' : 'Alto' };
}

const text = (max: number, tooLong: string) => z.string({ error: tooLong }).trim().max(max, tooLong);
const required = (max: number, req: string, tooLong: string) => z.string({ error: req }).trim().min(1, req).max(max, tooLong);
const level = (message: string) => z.number({ error: message }).int(message).min(1, message).max(3, message);

export const ZRiskInput = z.object({
  hazard: required(200, CAMP_MSG.hazardRequired, CAMP_MSG.hazardTooLong),
  likelihood: level(CAMP_MSG.likelihoodInvalid),
  severity: level(CAMP_MSG.severityInvalid),
  controls: required(1000, CAMP_MSG.controlsRequired, CAMP_MSG.controlsTooLong),
  responsible: text(120, CAMP_MSG.responsibleTooLong).default(''),
});
export type TRiskInput = z.input<typeof ZRiskInput>;
export const ZRiskList = z.array(ZRiskInput, { error: CAMP_MSG.tooManyRisks }).max(60, CAMP_MSG.tooManyRisks);

/** The APCR the club starts from (it edits its own copy; each saída copies the club's). */
export const DEFAULT_RISK_TEMPLATE: z.output<typeof ZRiskInput>[] = [
  { hazard: 'Acidente no transporte', likelihood: 1, severity: 3, controls: 'Veículo e motorista habilitados para transporte de passageiros; cinto de segurança; contagem na saída e na chegada.', responsible: 'Diretor(a)' },
  { hazard: 'Afogamento em rio, lago ou piscina', likelihood: 1, severity: 3, controls: 'Banho só em área delimitada, com salva-vidas ou líder nadador; dupla de banho; proibido banho à noite.', responsible: 'Líder da recreação' },
  { hazard: 'Picada de animais peçonhentos', likelihood: 2, severity: 2, controls: 'Sapato fechado e lanterna à noite; barracas fechadas; sacudir roupas e calçados; hospital de referência anotado.', responsible: 'Conselheiros' },
  { hazard: 'Queda ou torção na trilha', likelihood: 2, severity: 2, controls: 'Trilha reconhecida antes; líder à frente e atrás; kit de primeiros socorros; ritmo do mais lento.', responsible: 'Líder da trilha' },
  { hazard: 'Queimadura na fogueira ou na cozinha', likelihood: 2, severity: 2, controls: 'Área da fogueira isolada; só líderes acendem; balde de água e extintor por perto.', responsible: 'Líder da cozinha' },
  { hazard: 'Intoxicação alimentar', likelihood: 1, severity: 2, controls: 'Alimentos refrigerados; água potável; lavar as mãos antes das refeições; restrições alimentares da ficha médica.', responsible: 'Líder da cozinha' },
  { hazard: 'Participante perdido ou afastado do grupo', likelihood: 1, severity: 3, controls: 'Sistema de duplas; contagem por unidade em cada deslocamento; apito; ponto de encontro combinado.', responsible: 'Conselheiros' },
  { hazard: 'Hipotermia ou insolação', likelihood: 2, severity: 2, controls: 'Lista de roupas de frio; protetor solar e boné; hidratação nos intervalos; sombra nas atividades.', responsible: 'Conselheiros' },
];

/** The accompanying adults an under-16's authorisation names (ECA art. 83): leaders of the saída or typed names. */
export const ZAccompanyingAdults = z.array(
  z.string({ error: CAMP_MSG.companionInvalid }).trim().min(3, CAMP_MSG.companionInvalid).max(120, CAMP_MSG.companionInvalid),
  { error: CAMP_MSG.companionInvalid },
).max(10, CAMP_MSG.tooManyCompanions).transform((names) => [...new Set(names)]);

const ISO_DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** One line of the saída's programme: day (within the saída, checked by the server), time, activity and place. */
export const ZScheduleItemInput = z.object({
  day: z.string({ error: CAMP_MSG.scheduleDayInvalid }).regex(ISO_DAY_RE, CAMP_MSG.scheduleDayInvalid).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), CAMP_MSG.scheduleDayInvalid),
  at_time: z.string({ error: CAMP_MSG.scheduleTimeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, CAMP_MSG.scheduleTimeInvalid),
  title: required(120, CAMP_MSG.scheduleTitleRequired, CAMP_MSG.scheduleTitleTooLong),
  place: text(120, CAMP_MSG.schedulePlaceTooLong).default(''),
});
export type TScheduleItem = z.output<typeof ZScheduleItemInput>;

export const ZCampInput = z.object({
  transport: text(1000, CAMP_MSG.transportTooLong).default(''),
  places: text(2000, CAMP_MSG.placesTooLong).default(''),
  vote_minutes: text(60, CAMP_MSG.voteTooLong).default(''),
  vote_number: text(60, CAMP_MSG.voteTooLong).default(''),
  health_days_after: z.number({ error: CAMP_MSG.healthDaysInvalid }).int(CAMP_MSG.healthDaysInvalid).min(0, CAMP_MSG.healthDaysInvalid).max(30, CAMP_MSG.healthDaysInvalid).default(3),
  leader_member_ids: z.array(zId(CAMP_MSG.leaderInvalid), { error: CAMP_MSG.leaderInvalid }).max(200, CAMP_MSG.tooManyLeaders).default([]),
  risks: ZRiskList.default([]),
  schedule: z.array(ZScheduleItemInput, { error: CAMP_MSG.tooManyScheduleItems }).max(200, CAMP_MSG.tooManyScheduleItems).default([]),
});
export type TCampInput = z.input<typeof ZCampInput>;

export const ZRiskTemplateInput = z.object({ items: ZRiskList });

export const ZRisk = z.object({
  hazard: z.string(), likelihood: z.number().int(), severity: z.number().int(), controls: z.string(), responsible: z.string(),
  score: z.number().int(), level: z.string(),
});
export type TRisk = z.infer<typeof ZRisk>;

export const ZCampLeader = z.object({ member_id: z.string(), profile_id: z.string(), full_name: z.string(), role: z.string() });

export const ZCamp = z.object({
  event: z.object({ id: z.string(), title: z.string(), kind: z.string(), starts_on: z.string(), ends_on: z.string(), place: z.string(), cancelled: z.boolean() }),
  is_camp: z.boolean(),
  transport: z.string(),
  places: z.string(),
  vote_minutes: z.string(),
  vote_number: z.string(),
  health_days_after: z.number().int(),
  /** Last day a named leader reads the health data (ends_on + health_days_after). */
  health_until: z.string(),
  leaders: z.array(ZCampLeader),
  participants_count: z.number().int(),
  /** 'Um líder para cada N participantes' (null without leaders or participants). */
  kids_per_leader: z.number().nullable(),
  risks: z.array(ZRisk),
  /** The programme, by day and time (kept on the leaders' phones with the pack). */
  schedule: z.array(z.object({ day: z.string(), at_time: z.string(), title: z.string(), place: z.string() })),
  /** Participants without a seguro covering the first day (a warning: they stay registered). */
  uninsured: z.array(z.object({ member_id: z.string(), full_name: z.string() })),
  /** Every participant is covered by a seguro on the first day. */
  all_insured: z.boolean(),
  /** The caller is a leader named on this saída. */
  is_leader: z.boolean(),
});
export type TCamp = z.infer<typeof ZCamp>;

/** '1 líder : 6 participantes' (ratio shown on the sheet). */
export function ratioText(leaders: number, participants: number): string {
  if (leaders === 0) return `Nenhum líder para ${participants} ${participants === 1 ? 'participante' : 'participantes'}`;
  const per = Math.round((participants / leaders) * 10) / 10;
  return `${leaders} ${leaders === 1 ? 'líder' : 'líderes'} : ${participants} ${participants === 1 ? 'participante' : 'participantes'} (1 para ${formatNumber(per)})`;
}

// ——— medication schedule ———
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ZMedicationInput = z.object({
  name: required(120, CAMP_MSG.medicationNameRequired, CAMP_MSG.medicationTooLong),
  dose: required(120, CAMP_MSG.medicationDoseRequired, CAMP_MSG.medicationTooLong),
  times: z.array(z.string({ error: CAMP_MSG.timesInvalid }).regex(TIME_RE, CAMP_MSG.timesInvalid), { error: CAMP_MSG.timesInvalid }).min(1, CAMP_MSG.timesInvalid).max(8, CAMP_MSG.timesInvalid),
});
export const ZMedicationsInput = z.object({ items: z.array(ZMedicationInput, { error: CAMP_MSG.tooManyMedications }).max(10, CAMP_MSG.tooManyMedications) });
export const ZMedication = z.object({ id: z.string(), name: z.string(), dose: z.string(), times: z.array(z.string()) });
export type TMedication = z.infer<typeof ZMedication>;

// ——— roster with the health summary (named leaders only) ———
export const ZCampParticipant = z.object({
  member_id: z.string(),
  profile_id: z.string(),
  full_name: z.string(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  authorised: z.boolean(),
  /** Covered by a seguro on the saída's first day (false: flagged). */
  insured: z.boolean(),
  /** Under 16 on the first day (ECA art. 83: the authorisation names who accompanies). */
  under_16: z.boolean(),
  /** The accompanying adults the guardian's authorisation names (null: none named). */
  accompanying_adults: z.array(z.string()).nullable(),
  /** null: no ficha médica, or the guardian's consent is not in force. */
  health: z.object({
    blood_type: z.string().nullable(), allergies: z.string().nullable(), conditions: z.string().nullable(), medications: z.string().nullable(),
    health_plan: z.string().nullable(), emergency_contacts: z.array(z.object({ name: z.string(), phone: z.string(), relationship: z.string().nullable() })),
  }).nullable(),
  schedule: z.array(ZMedication),
});
export type TCampParticipant = z.infer<typeof ZCampParticipant>;
export const ZCampRoster = z.object({ participants: z.array(ZCampParticipant), health_until: z.string() });
export type TCampRoster = z.infer<typeof ZCampRoster>;

// ——— the camp log, written offline: every entry carries the phone's uuid ———
const zClientId = zId(CAMP_MSG.idRequired);
const zInstant = z.iso.datetime({ offset: true, error: CAMP_MSG.dateInvalid }).refine(isWithinProductYears, CAMP_MSG.dateInvalid);
const zFlag = z.boolean({ error: CAMP_MSG.flagInvalid });

export const ZMovementInput = z.object({
  id: zClientId,
  label: required(80, CAMP_MSG.labelRequired, CAMP_MSG.labelTooLong),
  recorded_at: zInstant,
});
export const HEAD_DIRECTIONS = ['saida', 'chegada'] as const;
export const HEAD_DIRECTION_LABEL: Record<(typeof HEAD_DIRECTIONS)[number], string> = { saida: 'Saída', chegada: 'Chegada' };
export const ZHeadMarkInput = z.object({
  id: zClientId,
  movement_id: zId(CAMP_MSG.movementNotFound),
  member_id: zId(CAMP_MSG.memberRequired),
  direction: z.enum(HEAD_DIRECTIONS, { error: CAMP_MSG.directionInvalid }),
  marked_at: zInstant,
});
export const DOSE_STATUSES = ['dada', 'pulada'] as const;
export const ZDoseInput = z.object({
  id: zClientId,
  member_id: zId(CAMP_MSG.memberRequired),
  medication_id: zId(CAMP_MSG.medicationNotFound).nullable().default(null),
  slot: z.string({ error: CAMP_MSG.slotInvalid }).regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, CAMP_MSG.slotInvalid).nullable().default(null),
  medication: required(120, CAMP_MSG.medicationNameRequired, CAMP_MSG.medicationTooLong),
  dose: required(120, CAMP_MSG.medicationDoseRequired, CAMP_MSG.medicationTooLong),
  status: z.enum(DOSE_STATUSES, { error: CAMP_MSG.doseStatusInvalid }),
  reason: text(500, CAMP_MSG.reasonTooLong).nullable().default(null).transform((r) => r || null),
  given_at: zInstant,
  corrects_id: zId(CAMP_MSG.correctsNotFound).nullable().default(null),
}).refine((d) => d.status === 'dada' || d.reason !== null, { message: CAMP_MSG.reasonRequired, path: ['reason'] });
export const INCIDENT_KINDS = ['incidente', 'acidente', 'quase_acidente'] as const;
export type TIncidentKind = (typeof INCIDENT_KINDS)[number];
export const INCIDENT_KIND_LABEL: Record<TIncidentKind, string> = { incidente: 'Incidente', acidente: 'Acidente', quase_acidente: 'Quase acidente' };
export const ZIncidentInput = z.object({
  id: zClientId,
  member_id: zId(CAMP_MSG.memberRequired).nullable().default(null),
  kind: z.enum(INCIDENT_KINDS, { error: CAMP_MSG.incidentKindInvalid }),
  occurred_at: zInstant,
  place: required(200, CAMP_MSG.incidentPlaceRequired, CAMP_MSG.incidentPlaceTooLong),
  description: required(2000, CAMP_MSG.descriptionRequired, CAMP_MSG.descriptionTooLong),
  first_aid: text(1000, CAMP_MSG.firstAidTooLong).default(''),
  guardian_called: zFlag.default(false),
  doctor_needed: zFlag.default(false),
  /** What the guardians are told (the leader chooses the words); empty: nobody is told. */
  notice_text: text(500, CAMP_MSG.noticeTooLong).nullable().default(null).transform((t) => t || null),
});
export type TMovementInput = z.input<typeof ZMovementInput>;
export type THeadMarkInput = z.input<typeof ZHeadMarkInput>;
export type TDoseInput = z.input<typeof ZDoseInput>;
export type TIncidentInput = z.input<typeof ZIncidentInput>;

/** A write from a phone: the row kept (the first one recorded) and whether this one was a repeat. */
export const ZCampWriteResult = z.object({ id: z.string(), duplicate: z.boolean() });

/** A photo of an ocorrência (its bytes at `/camp/incidents/:incidentId/photos/:photoId`). */
export const ZIncidentPhoto = z.object({ id: z.string(), name: z.string(), mime: z.string(), size: z.number().int() });
/** JPEG or PNG, by the bytes (checked by the server), up to 10 MB. */
export const INCIDENT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const INCIDENT_PHOTO_MAX = 6;

export const ZCampLog = z.object({
  movements: z.array(z.object({
    id: z.string(), label: z.string(), recorded_at: z.string(),
    marks: z.array(z.object({ id: z.string(), member_id: z.string(), direction: z.enum(HEAD_DIRECTIONS), marked_at: z.string(), recorded_by_name: z.string().nullable() })),
  })),
  doses: z.array(z.object({
    id: z.string(), member_id: z.string(), medication_id: z.string().nullable(), slot: z.string().nullable(), medication: z.string(), dose: z.string(),
    status: z.enum(DOSE_STATUSES), reason: z.string().nullable(), given_at: z.string(), corrects_id: z.string().nullable(), recorded_by_name: z.string().nullable(),
  })),
  incidents: z.array(z.object({
    id: z.string(), member_id: z.string().nullable(), kind: z.enum(INCIDENT_KINDS), occurred_at: z.string(), place: z.string(), description: z.string(),
    first_aid: z.string(), guardian_called: z.boolean(), doctor_needed: z.boolean(), notice_text: z.string().nullable(), recorded_by_name: z.string().nullable(),
    photos: z.array(ZIncidentPhoto),
  })),
});
export type TCampLog = z.infer<typeof ZCampLog>;

export const ZCampUnit = z.object({ id: z.string(), name: z.string() });

/** What a named leader's phone keeps (sealed with `key`, AES-GCM) for the days without a connection. */
export const ZCampPack = z.object({
  key_id: z.string(),
  /** 32 bytes, base64: the phone keeps it only in the session, never beside the sealed pack. */
  key: z.string(),
  camp: ZCamp,
  roster: ZCampRoster,
  log: ZCampLog,
  club_timezone: z.string(),
  downloaded_at: z.string(),
});
export type TCampPack = z.infer<typeof ZCampPack>;

export const ZCampReport = z.object({
  camp: ZCamp,
  participants: z.array(z.object({ member_id: z.string(), full_name: z.string(), unit_name: z.string().nullable(), doses_given: z.number().int(), doses_skipped: z.number().int(), incidents: z.number().int() })),
  movements: z.array(z.object({ id: z.string(), label: z.string(), out: z.number().int(), in: z.number().int(), missing: z.array(z.string()) })),
  incidents: z.array(z.object({
    id: z.string(), kind: z.enum(INCIDENT_KINDS), occurred_at: z.string(), member_name: z.string().nullable(), unit_name: z.string().nullable(), place: z.string(), description: z.string(),
    first_aid: z.string(), guardian_called: z.boolean(), doctor_needed: z.boolean(), recorded_by_name: z.string().nullable(),
    photos: z.array(ZIncidentPhoto),
  })),
  club_name: z.string(),
  finance: z.object({ charged: z.string(), paid: z.string(), open: z.string() }),
});
export type TCampReport = z.infer<typeof ZCampReport>;

// ——— pure rules the server and the offline phone share ———

export interface HeadCountUnit {
  unit: string;
  expected: number;
  out: number;
  in: number;
  /** Who left and has not arrived, or was never counted out: 'falta alguém'. */
  missing: string[];
}

/**
 * One movement's head count per unit: everyone registered is expected to check out; once someone
 * checks in anywhere in the movement, those checked out and not in are missing.
 */
export function headCount(participants: Pick<TCampParticipant, 'member_id' | 'full_name' | 'unit_name'>[], marks: { member_id: string; direction: 'saida' | 'chegada' }[]): HeadCountUnit[] {
  const out = new Set(marks.filter((m) => m.direction === 'saida').map((m) => m.member_id));
  const inn = new Set(marks.filter((m) => m.direction === 'chegada').map((m) => m.member_id));
  const arriving = inn.size > 0;
  const units = new Map<string, HeadCountUnit>();
  for (const p of participants) {
    const name = p.unit_name ?? 'Sem unidade';
    const u = units.get(name) ?? { unit: name, expected: 0, out: 0, in: 0, missing: [] };
    u.expected += 1;
    if (out.has(p.member_id)) u.out += 1;
    if (inn.has(p.member_id)) u.in += 1;
    if (arriving ? !inn.has(p.member_id) : !out.has(p.member_id)) u.missing.push(p.full_name);
    units.set(name, u);
  }
  return [...units.values()].sort((a, b) => a.unit.localeCompare(b.unit, 'pt-BR'));
}

/** 'YYYY-MM-DDTHH:MM' of an instant in a time zone (the club's wall clock). */
export function wallClock(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** How late a dose may be given before it shows as late (minutes). */
export const DOSE_LATE_AFTER_MINUTES = 30;

export interface DueDose {
  member_id: string;
  full_name: string;
  medication_id: string;
  medication: string;
  dose: string;
  slot: string;
  state: 'dada' | 'pulada' | 'atrasada' | 'prevista';
}

const minutesOf = (slot: string) => Date.parse(`${slot}:00Z`) / 60_000;

/**
 * The scheduled doses of the saída (each medication's times on each day from start to end) up to
 * `now` plus a few hours, with what the log says of each: given, skipped (the last entry of the slot,
 * corrections included), late (due more than 30 min ago, nothing recorded) or due.
 */
export function dueDoses(
  participants: Pick<TCampParticipant, 'member_id' | 'full_name' | 'schedule'>[],
  doses: Pick<TCampLog['doses'][number], 'id' | 'medication_id' | 'slot' | 'status' | 'corrects_id' | 'given_at'>[],
  startsOn: string, endsOn: string, now: string, aheadHours = 6,
): DueDose[] {
  const latest = new Map<string, { status: 'dada' | 'pulada'; at: string }>();
  for (const d of [...doses].sort((a, b) => a.given_at.localeCompare(b.given_at))) {
    if (!d.medication_id || !d.slot) continue;
    latest.set(`${d.medication_id}|${d.slot}`, { status: d.status, at: d.given_at });
  }
  const days: string[] = [];
  for (let t = Date.parse(`${startsOn}T00:00:00Z`); t <= Date.parse(`${endsOn}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  const nowMin = minutesOf(now);
  const out: DueDose[] = [];
  for (const p of participants) {
    for (const m of p.schedule) {
      for (const day of days) {
        for (const time of m.times) {
          const slot = `${day}T${time}`;
          const at = minutesOf(slot);
          if (at > nowMin + aheadHours * 60) continue;
          const recorded = latest.get(`${m.id}|${slot}`);
          const state = recorded ? recorded.status : nowMin > at + DOSE_LATE_AFTER_MINUTES ? 'atrasada' : 'prevista';
          out.push({ member_id: p.member_id, full_name: p.full_name, medication_id: m.id, medication: m.name, dose: m.dose, slot, state });
        }
      }
    }
  }
  return out.sort((a, b) => a.slot.localeCompare(b.slot) || a.full_name.localeCompare(b.full_name, 'pt-BR'));
}
