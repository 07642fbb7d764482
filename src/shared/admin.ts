import { z } from 'zod';
import { zEmail } from './email.js';
import { CLUB_MSG, ZClub, ZSlug, ZTimezone } from './clubs.js';
import { DEFAULT_TIMEZONE } from './timezones.js';
import { ZPageQuery } from './pagination.js';

export const USER_TYPES = ['member', 'super_admin'] as const;
export type TUserType = (typeof USER_TYPES)[number];
/** pt-BR name of each kind of account (the users list tags super admins; the audit log names both). */
export const USER_TYPE_LABEL: Record<TUserType, string> = { member: 'Usuário comum', super_admin: 'Super admin' };

/** pt-BR texts of the super admin area (server errors and client toasts). */
export const ADMIN_MSG = {
  adminEmailRequired: 'Informe o e-mail do primeiro administrador',
  adminAccountMissing: 'Nenhuma conta encontrada com este e-mail. Peça para a pessoa se cadastrar no Trilha antes de criar o clube.',
  adminAccountBlocked: 'A conta deste e-mail está bloqueada. Desbloqueie-a ou informe outro e-mail.',
  confirmNameMismatch: 'Digite o nome do clube exatamente como aparece para confirmar a exclusão.',
  lastSuperAdmin: 'Não é possível remover ou bloquear o último super admin da plataforma.',
  cannotBlockSelf: 'Você não pode bloquear a sua própria conta.',
  userNotFound: 'Usuário não encontrado',
  clubCreated: 'Clube criado com sucesso!',
  clubUpdated: 'Clube atualizado com sucesso!',
  clubActivated: 'Clube ativado com sucesso!',
  clubDeactivated: 'Clube desativado com sucesso!',
  clubDeleted: 'Clube excluído com sucesso!',
  clubSaveError: 'Erro ao salvar clube. Tente novamente.',
  clubDeleteError: 'Erro ao excluir clube.',
  clubOpenError: 'Erro ao abrir o clube.',
  promoted: 'Usuário promovido a super admin!',
  demoted: 'Usuário deixou de ser super admin.',
  blocked: 'Usuário bloqueado. As sessões dele foram encerradas.',
  unblocked: 'Usuário desbloqueado.',
  userSaveError: 'Erro ao atualizar usuário.',
} as const;

/** Spec 3, 'Platform stats': the four counters of /superadmin. */
export const ZPlatformStats = z.object({
  totalClubes: z.number().int(),
  clubesAtivos: z.number().int(),
  totalUsuarios: z.number().int(),
  totalTarefas: z.number().int(),
  /** False on PostgreSQL, whose backups are the operator's pg_dump (issue 11). */
  bancoEmbutido: z.boolean(),
  /** The newest snapshot in DATA_DIR/backups (embedded engine), or null when none was written yet. */
  ultimoBackup: z.object({ em: z.string(), bytes: z.number().int() }).nullable(),
});
export type TPlatformStats = z.infer<typeof ZPlatformStats>;

/** A club as the super admin sees it: the club plus its active members and its tasks. */
export const ZAdminClub = ZClub.extend({
  member_count: z.number().int(),
  task_count: z.number().int(),
});
export type TAdminClub = z.infer<typeof ZAdminClub>;

export const ZAdminClubList = z.object({
  totals: z.object({ clubs: z.number().int(), active_clubs: z.number().int(), members: z.number().int() }),
  /** Clubs matching the search (all of them without one). */
  matching: z.number().int(),
  /** One page, newest first; `next_cursor` asks for the next (null on the last page). */
  clubs: z.array(ZAdminClub),
  next_cursor: z.string().nullable(),
});

export const ZAdminClubQuery = ZPageQuery.extend({ q: z.string().trim().max(200).default('') });
export type TAdminClubList = z.infer<typeof ZAdminClubList>;

const clubName = z.string({ error: CLUB_MSG.nameRequired }).trim().min(1, CLUB_MSG.nameRequired).max(120);
const clubDescription = z.string().trim().max(2000).nullish().transform((v) => (v ? v : null));

/** New club created by a super admin for someone else, who becomes its first admin. */
export const ZAdminCreateClub = z.object({
  name: clubName,
  slug: ZSlug,
  timezone: ZTimezone.default(DEFAULT_TIMEZONE),
  description: clubDescription,
  admin_email: zEmail(ADMIN_MSG.adminEmailRequired),
});
export type TAdminCreateClub = z.input<typeof ZAdminCreateClub>;

/** Edit or (de)activate a club; only the fields sent change. */
export const ZAdminUpdateClub = z.object({
  name: clubName.optional(),
  slug: ZSlug.optional(),
  timezone: ZTimezone.optional(),
  description: clubDescription.optional(),
  active: z.boolean().optional(),
});
export type TAdminUpdateClub = z.input<typeof ZAdminUpdateClub>;

/** Deleting a club is confirmed by typing its name. */
export const ZAdminDeleteClub = z.object({
  confirm_name: z.string({ error: ADMIN_MSG.confirmNameMismatch }).min(1, ADMIN_MSG.confirmNameMismatch),
});
export type TAdminDeleteClub = z.infer<typeof ZAdminDeleteClub>;


export const ZAdminUserQuery = ZPageQuery.extend({ q: z.string().trim().max(200).default('') });

export const ZAdminUserClub = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  active: z.boolean(),
});

export const ZAdminUser = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
  blocked_at: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  clubs: z.array(ZAdminUserClub),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserList = z.object({
  users: z.array(ZAdminUser),
  /** Accounts matching the search. */
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

export const ZSetUserType = z.object({ user_type: z.enum(USER_TYPES) });
export type TSetUserType = z.infer<typeof ZSetUserType>;

export const ZSetBlocked = z.object({ blocked: z.boolean() });
export type TSetBlocked = z.infer<typeof ZSetBlocked>;

export const REPORT_MONTHS_DEFAULT = 12;
/** Months of the platform report are counted in the platform's default time zone. */
export const REPORT_TIMEZONE = DEFAULT_TIMEZONE;

export const ZReportQuery = z.object({
  months: z.coerce.number().int().min(1).max(36).default(REPORT_MONTHS_DEFAULT),
});

export const ZReportMonth = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  new_clubs: z.number().int(),
  new_users: z.number().int(),
  tasks_completed: z.number().int(),
});
export type TReportMonth = z.infer<typeof ZReportMonth>;

export const ZPlatformReport = z.object({
  months: z.array(ZReportMonth),
  active_members_30d: z.number().int(),
  /** Clubs with the most members active in the last 30 days (at most 10). */
  active_members_by_club: z.array(z.object({ club_id: z.string(), club_name: z.string(), active_members: z.number().int() })),
  generated_at: z.string(),
});
export type TPlatformReport = z.infer<typeof ZPlatformReport>;

/** 'YYYY-MM' → 'jan/2026' */
export function monthLabel(month: string): string {
  const names = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
  const [y, m] = month.split('-');
  return `${names[Number(m) - 1] ?? m}/${y}`;
}

/** pt-BR names of the background jobs, as the super admin reads them beside a failure (issue 43). */
export const JOB_LABEL: Record<string, string> = {
  'recurring-task-generation': 'Tarefas recorrentes',
  'membership-duration-badges': 'Badges por tempo de clube',
  'auto-badge-backfill': 'Badges automáticas',
  'badge-icon-sweep': 'Limpeza dos ícones de badges',
  'rate-limit-sweep': 'Limpeza dos limites de acesso',
  'mail-queue': 'Envio de e-mails',
  'mail-sweep': 'Limpeza de e-mails enviados',
  'account-deletion': 'Exclusão de contas',
  'meeting-rules': 'Reuniões recorrentes',
  'notification-delivery': 'Entrega de notificações',
  'notification-digest': 'Resumos de notificações por e-mail',
  'waiting-submissions': 'Aviso de envios esperando aprovação',
  'dues-generation': 'Mensalidades',
  'charge-reminders': 'Lembretes de cobrança',
  'orphan-files': 'Limpeza de arquivos',
  'daily-backup': 'Backup diário',
};

/** A background job that failed, for one club or as a whole (club null), and is retried on its next run. */
export const ZJobFailure = z.object({
  job: z.string(),
  job_label: z.string(),
  club_id: z.string().nullable(),
  club_name: z.string().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  first_failed_at: z.string(),
  last_failed_at: z.string(),
});
export type TJobFailure = z.infer<typeof ZJobFailure>;
