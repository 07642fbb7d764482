import {
  Award, BarChart3, Building2, CalendarCheck, CheckSquare, ClipboardCheck, Calendar, FileBarChart, LayoutDashboard,
  GraduationCap, History, Receipt, ListTodo, Lock, Mail, Settings, Shield, Trophy, Users, UsersRound, Wallet, type LucideIcon,
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
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/members', label: 'Membros', icon: Users },
  { to: '/dashboard/units', label: 'Unidades', icon: UsersRound },
  { to: '/dashboard/tasks', label: 'Tarefas', icon: ListTodo },
  { to: '/dashboard/my-tasks', label: 'Minhas Tarefas', icon: CheckSquare },
  { to: '/dashboard/approvals', label: 'Aprovações', icon: ClipboardCheck, permission: 'submissions.review', counter: 'approvals' },
  { to: '/dashboard/reunioes', label: 'Reuniões', icon: CalendarCheck, permission: 'attendance.report' },
  { to: '/dashboard/programa', label: 'Classes', icon: GraduationCap },
  { to: '/dashboard/periods', label: 'Períodos', icon: Calendar },
  { to: '/dashboard/financial', label: 'Financeiro', icon: Wallet, permission: 'finance.manage' },
  { to: '/dashboard/cobrancas', label: 'Cobranças', icon: Receipt },
  { to: '/dashboard/ranking', label: 'Ranking', icon: Trophy },
  { to: '/dashboard/badges', label: 'Badges', icon: Award, permission: 'club.settings' },
  { to: '/dashboard/settings', label: 'Configurações', icon: Settings, permission: 'club.settings' },
  { to: '/dashboard/privacy', label: 'Privacidade', icon: Lock, permission: 'club.settings' },
  { to: '/dashboard/atividades', label: 'Registro de atividades', icon: History, permission: 'audit.read' },
];

export const SUPERADMIN_MENU: MenuItem[] = [
  { to: '/superadmin', label: 'Dashboard', icon: BarChart3, end: true },
  { to: '/superadmin/clubs', label: 'Clubes', icon: Building2 },
  { to: '/superadmin/badges', label: 'Badges', icon: Award },
  { to: '/superadmin/users', label: 'Usuários', icon: Shield },
  { to: '/superadmin/reports', label: 'Relatórios', icon: FileBarChart },
  { to: '/superadmin/outbox', label: 'Caixa de saída', icon: Mail },
  { to: '/superadmin/auditoria', label: 'Auditoria', icon: History },
];
