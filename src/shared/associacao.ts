import { z } from 'zod';
import { ZBirthDate } from './birth-date.js';
import { MAX_YEAR, MIN_YEAR, isRealDay } from './dates.js';
import { UUID_RE } from './ids.js';

/**
 * Ready for the Associação (issue 48): the SGC registration fields of each member, the seguro of the
 * year, the deadline, the diretoria. One schema per form, shared by the web app and the routes.
 */
export const ASSOC_MSG = {
  cpfInvalid: 'CPF inválido: confira os dígitos (11 números, ex.: 123.456.789-09).',
  cpfDigit: 'CPF inválido: o dígito verificador não confere.',
  cpfOwner: 'Diga de quem é o CPF: do membro ou do responsável.',
  sex: 'Escolha o sexo: Feminino ou Masculino.',
  tooLong: (what: string, max: number) => `${what}: no máximo ${max} caracteres.`,
  phone: 'Telefone inválido: use DDD e número (10 ou 11 dígitos).',
  memberNotFound: 'Membro não encontrado neste clube.',
  year: `Ano inválido: use um ano entre ${MIN_YEAR} e ${MAX_YEAR}.`,
  date: 'Data inválida: use dd/mm/aaaa.',
  insuredNeedsPolicy: 'Informe o número da apólice ou do certificado do seguro.',
  insuredNeedsDate: 'Informe a data do seguro.',
  deadline: 'Prazo inválido: escolha um dia que exista (ex.: 10/02).',
  insured: 'Diga se o membro tem seguro.',
  forbidden: 'Sem permissão para a preparação da Associação.',
} as const;

/** Only the digits of a CPF as typed ('123.456.789-09' → '12345678909'). */
export const cpfDigits = (text: string) => text.replace(/\D/g, '');

/** The check digit after the first `len` digits (mod 11, weights len+1 … 2). */
function cpfCheck(d: string, len: number): number {
  let sum = 0;
  for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** Nine digits completed with their two check digits ('529982247' → '52998224725'). */
export function completeCpf(nine: string): string {
  const ten = `${nine}${cpfCheck(nine, 9)}`;
  return `${ten}${cpfCheck(ten, 10)}`;
}

/** Why a CPF is refused (its length or its check digits), or null when it is a valid CPF. */
export function cpfProblem(text: string): string | null {
  if (!/^[\d.\s-]+$/.test(text.trim())) return ASSOC_MSG.cpfInvalid;
  const d = cpfDigits(text);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return ASSOC_MSG.cpfInvalid;
  return completeCpf(d.slice(0, 9)) === d ? null : ASSOC_MSG.cpfDigit;
}

/** '12345678909' → '123.456.789-09'. */
export const formatCpf = (digits: string) => digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

export const SEXES = ['F', 'M'] as const;
export const SEX_LABELS: Record<(typeof SEXES)[number], string> = { F: 'Feminino', M: 'Masculino' };

/** The SGC's registration fields, in the order its form (and the export) lists them. */
export const SGC_FIELDS = ['full_name', 'birth_date', 'sex', 'cpf', 'rg', 'address', 'phone', 'guardian', 'unit', 'function', 'class'] as const;
export type TSgcField = (typeof SGC_FIELDS)[number];
export const SGC_FIELD_LABELS: Record<TSgcField, string> = {
  full_name: 'Nome completo', birth_date: 'Data de nascimento', sex: 'Sexo', cpf: 'CPF', rg: 'RG', address: 'Endereço', phone: 'Telefone',
  guardian: 'Responsável', unit: 'Unidade', function: 'Função', class: 'Classe',
};

/** Optional text: blank → null, trimmed, bounded, no NUL (the guard refuses NUL before). */
const optionalText = (label: string, max: number) =>
  z.union([z.string({ error: `${label}: texto inválido.` }), z.null()], { error: `${label}: texto inválido.` })
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : null))
    .refine((v) => v === null || v.length <= max, ASSOC_MSG.tooLong(label, max));

/** What the secretary fills in place: every field of the member's SGC record (a PUT replaces them all; blank clears one). */
export const ZSgcFieldsInput = z.object({
  birth_date: ZBirthDate,
  sex: z.union([z.enum(SEXES, { error: ASSOC_MSG.sex }), z.literal(''), z.null()], { error: ASSOC_MSG.sex }).optional().transform((v) => (v ? v : null)),
  cpf: z.union([z.string({ error: ASSOC_MSG.cpfInvalid }), z.null()], { error: ASSOC_MSG.cpfInvalid }).optional().transform((v, ctx) => {
    if (!v || v.trim() === '') return null;
    const problem = cpfProblem(v);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return cpfDigits(v);
  }),
  cpf_owner: z.enum(['member', 'guardian'], { error: ASSOC_MSG.cpfOwner }).default('member'),
  rg: optionalText('RG', 20),
  address: optionalText('Endereço', 300),
  phone: optionalText('Telefone', 20).refine((v) => v === null || /^\d{10,11}$/.test(v.replace(/\D/g, '')), ASSOC_MSG.phone),
  guardian_name: optionalText('Responsável', 120),
});
export type TSgcFieldsInput = z.input<typeof ZSgcFieldsInput>;

/** One member in the readiness list: what the SGC gets, and which of its fields are still missing. */
export const ZSgcMember = z.object({
  member_id: z.string(),
  full_name: z.string(),
  birth_date: z.string().nullable(),
  minor: z.boolean(),
  sex: z.enum(SEXES).nullable(),
  cpf: z.string().nullable(),
  cpf_owner: z.enum(['member', 'guardian']),
  rg: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  guardian_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  function_label: z.string(),
  class_name: z.string().nullable(),
  missing: z.array(z.enum(SGC_FIELDS)),
  insured: z.boolean(),
  policy_number: z.string().nullable(),
  insured_on: z.string().nullable(),
});
export type TSgcMember = z.infer<typeof ZSgcMember>;

export const ZReadiness = z.object({
  year: z.number().int(),
  deadline: z.string(),
  days_left: z.number().int(),
  total: z.number().int(),
  sgc_ready: z.number().int(),
  insured: z.number().int(),
  members: z.array(ZSgcMember),
});
export type TReadiness = z.infer<typeof ZReadiness>;

/** Whether a field is required of this member: a guardian only of a minor, a unit and class only of a Desbravador(a). */
export function requiredSgcFields(m: { minor: boolean; role: string }): TSgcField[] {
  return SGC_FIELDS.filter((f) => {
    if (f === 'guardian') return m.minor;
    if (f === 'unit') return m.role === 'member' || m.role === 'counselor';
    if (f === 'class') return m.role === 'member';
    return true;
  });
}

const isoDay = (label: string) =>
  z.string({ error: label }).regex(/^\d{4}-\d{2}-\d{2}$/, label).refine((v) => {
    const [y, m, d] = v.split('-').map(Number);
    return isRealDay(y, m, d) && y >= MIN_YEAR && y <= MAX_YEAR;
  }, label);

export const ZYear = z.coerce.number({ error: ASSOC_MSG.year }).int(ASSOC_MSG.year).min(MIN_YEAR, ASSOC_MSG.year).max(MAX_YEAR, ASSOC_MSG.year);

/** The seguro of one member for one year. */
export const ZInsuranceInput = z.object({
  year: z.number({ error: ASSOC_MSG.year }).int(ASSOC_MSG.year).min(MIN_YEAR, ASSOC_MSG.year).max(MAX_YEAR, ASSOC_MSG.year),
  insured: z.boolean({ error: ASSOC_MSG.insured }),
  policy_number: optionalText('Apólice', 60),
  insured_on: z.union([isoDay(ASSOC_MSG.date), z.literal(''), z.null()], { error: ASSOC_MSG.date }).optional().transform((v) => (v ? v : null)),
}).superRefine((v, ctx) => {
  if (v.insured && !v.policy_number) ctx.addIssue({ code: 'custom', path: ['policy_number'], message: ASSOC_MSG.insuredNeedsPolicy });
  if (v.insured && !v.insured_on) ctx.addIssue({ code: 'custom', path: ['insured_on'], message: ASSOC_MSG.insuredNeedsDate });
});
export type TInsuranceInput = z.input<typeof ZInsuranceInput>;

/** The club's SGC deadline, a day of the year (10 February unless the Associação set another). */
export const ZDeadlineInput = z.object({
  month: z.number({ error: ASSOC_MSG.deadline }).int(ASSOC_MSG.deadline).min(1, ASSOC_MSG.deadline).max(12, ASSOC_MSG.deadline),
  day: z.number({ error: ASSOC_MSG.deadline }).int(ASSOC_MSG.deadline).min(1, ASSOC_MSG.deadline).max(31, ASSOC_MSG.deadline),
}).refine((v) => isRealDay(2023, v.month, v.day), { message: ASSOC_MSG.deadline, path: ['day'] });
export type TDeadlineInput = z.input<typeof ZDeadlineInput>;
export const DEFAULT_DEADLINE = { month: 2, day: 10 } as const;

/**
 * The registration year a club prepares for on `today` (AAAA-MM-DD) and its deadline: this year's until
 * its deadline has passed, then next year's (the January re-registration starts in the previous year).
 */
export function registrationCycle(today: string, deadline: { month: number; day: number }): { year: number; deadline: string; daysLeft: number } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const year = Number(today.slice(0, 4));
  const at = (y: number) => `${y}-${pad(deadline.month)}-${pad(deadline.day)}`;
  const target = today <= at(year) ? year : year + 1;
  const days = Math.round((Date.parse(`${at(target)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return { year: target, deadline: at(target), daysLeft: days };
}

/** The posts an Associação expects a club's diretoria to fill, in the order the panel lists them. */
export const POSTS = ['director', 'associate', 'chaplain', 'secretary', 'treasurer', 'class_instructor', 'specialty_instructor'] as const;
export type TPost = (typeof POSTS)[number];
export const POST_LABELS: Record<TPost, string> = {
  director: 'Diretor(a)', associate: 'Diretor(a) associado(a)', chaplain: 'Capelão(ã)', secretary: 'Secretário(a)',
  treasurer: 'Tesoureiro(a)', class_instructor: 'Instrutor(a) de classes', specialty_instructor: 'Instrutor(a) de especialidades',
};
/** How many people each post expects (two associates, of different sexes). */
export const POST_SEATS: Record<TPost, number> = { director: 1, associate: 2, chaplain: 1, secretary: 1, treasurer: 1, class_instructor: 1, specialty_instructor: 1 };
/** The youngest a secretary may be. */
export const SECRETARY_MIN_AGE = 16;

export const POST_MSG = {
  post: 'Escolha um cargo da lista.',
  member: 'Escolha a pessoa do cargo.',
  start: 'Informe o início do mandato (dd/mm/aaaa).',
  end: 'Informe o fim do mandato (dd/mm/aaaa).',
  endBeforeStart: 'O fim do mandato não pode ser antes do início.',
  notFound: 'Cargo não encontrado.',
  saved: 'Cargo salvo.',
  removed: 'Cargo removido.',
} as const;

export const ZPostInput = z.object({
  post: z.enum(POSTS, { error: POST_MSG.post }),
  member_id: z.string({ error: POST_MSG.member }).regex(UUID_RE, POST_MSG.member),
  starts_on: isoDay(POST_MSG.start),
  ends_on: isoDay(POST_MSG.end),
}).refine((v) => v.ends_on >= v.starts_on, { message: POST_MSG.endBeforeStart, path: ['ends_on'] });
export type TPostInput = z.input<typeof ZPostInput>;

export const ZPostHolder = z.object({
  id: z.string(),
  post: z.enum(POSTS),
  member_id: z.string(),
  full_name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** The term covers the club's today. */
  current: z.boolean(),
});
export type TPostHolder = z.infer<typeof ZPostHolder>;

/**
 * A volunteer of the club (Lei 9.608/1998): whoever holds a post today, and every adult leader. Their
 * termo de adesão is signed when the pasta keeps a document of kind 'termo_adesao' not removed.
 */
export const ZVolunteer = z.object({
  member_id: z.string(),
  full_name: z.string(),
  /** The function in the club ('Conselheiro(a)') and the posts held today ('Tesoureiro(a)'), in pt-BR. */
  functions: z.array(z.string()),
  /** The day the latest signed termo was kept in the pasta (the club's day); null: the termo is missing. */
  termo_signed_on: z.string().nullable(),
});
export type TVolunteer = z.infer<typeof ZVolunteer>;

/** The missing-items line of the termos ("Termos de adesão: faltam 2"); none when every volunteer has one. */
export function missingTermosLine(missing: number): string | null {
  if (missing === 0) return null;
  return missing === 1 ? 'Termo de adesão: falta 1' : `Termos de adesão: faltam ${missing}`;
}

export const ZDiretoria = z.object({
  holders: z.array(ZPostHolder),
  volunteers: z.array(ZVolunteer),
  /** Posts still empty today, as pt-BR lines ("Capelão(ã)", "Diretor(a) associado(a): falta 1"), then the termos missing. */
  missing: z.array(z.string()),
  /** The Associação's rules broken today, in pt-BR. */
  problems: z.array(z.string()),
  candidates: z.array(z.object({ member_id: z.string(), full_name: z.string() })),
});
export type TDiretoria = z.infer<typeof ZDiretoria>;

/** The termo de adesão of a volunteer, pre-filled for printing (Lei 9.608/1998). */
export const ZTermoAdesao = z.object({
  club_name: z.string(),
  /** The club's city as its Pix settings name it; null: a line to fill by hand. */
  city: z.string().nullable(),
  /** The club's day, for the date line. */
  today: z.string(),
  member: z.object({ id: z.string(), full_name: z.string(), cpf: z.string().nullable(), functions: z.array(z.string()) }),
  /** The posts held today, with their terms (none: a leader without a post, no fixed term). */
  terms: z.array(z.object({ label: z.string(), starts_on: z.string(), ends_on: z.string() })),
});
export type TTermoAdesao = z.infer<typeof ZTermoAdesao>;
