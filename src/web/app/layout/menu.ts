import {
  Award, BadgeCheck, BarChart3, Building2, CalendarCheck, CalendarDays, CheckSquare, ClipboardCheck, Calendar, FileBarChart, LayoutDashboard,
  Boxes, BookOpen, Map as MapIcon, GraduationCap, IdCard, History, Receipt, ListTodo, Lock, Mail, Settings, Shield, Tent, Trophy, Users, UsersRound, Wallet, type LucideIcon,
} from 'lucide-react';
import type { TClubPermission } from '@shared/permissions';

export interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to directors of the selected club. */
  adminOnly?: boolean;
  /** Shown only to the functions that hold this permission in the selected club (issue 14). */
  permission?: TClubPermission;
  /** Exact match for the active highlight (index routes). */
  end?: boolean;
  /** A live counter shown beside the label. */
  counter?: 'approvals';
}

/** The club menu (spec 2 "Authenticated shell"), plus the member and approval screens. */
export const CLUB_MENU: MenuItem[] = [
  { to: '/dashboard', label: 'Início', icon: LayoutDashboard, end: true },
  { to: '/dashboard/membros', label: 'Membros', icon: Users },
  { to: '/dashboard/unidades', label: 'Unidades', icon: UsersRound },
  { to: '/dashboard/tarefas', label: 'Tarefas', icon: ListTodo },
  { to: '/dashboard/minhas-tarefas', label: 'Minhas Tarefas', icon: CheckSquare },
  { to: '/dashboard/aprovacoes', label: 'Aprovações', icon: ClipboardCheck, permission: 'submissions.review', counter: 'approvals' },
  { to: '/dashboard/reunioes', label: 'Reuniões', icon: CalendarCheck, permission: 'attendance.report' },
  { to: '/dashboard/programa', label: 'Classes', icon: GraduationCap },
  // Everyone: the club's year (meetings, events, holidays, the Associação's dates) and the .ics link.
  { to: '/dashboard/calendario', label: 'Calendário', icon: CalendarDays },
  { to: '/dashboard/periodos', label: 'Períodos', icon: Calendar },
  { to: '/dashboard/financeiro', label: 'Financeiro', icon: Wallet, permission: 'finance.manage' },
  { to: '/dashboard/cobrancas', label: 'Cobranças', icon: Receipt },
  { to: '/dashboard/eventos', label: 'Eventos', icon: Tent, permission: 'events.read' },
  { to: '/dashboard/secretaria', label: 'Secretaria', icon: BookOpen, permission: 'secretaria.read' },
  { to: '/dashboard/carteirinha', label: 'Minha carteirinha', icon: IdCard },
  // Everyone: a member sees their sizes and what they hold; the leaders, the storeroom.
  { to: '/dashboard/patrimonio', label: 'Patrimônio', icon: Boxes },
  { to: '/dashboard/ranking', label: 'Ranking', icon: Trophy },
  // Everyone: a member browses what there is to earn; 'club.settings' also manages the club's badges.
  { to: '/dashboard/badges', label: 'Badges', icon: Award },
  // The leaders read the evaluation; the SGC, diretoria, plan and reports are for 'associacao.manage' (the index sends the others on).
  { to: '/dashboard/associacao', label: 'Associação', icon: BadgeCheck, permission: 'associacao.read' },
  { to: '/dashboard/configuracoes', label: 'Configurações', icon: Settings, permission: 'club.settings' },
  { to: '/dashboard/privacidade', label: 'Privacidade', icon: Lock, permission: 'club.settings' },
  { to: '/dashboard/atividades', label: 'Registro de atividades', icon: History, permission: 'audit.read' },
];

/** Shown only to an account that clubs shared the regional view with (GET /api/regional/summary). */
export const REGIONAL_ITEM: MenuItem = { to: '/dashboard/regional', label: 'Visão regional', icon: MapIcon };

export const SUPERADMIN_MENU: MenuItem[] = [
  { to: '/superadmin', label: 'Visão geral', icon: BarChart3, end: true },
  { to: '/superadmin/clubes', label: 'Clubes', icon: Building2 },
  { to: '/superadmin/badges', label: 'Badges', icon: Award },
  { to: '/superadmin/usuarios', label: 'Usuários', icon: Shield },
  { to: '/superadmin/relatorios', label: 'Relatórios', icon: FileBarChart },
  { to: '/superadmin/avaliacao', label: 'Avaliação', icon: ClipboardCheck },
  { to: '/superadmin/caixa-de-saida', label: 'Caixa de saída', icon: Mail },
  { to: '/superadmin/auditoria', label: 'Auditoria', icon: History },
];
