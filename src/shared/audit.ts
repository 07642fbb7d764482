import { z } from 'zod';
import { isIsoDate } from './finance.js';
import { pageQuery } from './pagination.js';
import { UUID_RE } from './ids.js';

/** The 'Registro de atividades' (club) and 'Auditoria' (platform): audit_log, newest first, paged by cursor. */
export const AUDIT_MSG = {
  action: 'Filtro de ação inválido: use um domínio (ex.: transaction) ou uma ação (ex.: transaction.delete).',
  actorId: 'Pessoa inválida no filtro.',
  clubId: 'Clube inválido no filtro.',
  date: 'Data inválida: use o formato AAAA-MM-DD.',
  rangeOrder: 'A data final deve ser igual ou posterior à data inicial.',
} as const;

/** Who acted, when nobody did (recurring jobs, database functions, deleted accounts). */
export const AUDIT_SYSTEM_ACTOR = 'Sistema';

/** pt-BR label of each action the app writes; an action missing here is shown as its code. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'badge.create': 'Badge criado',
  'badge.update': 'Badge alterado',
  'badge.delete': 'Badge excluído',
  'badge.grant': 'Badge concedido',
  'cash_account.create': 'Caixa criado',
  'cash_account.update': 'Caixa alterado',
  'cash_account.deactivate': 'Caixa desativado',
  'chart_account.create': 'Conta do plano criada',
  'chart_account.update': 'Conta do plano alterada',
  'club.create': 'Clube criado',
  'club.update': 'Clube alterado',
  'club.activate': 'Clube ativado',
  'club.deactivate': 'Clube desativado',
  'club.delete': 'Clube excluído',
  'club.open_as_admin': 'Clube aberto pelo super admin',
  'club.security_update': 'Regra de verificação em duas etapas alterada',
  'club.logo.upload': 'Logo enviado',
  'club.logo.remove': 'Logo removido',
  'consent.grant': 'Consentimento dado',
  'consent.withdraw': 'Consentimento retirado',
  'child_push.allow': 'Notificações no celular do filho permitidas',
  'child_push.deny': 'Notificações no celular do filho bloqueadas',
  'consent_text.update': 'Texto de consentimento alterado',
  'guardian.invite': 'Convite a responsável',
  'guardian.remove': 'Remoção de responsável',
  'guardian.submit_evidence': 'Evidência enviada pelo responsável',
  'health.read': 'Ficha de saúde consultada',
  'health.print': 'Fichas de saúde abertas',
  'health.update': 'Ficha de saúde alterada',
  'invitation.create': 'Convite criado',
  'invitation.reissue': 'Convite reenviado',
  'invitation.revoke': 'Convite revogado',
  'invitation.accept': 'Convite aceito',
  'invitation.claim': 'Acesso ao perfil assumido',
  'invitation.register': 'Cadastro por convite',
  'lgpd.export': 'Dados exportados (LGPD)',
  'lgpd.guardian_export': 'Dados do membro exportados pelo responsável (LGPD)',
  'lgpd.deletion.request': 'Exclusão de dados pedida (LGPD)',
  'lgpd.deletion.cancel': 'Exclusão de dados cancelada (LGPD)',
  'lgpd.deletion.execute': 'Dados excluídos (LGPD)',
  'meeting.create': 'Reunião criada',
  'meeting.update': 'Reunião alterada',
  'meeting.cancel': 'Reunião cancelada',
  'meeting.attendance': 'Chamada registrada',
  'member.add': 'Membro adicionado',
  'member.update': 'Membro alterado',
  'member.role_change': 'Função alterada',
  'member.remove': 'Membro removido',
  'member.import': 'Membros importados (CSV)',
  'member.claim_undo': 'Acesso ao perfil desfeito',
  'member.family.update': 'Dados da família alterados',
  'period.create': 'Período criado',
  'period.update': 'Período alterado',
  'period.delete': 'Período excluído',
  'points.adjust': 'Pontos ajustados',
  'points.batch': 'Pontos para vários membros',
  'points.batch_undo': 'Pontos para vários desfeitos',
  'privacy.update': 'Privacidade alterada',
  'profile.promote': 'Conta promovida a super admin',
  'programme.settings': 'Programa configurado',
  'programme.requirement_create': 'Requisito criado',
  'programme.requirement_update': 'Requisito alterado',
  'programme.requirement_delete': 'Requisito removido',
  'programme.requirement_reorder': 'Requisitos reordenados',
  'programme.requirement_import': 'Requisitos importados',
  'programme.enrol': 'Membro inscrito em classe ou especialidade',
  'programme.unenrol': 'Inscrição removida',
  'programme.sign': 'Requisito assinado',
  'programme.unsign': 'Assinatura de requisito desfeita',
  'programme.instructors': 'Instrutores atribuídos',
  'programme.investiture': 'Investidura registrada',
  'programme.mark': 'Requisito marcado como feito pelo membro',
  'programme.mark_return': 'Marcação de requisito devolvida',
  'profile.demote': 'Conta deixou de ser super admin',
  'profile.block': 'Conta bloqueada',
  'profile.mfa_reset': 'Verificação em duas etapas desligada pelo super admin',
  'profile.unblock': 'Conta desbloqueada',
  'progress.record': 'Tarefa registrada',
  'progress.record_subtask': 'Subtarefa registrada',
  'question.delete': 'Pergunta excluída',
  'subtask.delete': 'Subtarefa excluída',
  'recurring_task.create': 'Tarefa recorrente criada',
  'recurring_task.update': 'Tarefa recorrente alterada',
  'recurring_task.delete': 'Tarefa recorrente excluída',
  'recurring_task.activate': 'Tarefa recorrente ativada',
  'recurring_task.deactivate': 'Tarefa recorrente desativada',
  'savings_goal.create': 'Meta de economia criada',
  'savings_goal.update': 'Meta de economia alterada',
  'savings_goal.deactivate': 'Meta de economia desativada',
  'submission.approve': 'Envio aprovado',
  'submission.reject': 'Envio recusado',
  'task.create': 'Tarefa criada',
  'task.update': 'Tarefa alterada',
  'task.delete': 'Tarefa excluída',
  'task_badge.delete': 'Badge da tarefa removido',
  'transaction.register': 'Lançamento registrado',
  'transaction.reverse': 'Lançamento estornado',
  'transaction.delete': 'Lançamento excluído',
  'charge.create': 'Cobrança criada',
  'charge.payment': 'Pagamento de cobrança registrado',
  'charge.payment_reverse': 'Pagamento de cobrança estornado',
  'charge.cancel': 'Cobrança cancelada',
  'charge.reopen': 'Cobrança reaberta (nova inscrição no evento)',
  'charge.move': 'Cobrança passada à nova inscrição no evento',
  'charge.statement_import': 'Extrato bancário conciliado',
  'pix_settings.update': 'Dados do PIX alterados',
  'dues_plan.update': 'Plano de mensalidades alterado',
  'dues_exception.update': 'Exceção de mensalidade salva',
  'dues_exception.delete': 'Exceção de mensalidade removida',
  'dues.generate': 'Mensalidades geradas',
  'cash_account.reconcile': 'Saldo do caixa corrigido',
  'event.create': 'Evento criado',
  'event.update': 'Evento alterado',
  'event.delete': 'Evento excluído',
  'event.cancel': 'Evento cancelado',
  'event.register': 'Inscrição em evento',
  'event.unregister': 'Inscrição em evento cancelada',
  'event.checklist': 'Item da lista do evento marcado',
  'event.roster_health': 'Contatos de emergência lidos na lista do evento',
  'event_authorisation.sign': 'Autorização de evento assinada',
  'event_authorisation.revoke': 'Autorização de evento revogada',
  'event_authorisation_text.update': 'Texto da autorização de eventos alterado',
  'unit.create': 'Unidade criada',
  'unit.update': 'Unidade alterada',
  'unit.delete': 'Unidade excluída',
};

/** The domains the screens offer as a filter (the part of the action before the first dot). */
export const AUDIT_DOMAIN_LABELS: Record<string, string> = {
  member: 'Membros',
  invitation: 'Convites',
  transaction: 'Lançamentos',
  cash_account: 'Caixas',
  savings_goal: 'Metas de economia',
  chart_account: 'Plano de contas',
  points: 'Pontos',
  submission: 'Aprovações',
  progress: 'Progresso',
  task: 'Tarefas',
  recurring_task: 'Tarefas recorrentes',
  badge: 'Badges',
  meeting: 'Reuniões',
  programme: 'Classes e especialidades',
  unit: 'Unidades',
  period: 'Períodos',
  club: 'Clube',
  health: 'Fichas de saúde',
  lgpd: 'LGPD',
  guardian: 'Responsáveis',
  consent: 'Consentimentos',
  event: 'Eventos',
  event_authorisation: 'Autorizações de eventos',
  privacy: 'Privacidade',
  profile: 'Contas',
  task_badge: 'Badges de tarefas',
  child_push: 'Notificações dos filhos',
  consent_text: 'Texto de consentimento',
  event_authorisation_text: 'Texto da autorização de eventos',
  charge: 'Cobranças',
  dues: 'Mensalidades',
  dues_plan: 'Plano de mensalidades',
  dues_exception: 'Exceções de mensalidade',
  pix_settings: 'PIX',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** A domain ('transaction') or a whole action ('transaction.delete', 'lgpd.deletion.request'). */
const ACTION_RE = /^[a-z_]{1,40}(\.[a-z_]{1,40}){0,3}$/;

const zOptional = (re: RegExp | ((s: string) => boolean), message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(120, message)
    .refine((v) => v === '' || (typeof re === 'function' ? re(v) : re.test(v)), message)
    .optional()
    .transform((v) => (v ? v : null));

const auditFilters = {
  action: zOptional(ACTION_RE, AUDIT_MSG.action),
  from: zOptional(isIsoDate, AUDIT_MSG.date),
  to: zOptional(isIsoDate, AUDIT_MSG.date),
};
const rangeInOrder = (r: { from: string | null; to: string | null }) => !r.from || !r.to || r.to >= r.from;

/** GET /api/clubs/:clubId/audit: 50 a page; by domain or action, by who acted, by day (the club's time zone). */
export const ZClubAuditQuery = pageQuery(50)
  .extend({ ...auditFilters, actor_id: zOptional(UUID_RE, AUDIT_MSG.actorId) })
  .refine(rangeInOrder, { message: AUDIT_MSG.rangeOrder, path: ['to'] });

/** GET /api/admin/audit: the whole platform; by club and by domain or action (days in Brasília time). */
export const ZPlatformAuditQuery = pageQuery(50)
  .extend({ ...auditFilters, club_id: zOptional(UUID_RE, AUDIT_MSG.clubId) })
  .refine(rangeInOrder, { message: AUDIT_MSG.rangeOrder, path: ['to'] });

export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  action_label: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  actor_id: z.string().nullable(),
  /** The person who acted, or 'Sistema'. */
  actor_name: z.string(),
  /** A short, safe line of what changed; never health data nor secrets. */
  summary: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZPlatformAuditEntry = ZAuditEntry.extend({ club_id: z.string().nullable(), club_name: z.string().nullable() });
export type TPlatformAuditEntry = z.infer<typeof ZPlatformAuditEntry>;

/** The count stops here: beyond it the screens say 'mais de 10.000'. */
export const AUDIT_COUNT_CAP = 10_000;

const page = <T extends z.ZodType>(entry: T) =>
  z.object({
    entries: z.array(entry),
    /** Entries matching the filters, on every page, counted up to AUDIT_COUNT_CAP. */
    total: z.number().int(),
    /** More entries match than AUDIT_COUNT_CAP: `total` is the cap, not the count. */
    total_capped: z.boolean(),
    next_cursor: z.string().nullable(),
    /** The club's time zone, to show the times as the club lives them. */
    timezone: z.string(),
  });
export const ZClubAuditPage = page(ZAuditEntry);
export type TClubAuditPage = z.infer<typeof ZClubAuditPage>;
export const ZPlatformAuditPage = page(ZPlatformAuditEntry);
export type TPlatformAuditPage = z.infer<typeof ZPlatformAuditPage>;

/** pt-BR names of the row fields an entry's summary shows; a field missing here is shown as its code. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  full_name: 'Nome',
  title: 'Título',
  description: 'Descrição',
  amount: 'Valor',
  type: 'Tipo',
  points: 'Pontos',
  reason: 'Motivo',
  role: 'Função',
  active: 'Ativo',
  status: 'Situação',
  email: 'E-mail',
  slug: 'Endereço',
  color: 'Cor',
  date: 'Data',
  start_time: 'Horário',
  start_date: 'Início',
  end_date: 'Fim',
  transaction_date: 'Data',
  initial_balance: 'Saldo inicial',
  current_balance: 'Saldo',
  goal_amount: 'Meta',
  target_amount: 'Meta',
  current_amount: 'Valor guardado',
  cash_account_balance: 'Saldo do caixa',
  savings_goal_amount: 'Valor da meta',
  expected_balance: 'Saldo esperado',
  difference: 'Diferença',
  reconciled: 'Conferido',
  transactions_count: 'Lançamentos',
  percent: 'Percentual',
  profile_name: 'Membro',
  count: 'Quantidade',
  version: 'Versão',
  relationship: 'Parentesco',
  unit_name: 'Unidade',
  phone: 'Telefone',
  timezone: 'Fuso horário',
  city: 'Cidade',
  state: 'Estado',
  frequency: 'Frequência',
  rarity: 'Raridade',
  badge_type: 'Tipo de badge',
  category: 'Categoria',
  answer_type: 'Tipo de resposta',
  user_type: 'Tipo de conta',
  blocked: 'Bloqueada',
  reactivated: 'Reativação',
  has_account: 'Tem conta',
  birth_date: 'Nascimento',
  health_access: 'Acesso à ficha de saúde',
  changed: 'Marcações alteradas',
  ledger_events: 'Lançamentos de pontos',
  adult_confirmed: 'Maior de idade confirmado',
  amount_cents: 'Valor',
  cancelled_charges: 'Cobranças canceladas',
  kept_charges: 'Cobranças mantidas',
  reused_charges: 'Cobranças reaproveitadas da inscrição anterior',
  charge_ids: 'Cobranças',
  children: 'Filhos',
  claimed_by: 'Acesso assumido por',
  claimed_here: 'Acesso criado por link deste clube',
  created: 'Criadas',
  created_by: 'Criado por',
  done: 'Feito',
  evidence: 'Com evidência',
  first_admin: 'Direção inicial',
  held_on: 'Data da cerimônia',
  invested: 'Investidos',
  item: 'Classe ou especialidade',
  items: 'Itens',
  kind: 'Tipo',
  logo_url: 'Logo',
  member: 'Membro',
  members: 'Membros',
  method: 'Forma de pagamento',
  month: 'Mês',
  paid_amount: 'Valor pago',
  paid_on: 'Pago em',
  payments: 'Pagamentos',
  place: 'Local',
  points_reversed: 'Pontos desfeitos',
  profile_ids: 'Membros',
  reversal_of: 'Estorno de',
  rows: 'Linhas',
  signed: 'Assinados',
  signed_by: 'Assinado por',
  signed_name: 'Nome de quem assinou',
  signed_on: 'Assinado em',
  total: 'Total',
  via: 'Feito por',
  text: 'Texto',
  in_field: 'Feito em campo',
  needs_evidence: 'Pede evidência',
  link_specialty: 'Especialidade ligada',
  link_area: 'Área ligada',
  position: 'Posição',
  section: 'Seção',
  programmes: 'Programas',
  location: 'Local',
  due_date: 'Vencimento',
  due_day: 'Dia do vencimento',
  origin: 'Origem',
  pix_key: 'Chave PIX',
  merchant_name: 'Recebedor',
  merchant_city: 'Cidade do recebedor',
  accepted: 'Aceito',
  allowed: 'Permitido',
  notes: 'Observações',
  body: 'Texto',
  controller_name: 'Controlador dos dados',
  controller_contact: 'Contato do controlador',
  retention_text: 'Retenção dos dados',
  expenses: 'Despesas',
  expenses_total: 'Total de despesas',
  lines: 'Linhas',
  signatures: 'Assinaturas',
  factors: 'Fatores de verificação',
};
