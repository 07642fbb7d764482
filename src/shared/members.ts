import { CLUB_ROLES, PERMISSION_MSG, ROLE_LABELS, isClubRole, roleFromText, type TClubRole } from './permissions.js';
import { z } from 'zod';
import { zId } from './ids.js';
import { EMAIL_MSG, ZOptionalEmail, zEmail } from './email.js';
import { ZPageQuery } from './pagination.js';
import { plural } from './plural.js';
import { ZBirthDate } from './birth-date.js';

/** The director ('Diretor(a)'): every power in the club. The functions are in `permissions.ts` (issue 14). */
export const ADMIN_ROLE = 'admin';
/** The role picker's options, with pt-BR labels. */
export const MEMBER_ROLES = CLUB_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
export const DEFAULT_MEMBER_ROLE: TClubRole = 'member';
/** Participants: listed on the ranking even at 0 points; leaders only once they score (migration 0120). */
export const RANKED_ROLES: readonly string[] = ['member'];
/** Invitations are valid for 14 days and can be used once. */
export const INVITATION_DAYS = 14;
export const CSV_MAX_ROWS = 500;
export const CSV_MAX_COLUMNS = 30;
/** 1 MB of text: far more than 500 members need. */
export const CSV_MAX_CHARS = 1_000_000;
/** An Excel workbook of 500 members is some 30 KB; sent as base64, 512 KB fits under the 1 MB body limit. */
export const XLSX_MAX_BYTES = 512 * 1024;
export const XLSX_MAX_BASE64 = Math.ceil(XLSX_MAX_BYTES / 3) * 4;
/** What the parts of a workbook may inflate to, added up: a zip bomb stops here. */
export const XLSX_MAX_UNZIPPED_BYTES = 8 * 1024 * 1024;

export function roleLabel(role: string): string {
  return isClubRole(role) ? ROLE_LABELS[role] : role;
}

export const MEMBER_MSG = {
  unitFilterInvalid: 'Filtro de unidade inválido.',
  sortInvalid: 'Ordem inválida: use recentes, nome ou pontos.',
  statusFilterInvalid: 'Filtro de status inválido: use todos, ativos ou inativos.',
  nameRequired: 'Informe o nome do membro',
  emailRequired: EMAIL_MSG.required,
  emailInvalid: EMAIL_MSG.invalid,
  roleRequired: 'Informe a função',
  alreadyMember: 'Esta pessoa já faz parte do clube.',
  lastAdmin: 'O clube precisa de pelo menos uma pessoa ativa, com conta, na função Diretor(a). Dê essa função a outra pessoa antes de remover ou alterar esta.',
  notFound: 'Membro não encontrado',
  unitNotFound: 'Unidade não encontrada',
  hasAccount: 'Este membro já tem conta no Trilha.',
  added: 'Membro adicionado com sucesso!',
  invited: 'Convite criado! Copie o link e envie para a pessoa.',
  updated: 'Membro atualizado com sucesso!',
  deleted: 'Membro removido com sucesso!',
  saveError: 'Erro ao salvar membro. Tente novamente.',
  deleteError: 'Erro ao remover membro.',
  invitationInvalid: 'Este convite é inválido, já foi usado ou expirou.',
  invitationWrongEmail: 'Este convite foi enviado para outro e-mail. Entre (ou crie a conta) com o e-mail convidado.',
  notOwnProfile: 'Este perfil foi cadastrado por outro clube. Convide a pessoa pelo e-mail.',
  claimUndone: 'Acesso desfeito. O perfil voltou a ser de um membro sem conta.',
  notClaimedHere: 'Este membro não assumiu o perfil por um link deste clube.',
  invitationClaimNeedsNewAccount: 'Este convite é para criar o acesso de um membro já cadastrado. Saia da sua conta e crie o acesso pelo link.',
  joined: 'Você agora faz parte do clube!',
  csvEmpty: 'O arquivo CSV está vazio.',
  csvTooMany: `O arquivo pode ter no máximo ${CSV_MAX_ROWS} linhas.`,
  csvTooManyColumns: `O arquivo pode ter no máximo ${CSV_MAX_COLUMNS} colunas.`,
  csvTooBig: 'O arquivo pode ter no máximo 1 MB.',
  csvRequired: 'Envie o conteúdo do arquivo (CSV ou Excel .xlsx).',
  xlsxTooBig: 'A planilha pode ter no máximo 512 KB.',
  xlsxUnreadable: 'Não foi possível ler a planilha: envie um arquivo do Excel (.xlsx) ou um CSV.',
  xlsxOld: 'Arquivos .xls (Excel 97-2003) ou protegidos por senha não são lidos: no Excel, use "Salvar como" → "Pasta de Trabalho do Excel (.xlsx)" ou CSV.',
  xlsxInflated: 'A planilha é grande demais quando aberta: envie só a lista de membros (até 500 linhas).',
  csvAndXlsx: 'Envie um arquivo só: CSV ou planilha do Excel.',
  csvHasErrors: 'Corrija os erros do arquivo antes de importar. Nada foi gravado.',
  csvDuplicateEmail: 'E-mail repetido no arquivo',
  csvUnknownUnit: 'Unidade não encontrada',
  csvUnreadable: 'Caracteres ilegíveis (�): o arquivo foi lido com a codificação errada. Escolha o arquivo original do Excel ou salve-o como CSV UTF-8.',
  imported: (n: number) => `${plural(n, 'membro importado', 'membros importados')} com sucesso!`,
} as const;

const optionalEmail = ZOptionalEmail;
const requiredEmail = zEmail(MEMBER_MSG.emailRequired);

/** A function of the list; the pt-BR labels ('Conselheiro(a)') are read as the function they name. */
export const ZRole = z.preprocess(
  (v) => (typeof v === 'string' ? (roleFromText(v) ?? v) : v),
  z.enum(CLUB_ROLES, { error: (issue) => (issue.input === undefined || issue.input === '' ? MEMBER_MSG.roleRequired : PERMISSION_MSG.roleInvalid) }),
);
/** A unit of the club, or none ('' from an empty select means none). */
const unitId = z.union([zId('Unidade inválida'), z.literal('')]).nullish().transform((v) => v || null);

/**
 * Adding a member, two ways: by e-mail (an existing account joins at once; an unknown e-mail gets an
 * invitation link), or as a member without an account (name only, e-mail optional).
 */
/** A counsellor leads a unit: without one, the form says so. */
const counselorHasUnit = (v: { role: TClubRole; unit_id: string | null }) => v.role !== 'counselor' || v.unit_id !== null;
const counselorUnitIssue = { message: PERMISSION_MSG.counselorNeedsUnit, path: ['unit_id'] };

export const ZAddMemberByEmail = z.object({ mode: z.literal('email'), email: requiredEmail, role: ZRole, unit_id: unitId }).refine(counselorHasUnit, counselorUnitIssue);
export const ZAddAccountlessMember = z.object({
  mode: z.literal('accountless'),
  full_name: z.string({ error: MEMBER_MSG.nameRequired }).trim().min(1, MEMBER_MSG.nameRequired).max(120),
  email: optionalEmail,
  /** 'AAAA-MM-DD' or empty: drives the class the programme suggests and the guardian's consent. */
  birth_date: ZBirthDate,
  role: ZRole,
  unit_id: unitId,
}).refine(counselorHasUnit, counselorUnitIssue);
export const ZAddMember = z.discriminatedUnion('mode', [ZAddMemberByEmail, ZAddAccountlessMember]);
export type TAddMember = z.input<typeof ZAddMember>;

export const ZUpdateMember = z.object({ role: ZRole, unit_id: unitId, active: z.boolean() }).refine(counselorHasUnit, counselorUnitIssue);
export type TUpdateMember = z.input<typeof ZUpdateMember>;

export const ZMember = z.object({
  id: z.string(),
  club_id: z.string(),
  profile_id: z.string(),
  full_name: z.string(),
  /** Shown to club admins only. */
  email: z.string().nullable(),
  has_account: z.boolean(),
  /** The login was created through this club's claim link, so the club can undo it. */
  claimed_here: z.boolean(),
  role: z.string(),
  /** Free text kept from before the functions existed (issue 14), shown beside the function. */
  title: z.string().nullable(),
  unit_id: z.string().nullable(),
  unit_name: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
});
export type TMember = z.infer<typeof ZMember>;

/**
 * GET …/members: one page, newest first, filtered by a name or e-mail fragment (`q`), a unit
 * (`unit_id`, or 'none' for members without one) and status. `limit` up to 200, default 50.
 */
export const ZMemberQuery = ZPageQuery.extend({
  q: z.string({ error: 'Busca inválida.' }).trim().max(200, 'Busca muito longa (máximo 200 caracteres).').default(''),
  unit_id: z.union([zId(MEMBER_MSG.unitFilterInvalid), z.literal('none')], { error: MEMBER_MSG.unitFilterInvalid }).optional(),
  status: z.enum(['all', 'active', 'inactive'], { error: MEMBER_MSG.statusFilterInvalid }).default('all'),
  /** recentes: newest first (the default); nome: as a Brazilian reads names; pontos: most points first. */
  sort: z.enum(['recentes', 'nome', 'pontos'], { error: MEMBER_MSG.sortInvalid }).default('recentes'),
});
export type TMemberQuery = z.input<typeof ZMemberQuery>;

export const ZMemberPage = z.object({
  members: z.array(ZMember),
  /** Members matching the filters, on every page. */
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type TMemberPage = z.infer<typeof ZMemberPage>;

export const ZInvitationLink = z.object({
  id: z.string(),
  /** The plain token exists only in this answer; the server keeps its hash. */
  token: z.string(),
  path: z.string(),
  email: z.string().nullable(),
  expires_at: z.string(),
});
export type TInvitationLink = z.infer<typeof ZInvitationLink>;

export const ZAddMemberResult = z.discriminatedUnion('result', [
  z.object({ result: z.literal('added'), member: ZMember }),
  z.object({ result: z.literal('invited'), invitation: ZInvitationLink }),
]);
export type TAddMemberResult = z.infer<typeof ZAddMemberResult>;

export const ZPendingInvitation = z.object({
  id: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  role: z.string(),
  unit_name: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type TPendingInvitation = z.infer<typeof ZPendingInvitation>;

/** What an invitation link shows before anyone signs in. */
export const ZInvitationPreview = z.object({
  club_id: z.string(),
  club_name: z.string(),
  club_logo_url: z.string().nullable(),
  /** 'claim': the link gives an existing accountless member their own login. */
  kind: z.enum(['join', 'claim']),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  expires_at: z.string(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZInvitationAccepted = z.object({ club_id: z.string() });

/** The file to import: a CSV's text, or an Excel workbook (.xlsx) as base64; one of the two. */
export const ZCsvImport = z.object({
  csv: z.string({ error: MEMBER_MSG.csvRequired }).max(CSV_MAX_CHARS, MEMBER_MSG.csvTooBig).optional(),
  xlsx: z.string({ error: MEMBER_MSG.xlsxUnreadable }).max(XLSX_MAX_BASE64, MEMBER_MSG.xlsxTooBig)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, MEMBER_MSG.xlsxUnreadable).optional(),
  /** true: only validate and preview; false: write all rows or none. */
  dry_run: z.boolean({ error: 'dry_run deve ser verdadeiro ou falso' }).default(true),
}).superRefine((v, ctx) => {
  if (v.csv === undefined && v.xlsx === undefined) ctx.addIssue({ code: 'custom', message: MEMBER_MSG.csvRequired, path: ['csv'] });
  if (v.csv !== undefined && v.xlsx !== undefined) ctx.addIssue({ code: 'custom', message: MEMBER_MSG.csvAndXlsx, path: ['xlsx'] });
});
export type TCsvImport = z.input<typeof ZCsvImport>;

export const ZCsvRow = z.object({
  line: z.number().int(),
  full_name: z.string(),
  email: z.string().nullable(),
  /** 'AAAA-MM-DD' when the file gave a valid one. */
  birth_date: z.string().nullable(),
  role: z.string(),
  unit_name: z.string().nullable(),
  errors: z.array(z.string()),
});
export type TCsvRow = z.infer<typeof ZCsvRow>;

export const ZCsvImportResult = z.object({
  rows: z.array(ZCsvRow),
  valid: z.boolean(),
  imported: z.number().int(),
});
export type TCsvImportResult = z.infer<typeof ZCsvImportResult>;
