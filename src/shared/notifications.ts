import { z } from 'zod';
import { zId } from './ids.js';
import { pageQuery } from './pagination.js';

/**
 * Notifications (issue 36): what Trilha tells a person, per person and per club. Each belongs to one
 * category; the person chooses per category whether it also goes by push and by e-mail.
 */
export const NOTIFICATION_CATEGORIES = ['achievements', 'tasks', 'money', 'family', 'leadership', 'security'] as const;
export type TNotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<TNotificationCategory, string> = {
  achievements: 'Aprovações, pontos e badges',
  tasks: 'Novas tarefas e eventos da unidade',
  money: 'Cobranças',
  family: 'Família: presença e autorizações',
  leadership: 'Liderança: convites e aprovações esperando',
  security: 'Segurança da conta',
};

export const EMAIL_MODES = ['immediate', 'daily', 'weekly', 'off'] as const;
export type TEmailMode = (typeof EMAIL_MODES)[number];
export const EMAIL_MODE_LABELS: Record<TEmailMode, string> = {
  immediate: 'Na hora',
  daily: 'Resumo diário',
  weekly: 'Resumo semanal',
  off: 'Não enviar',
};

/**
 * Defaults when the person chose nothing: a kid's own moments come in the app and by push (never by
 * e-mail); a guardian's by e-mail; a leader's in a daily digest; security at once everywhere.
 */
export const CATEGORY_DEFAULTS: Record<TNotificationCategory, { push: boolean; email: TEmailMode }> = {
  achievements: { push: true, email: 'off' },
  tasks: { push: true, email: 'off' },
  money: { push: true, email: 'immediate' },
  family: { push: true, email: 'immediate' },
  leadership: { push: false, email: 'daily' },
  security: { push: true, email: 'immediate' },
};

export const NOTIFICATION_MSG = {
  notFound: 'Aviso não encontrado.',
  clubInvalid: 'Clube inválido.',
  categoryInvalid: 'Categoria de aviso desconhecida.',
  emailModeInvalid: 'Escolha como receber por e-mail: na hora, resumo diário, resumo semanal ou não enviar.',
  pushInvalid: 'Informe se quer receber notificações no celular (sim ou não).',
  preferencesEmpty: 'Informe ao menos uma categoria.',
  quietHoursInvalid: 'Escolha o horário de silêncio em horas cheias, de 0h a 23h.',
  quietHoursSame: 'O horário de silêncio precisa começar e terminar em horas diferentes.',
  subscriptionInvalid: 'Inscrição de notificação inválida. Permita as notificações de novo neste aparelho.',
  endpointNotAllowed: 'Endereço de notificação não permitido. Use o navegador do aparelho para permitir as notificações.',
  unsubscribeInvalid: 'Link de descadastro inválido ou adulterado.',
  unsubscribed: (label: string) => `Pronto: você não receberá mais e-mails de "${label}". Mude quando quiser em Meu perfil.`,
  pushUnavailable: 'As notificações no celular não estão disponíveis neste servidor.',
} as const;

export const ZNotificationCategory = z.enum(NOTIFICATION_CATEGORIES, { error: NOTIFICATION_MSG.categoryInvalid });

export const ZNotification = z.object({
  id: z.string(),
  club_id: z.string().nullable(),
  club_name: z.string().nullable(),
  category: ZNotificationCategory,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  urgent: z.boolean(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationPage = z.object({
  notifications: z.array(ZNotification),
  next_cursor: z.string().nullable(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const ZNotificationListQuery = pageQuery(20).extend({
  club_id: zId(NOTIFICATION_MSG.clubInvalid).optional(),
});

/** The bell: unread per club the person has notifications in, and the total. */
export const ZUnreadCounts = z.object({
  total: z.number().int(),
  clubs: z.array(z.object({ club_id: z.string(), unread: z.number().int() })),
});
export type TUnreadCounts = z.infer<typeof ZUnreadCounts>;

export const ZMarkAllRead = z.object({
  club_id: zId(NOTIFICATION_MSG.clubInvalid).optional(),
});

export const ZCategoryPreference = z.object({
  category: ZNotificationCategory,
  push: z.boolean({ error: NOTIFICATION_MSG.pushInvalid }),
  email: z.enum(EMAIL_MODES, { error: NOTIFICATION_MSG.emailModeInvalid }),
});
export type TCategoryPreference = z.infer<typeof ZCategoryPreference>;

/**
 * Quiet hours: from `start` (inclusive) to `end` (exclusive), whole hours of the day in the club's time
 * zone, a push waits (urgent ones do not). Everyone starts with 22h–7h; null: no quiet hours.
 */
export const QUIET_HOURS_DEFAULT = { start: 22, end: 7 } as const;
const zHour = z.number({ error: NOTIFICATION_MSG.quietHoursInvalid }).int(NOTIFICATION_MSG.quietHoursInvalid)
  .min(0, NOTIFICATION_MSG.quietHoursInvalid).max(23, NOTIFICATION_MSG.quietHoursInvalid);
export const ZQuietHours = z.object({ start: zHour, end: zHour }, { error: NOTIFICATION_MSG.quietHoursInvalid })
  .refine((q) => q.start !== q.end, { message: NOTIFICATION_MSG.quietHoursSame, path: ['end'] });
export type TQuietHours = z.infer<typeof ZQuietHours>;

/** 'das 22h às 7h' */
export const quietHoursLabel = (q: TQuietHours | null) => (q ? `das ${q.start}h às ${q.end}h` : 'sem horário de silêncio');

export const ZPreferencesInput = z.object({
  preferences: z.array(ZCategoryPreference, { error: NOTIFICATION_MSG.preferencesEmpty })
    .max(NOTIFICATION_CATEGORIES.length, NOTIFICATION_MSG.categoryInvalid)
    .default([]),
  /** Optional: the person's quiet hours (null turns them off). */
  quiet_hours: ZQuietHours.nullable().optional(),
}).refine((b) => b.preferences.length > 0 || b.quiet_hours !== undefined, { message: NOTIFICATION_MSG.preferencesEmpty, path: ['preferences'] });

export const ZPreferences = z.object({
  preferences: z.array(ZCategoryPreference.extend({ label: z.string() })),
  quiet_hours: ZQuietHours.nullable(),
});
export type TPreferences = z.infer<typeof ZPreferences>;

/** Devices (browsers) one account may receive push on; a new one replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;

/** A PushSubscription as the browser's `toJSON()` gives it. */
export const ZPushSubscriptionInput = z.object({
  endpoint: z.string({ error: NOTIFICATION_MSG.subscriptionInvalid }).max(1000, NOTIFICATION_MSG.subscriptionInvalid).url({ error: NOTIFICATION_MSG.subscriptionInvalid }),
  keys: z.object({
    p256dh: z.string({ error: NOTIFICATION_MSG.subscriptionInvalid }).regex(/^[A-Za-z0-9_-]{80,120}={0,2}$/, NOTIFICATION_MSG.subscriptionInvalid),
    auth: z.string({ error: NOTIFICATION_MSG.subscriptionInvalid }).regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, NOTIFICATION_MSG.subscriptionInvalid),
  }, { error: NOTIFICATION_MSG.subscriptionInvalid }),
}, { error: NOTIFICATION_MSG.subscriptionInvalid });
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInput>;

export const ZPushSubscriptionRemove = z.object({
  endpoint: z.string({ error: NOTIFICATION_MSG.subscriptionInvalid }).max(1000, NOTIFICATION_MSG.subscriptionInvalid),
});

export const ZPushConfig = z.object({ public_key: z.string().nullable() });

/** GET /api/admin/push-deliveries: the pushes that failed or wait for a retry, newest first (super admin). */
export const ZPushDeliveryIssue = z.object({
  id: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string(),
  created_at: z.string(),
  /** Only the push service's host: the endpoint's path is the device's secret. */
  service_host: z.string(),
  recipient_name: z.string(),
  club_name: z.string().nullable(),
  kind: z.string(),
});
export type TPushDeliveryIssue = z.infer<typeof ZPushDeliveryIssue>;
export const PUSH_STATUS_LABEL: Record<TPushDeliveryIssue['status'], string> = {
  pending: 'Aguardando nova tentativa', sending: 'Enviando', sent: 'Enviada', failed: 'Falhou',
};
