/**
 * Browser paths read in pt-BR (issue 32). The English paths the app used before keep working: each
 * one, with whatever follows it (an id, `?query`, `#hash`), redirects to its pt-BR path. Links already
 * sent (e-mails, notifications stored with `/dashboard/my-tasks`) land on the right screen.
 * Longer prefixes first: `/dashboard/clubs/new` before any shorter one.
 */
export const LEGACY_PATHS: readonly (readonly [from: string, to: string])[] = [
  ['/dashboard/clubs/new', '/dashboard/clubes/novo'],
  ['/dashboard/members', '/dashboard/membros'],
  ['/dashboard/units', '/dashboard/unidades'],
  ['/dashboard/tasks', '/dashboard/tarefas'],
  ['/dashboard/my-tasks', '/dashboard/minhas-tarefas'],
  ['/dashboard/approvals', '/dashboard/aprovacoes'],
  ['/dashboard/profile', '/dashboard/perfil'],
  ['/dashboard/periods', '/dashboard/periodos'],
  ['/dashboard/financial', '/dashboard/financeiro'],
  ['/dashboard/settings', '/dashboard/configuracoes'],
  ['/dashboard/privacy', '/dashboard/privacidade'],
  ['/dashboard/health', '/dashboard/fichas-medicas'],
  ['/superadmin/clubs', '/superadmin/clubes'],
  ['/superadmin/users', '/superadmin/usuarios'],
  ['/superadmin/reports', '/superadmin/relatorios'],
  ['/superadmin/outbox', '/superadmin/caixa-de-saida'],
  ['/register', '/cadastro'],
];

/** The pt-BR address of an old English one (same rest of path, query and hash); null when it is not old. */
export function legacyTarget(pathname: string, search = '', hash = ''): string | null {
  for (const [from, to] of LEGACY_PATHS) {
    if (pathname === from || pathname.startsWith(`${from}/`)) return `${to}${pathname.slice(from.length)}${search}${hash}`;
  }
  return null;
}
