import { z } from 'zod';
import { EMAIL_MSG, zEmail } from './email.js';
import { zId } from './ids.js';
import { ZMemberAttendance } from './meetings.js';

/** Guardian invitations are valid for 14 days, like member invitations (ADR 008). */
export const GUARDIAN_INVITATION_DAYS = 14;
/** 'Excluir minha conta' is carried out after this grace period, unless cancelled. */
export const DELETION_GRACE_DAYS = 7;
/** The name that replaces a deleted person's on the club's history (points, money). */
export const REMOVED_MEMBER_NAME = 'Membro removido';
export { ADULT_AGE } from './minor.js';

export const RELATIONSHIPS = ['Mãe', 'Pai', 'Avó', 'Avô', 'Responsável legal', 'Outro'] as const;

export const FAMILY_MSG = {
  nameRequired: 'Informe o nome do responsável',
  emailRequired: EMAIL_MSG.required,
  emailInvalid: EMAIL_MSG.invalid,
  relationshipRequired: 'Informe o parentesco',
  phoneInvalid: 'Informe um telefone válido',
  guardianExists: 'Este e-mail já é responsável por este membro.',
  guardianNotFound: 'Responsável não encontrado',
  invitationInvalid: 'Este convite é inválido, já foi usado ou expirou.',
  invitationWrongEmail: 'Este convite foi enviado para outro e-mail. Entre (ou crie a conta) com o e-mail convidado.',
  mustAccept: "Marque 'Li e aceito' para continuar.",
  consentPending: 'Consentimento pendente',
  consentGranted: 'Consentimento dado',
  consentWithdrawn: 'Consentimento retirado',
  consentNeeded: 'Este membro tem menos de 18 anos: é preciso o consentimento de um responsável antes de guardar estes dados.',
  noConsentText: 'O clube ainda não escreveu o texto de consentimento.',
  consentTextRequired: 'Escreva o texto de consentimento',
  consentSaved: 'Texto de consentimento salvo (nova versão).',
  childNotFound: 'Membro não encontrado',
  birthDateInvalid: 'Informe uma data de nascimento válida',
  healthForbidden: 'Só a diretoria, quem tem a permissão saúde e o próprio membro (ou responsável) veem a ficha médica.',
  healthSaved: 'Ficha médica salva.',
  deletionRequested: 'Pedido de exclusão registrado. Você pode cancelar em até 7 dias.',
  deletionCancelled: 'Pedido de exclusão cancelado.',
  deletionPending: 'Já existe um pedido de exclusão em andamento.',
  deletionNone: 'Não há pedido de exclusão em andamento.',
  deletionLastAdmin: 'Você é o único administrador de um clube. Promova outro membro a admin antes de excluir sua conta.',
  invited: 'Convite enviado por e-mail para o responsável. Se preferir, copie o link abaixo e envie também por mensagem.',
  evidenceNotAllowed: 'O clube não permite que o responsável envie comprovações por este membro.',
  evidenceSent: 'Comprovação enviada! Aguarde a aprovação do clube.',
  accepted: 'Consentimento registrado. Boas-vindas à área da família!',
} as const;

const trimmed = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, required);
const email = zEmail(FAMILY_MSG.emailRequired);
const phone = z
  .string()
  .trim()
  .max(30, FAMILY_MSG.phoneInvalid)
  .regex(/^[0-9+()\-\s]*$/, FAMILY_MSG.phoneInvalid)
  .nullish()
  .transform((v) => v || null);

export const ZGuardianInput = z.object({
  full_name: trimmed(120, FAMILY_MSG.nameRequired),
  email,
  phone,
  relationship: trimmed(60, FAMILY_MSG.relationshipRequired),
});
export type TGuardianInput = z.input<typeof ZGuardianInput>;

export const ZGuardian = z.object({
  id: z.string(),
  member_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  relationship: z.string(),
  status: z.enum(['invited', 'active']),
  /** The latest invitation e-mail: 'sent' once it left; null when none was queued (or it was swept). */
  invitation_mail: z.enum(['pending', 'sending', 'sent', 'failed']).nullable(),
  accepted_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type TGuardian = z.infer<typeof ZGuardian>;

export const ZGuardianInvitation = z.object({
  guardian: ZGuardian,
  /** The plain token exists only in this answer; the server keeps its hash. */
  token: z.string(),
  path: z.string(),
  message: z.object({ subject: z.string(), body: z.string() }),
});
export type TGuardianInvitation = z.infer<typeof ZGuardianInvitation>;

export const ZGuardianInvitationPreview = z.object({
  club_name: z.string(),
  child_name: z.string(),
  guardian_name: z.string(),
  email: z.string(),
  relationship: z.string(),
  consent_text: z.string().nullable(),
  consent_version: z.number().int().nullable(),
  expires_at: z.string(),
});
export type TGuardianInvitationPreview = z.infer<typeof ZGuardianInvitationPreview>;

export const ZAcceptGuardian = z.object({
  accept: z.literal(true, { error: FAMILY_MSG.mustAccept }),
  consent_version: z.number({ error: FAMILY_MSG.mustAccept }).int().positive().max(1_000_000),
});

export const ZConsentStatus = z.enum(['not_required', 'pending', 'granted', 'withdrawn']);
export type TConsentStatus = z.infer<typeof ZConsentStatus>;
export const CONSENT_LABEL: Record<TConsentStatus, string> = {
  not_required: 'Consentimento não necessário',
  pending: FAMILY_MSG.consentPending,
  granted: FAMILY_MSG.consentGranted,
  withdrawn: FAMILY_MSG.consentWithdrawn,
};

/**
 * The params of every /api/family/children/:memberId/… route: an id that is not the caller's linked
 * child, malformed or not, answers the same 404.
 */
export const ZChildParams = z.object({ memberId: zId(FAMILY_MSG.childNotFound) });

export const ZMemberFamily = z.object({
  member_id: z.string(),
  birth_date: z.string().nullable(),
  /** Marked an adult by the club (no birth date recorded); without either, a member counts as a minor. */
  adult_confirmed: z.boolean(),
  minor: z.boolean(),
  consent: ZConsentStatus,
  health_access: z.boolean(),
  guardians: z.array(ZGuardian),
});
export type TMemberFamily = z.infer<typeof ZMemberFamily>;

const birthDate = z
  .union([z.iso.date({ error: FAMILY_MSG.birthDateInvalid }), z.literal('')])
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || (v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10)), FAMILY_MSG.birthDateInvalid);
export const ZMemberFamilyUpdate = z.object({
  birth_date: birthDate.optional(),
  adult_confirmed: z.boolean({ error: 'Informe se o membro é maior de idade (sim ou não).' }).optional(),
  health_access: z.boolean({ error: "Informe se o membro tem a permissão 'saúde' (sim ou não)." }).optional(),
});

export const ZConsentText = z.object({
  version: z.number().int().nullable(),
  body: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type TConsentText = z.infer<typeof ZConsentText>;
export const ZConsentTextInput = z.object({ body: trimmed(20_000, FAMILY_MSG.consentTextRequired) });

export const ZPrivacySettings = z.object({
  controller_name: z.string().nullable(),
  controller_contact: z.string().nullable(),
  retention_text: z.string().nullable(),
  guardian_evidence: z.boolean(),
});
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;
const optionalText = (max: number) => z.string().trim().max(max, `Use no máximo ${max} caracteres`).nullish().transform((v) => v || null);
export const ZPrivacySettingsInput = z.object({
  controller_name: optionalText(200),
  controller_contact: optionalText(200),
  retention_text: optionalText(5000),
  guardian_evidence: z.boolean().default(false),
});

export const ZPrivacyNotice = ZPrivacySettings.extend({
  club_name: z.string(),
  consent_text: z.string().nullable(),
  consent_version: z.number().int().nullable(),
});
export type TPrivacyNotice = z.infer<typeof ZPrivacyNotice>;

const healthText = (max: number) => z.string().trim().max(max, `Use no máximo ${max} caracteres`).nullish().transform((v) => v || null);
export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const ZEmergencyContact = z.object({
  name: trimmed(120, 'Informe o nome do contato'),
  phone: z.string().trim().min(1, 'Informe o telefone do contato').max(30, FAMILY_MSG.phoneInvalid).regex(/^[0-9+()\-\s]+$/, FAMILY_MSG.phoneInvalid),
  relationship: healthText(60),
});
export const ZHealthForm = z.object({
  blood_type: z.union([z.enum(BLOOD_TYPES, { error: 'Tipo sanguíneo inválido' }), z.literal('')]).nullish().transform((v) => v || null),
  allergies: healthText(2000),
  medications: healthText(2000),
  conditions: healthText(2000),
  health_plan: healthText(200),
  emergency_contacts: z.array(ZEmergencyContact).max(5, 'No máximo 5 contatos de emergência').default([]),
});
export type THealthFormInput = z.input<typeof ZHealthForm>;
export type THealthFormData = z.infer<typeof ZHealthFormData>;
/** The form as stored and answered (no transforms: response schemas must encode). */
export const ZHealthFormData = z.object({
  blood_type: z.string().nullable(),
  allergies: z.string().nullable(),
  medications: z.string().nullable(),
  conditions: z.string().nullable(),
  health_plan: z.string().nullable(),
  emergency_contacts: z.array(z.object({ name: z.string(), phone: z.string(), relationship: z.string().nullable() })),
});
export const ZHealthRecord = z.object({
  member_id: z.string(),
  full_name: z.string(),
  unit_name: z.string().nullable(),
  form: ZHealthFormData.nullable(),
  updated_at: z.string().nullable(),
});
export type THealthRecord = z.infer<typeof ZHealthRecord>;

export const ZFamilyChild = z.object({
  member_id: z.string(),
  club_id: z.string(),
  club_name: z.string(),
  full_name: z.string(),
  unit_name: z.string().nullable(),
  relationship: z.string(),
  consent: ZConsentStatus,
  /** This guardian lets Trilha push notifications to the child's own phone (a minor gets none otherwise). */
  child_push_allowed: z.boolean(),
  total_points: z.number().int(),
  ranking: z.number().int().nullable(),
  badges: z.array(z.object({ name: z.string(), rarity: z.string(), awarded_at: z.string() })),
  tasks_done: z.array(z.object({ title: z.string(), completions: z.number().int(), points_earned: z.number().int() })),
  tasks_pending: z.array(z.object({ task_id: z.string(), title: z.string(), type: z.string(), status: z.string().nullable(), due_date: z.string().nullable() })),
  /** The club lets a guardian send evidence for this child (who has no account of their own). */
  can_submit_evidence: z.boolean(),
  savings_goals: z.array(z.object({ name: z.string(), goal_amount: z.string(), current_amount: z.string() })),
  has_health_form: z.boolean(),
  /** The child's roll calls: totals and the latest meetings (empty totals before the first meeting). */
  attendance: ZMemberAttendance.nullable(),
});
export type TFamilyChild = z.infer<typeof ZFamilyChild>;

export const ZDeletionStatus = z.object({
  pending: z.boolean(),
  requested_at: z.string().nullable(),
  execute_after: z.string().nullable(),
});
export type TDeletionStatus = z.infer<typeof ZDeletionStatus>;

/** Age in whole years on `today` (YYYY-MM-DD strings). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** PUT /api/family/children/:memberId/push: the guardian allows or stops push to the child's devices. */
export const ZChildPush = z.object({
  allowed: z.boolean({ error: 'Informe se as notificações no celular do seu filho ou da sua filha são permitidas (sim ou não).' }),
}, { error: 'Corpo da requisição inválido.' });
export type TChildPush = z.infer<typeof ZChildPush>;
