import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * The pt-BR names of the CSV files and columns of 'Meus dados'. The export reads its tables from the
 * catalog, so a new table or column must be named here: lgpd-labels.test.ts fails until it is.
 */
export const TABLE_LABEL: Record<string, string> = {
  profiles: 'perfil',
  assigned_tasks: 'tarefas-atribuidas',
  charges: 'cobrancas',
  dues_exceptions: 'excecoes-de-mensalidade',
  event_authorisations: 'autorizacoes-de-eventos',
  event_invited_members: 'convites-para-eventos',
  event_registrations: 'inscricoes-em-eventos',
  programme_enrolments: 'matriculas-em-programas',
  programme_instructors: 'instrutores-de-programas',
  club_invitations: 'convites',
  club_members: 'participacoes-em-clubes',
  deletion_requests: 'pedidos-de-exclusao',
  email_change_tokens: 'trocas-de-email',
  health_records: 'fichas-de-saude',
  login_days: 'dias-de-acesso',
  meeting_attendance: 'presencas',
  member_badges: 'badges',
  member_consents: 'consentimentos',
  member_guardians: 'responsaveis',
  member_point_totals: 'totais-de-pontos',
  mfa_factors: 'verificacao-em-duas-etapas',
  mfa_recovery_codes: 'codigos-de-recuperacao',
  notification_preferences: 'preferencias-de-notificacao',
  notification_quiet_hours: 'horario-de-silencio',
  notifications: 'notificacoes',
  password_reset_tokens: 'redefinicoes-de-senha',
  point_events: 'pontos',
  push_subscriptions: 'notificacoes-no-aparelho',
  savings_goals: 'cofres',
  sessions: 'sessoes',
  subtask_completions: 'subtarefas-concluidas',
  task_completions: 'tarefas-concluidas',
  task_submissions: 'envios-de-tarefas',
  transactions: 'lancamentos',
};

export const COLUMN_LABEL: Record<string, string> = {
  event_id: 'evento', event_registration_id: 'inscrição no evento', registration_id: 'inscrição', revoked_at: 'revogado em', revoked_by: 'revogado por',
  signed_at: 'assinado em', signed_name: 'nome assinado', text_id: 'texto da autorização', cancelled_by: 'cancelado por', registered_at: 'inscrito em', registered_by: 'inscrito por',
  aal: 'nível de autenticação', child_push_allowed: 'notificações no celular do filho permitidas', invitation_mail_id: 'e-mail do convite', investiture_id: 'investidura', percent: 'percentual', accepted_at: 'aceito em', active: 'ativo', adult_confirmed: 'adulto confirmado', amount: 'valor',
  cancel_reason: 'motivo do cancelamento', completed_on: 'concluído no dia', due_date: 'vencimento', dues_month: 'mês da mensalidade',
  invested_on: 'investido no dia', item_code: 'código do item', class_track: 'trilha da classe (regular ou avançada)', origin: 'origem', paid_amount: 'valor pago', short_code: 'código',
  started_on: 'iniciado no dia', programme_enrolment_id: 'matrícula no programa', programme_requirement_id: 'requisito do programa', assignment_id: 'atribuição',
  auth: 'chave de autenticação', awarded_at: 'concedido em', awarded_by: 'concedido por', badge_id: 'badge', batch_id: 'lote',
  birth_date: 'data de nascimento', blocked_at: 'bloqueado em', body: 'texto', cancelled_at: 'cancelado em',
  cash_account_id: 'caixa', category: 'categoria', chart_account_id: 'conta do plano', ciphertext: 'conteúdo criptografado',
  club_id: 'clube', code_hash: 'código (hash)', comment: 'comentário', completed_at: 'concluído em', consent_text_id: 'termo de consentimento',
  correct_count: 'acertos', created_at: 'criado em', created_by: 'criado por', criteria: 'critérios', criterion_id: 'critério',
  current_amount: 'valor atual', day: 'dia', dedupe_key: 'chave de deduplicação', description: 'descrição', email: 'e-mail',
  email_mode: 'envio por e-mail', emailed_at: 'enviado por e-mail em', end_date: 'fim', endpoint: 'endereço do aparelho',
  events: 'eventos', evidence_key: 'comprovação (arquivo)', evidence_mime: 'comprovação (tipo)', evidence_name: 'comprovação (nome)',
  evidence_size: 'comprovação (tamanho)', execute_after: 'executar após', executed_at: 'executado em', expires_at: 'expira em',
  form: 'ficha', full_name: 'nome completo', goal_amount: 'meta', guardian_id: 'responsável', guardian_profile_id: 'perfil do responsável',
  health_access: 'acesso à ficha de saúde', id: 'identificador', ip: 'endereço IP', kind: 'tipo', last_seen_at: 'último uso em',
  last_sent_at: 'último envio em', last_used_step: 'último passo usado', link: 'link', marked_by: 'marcado por', meeting_id: 'reunião',
  member_id: 'membro', name: 'nome', new_email: 'novo e-mail', occurred_at: 'ocorrido em', owner_club_id: 'clube que cadastrou',
  p256dh: 'chave do aparelho', quiet_start: 'silêncio a partir de (hora)', quiet_end: 'silêncio até (hora)', password_hash: 'senha (hash)', persistent: 'lembrar-me', phone: 'telefone', points: 'pontos',
  points_adjustments: 'pontos de ajustes', points_badges: 'pontos de badges', points_meetings: 'pontos de reuniões',
  points_tasks: 'pontos de tarefas', profile_id: 'perfil', push: 'notificação no aparelho', question_count: 'perguntas',
  read_at: 'lido em', reason: 'motivo', recorded_by: 'registrado por', reject_reason: 'motivo da rejeição', relationship: 'parentesco',
  requested_at: 'pedido em', reversal_of: 'estorno de', reviewed_at: 'revisado em', reviewed_by: 'revisado por', role: 'função',
  savings_goal_id: 'cofre', secret: 'segredo', source: 'origem', start_date: 'início', status: 'situação', subtask_id: 'subtarefa',
  task_id: 'tarefa', tasks_done: 'tarefas concluídas', title: 'título', token_hash: 'token (hash)', total_points: 'total de pontos',
  transaction_date: 'data do lançamento', type: 'tipo', unit_id: 'unidade', updated_at: 'atualizado em', updated_by: 'atualizado por',
  urgent: 'urgente', used_at: 'usado em', used_by: 'usado por', user_agent: 'navegador', user_type: 'tipo de conta',
  verified_at: 'verificado em', version: 'versão', withdrawn_at: 'retirado em', withdrawn_by: 'retirado por',
};

/** A column's pt-BR name (the raw name only for a column added after this list, which its test catches). */
export const columnLabel = (column: string) => COLUMN_LABEL[column] ?? column;
export const tableFileName = (table: string) => TABLE_LABEL[table] ?? table;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant as a person of the club reads it ('26/11/2026 10:30:00', club time); a day as 'dd/mm/aaaa'. */
export function localTime(value: Date | string, timeZone: string): string {
  if (typeof value === 'string' && ISO_DAY.test(value)) return value.split('-').reverse().join('/');
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : format(new TZDate(d, timeZone), 'dd/MM/yyyy HH:mm:ss');
}

export const looksLikeInstant = (s: string) => ISO_INSTANT.test(s) || ISO_DAY.test(s);
