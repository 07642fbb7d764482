import { lazy, useDeferredValue } from 'react';
import { Link, Navigate } from 'react-router';
import { ClipboardList, Clock, ListChecks, Trophy, UserPlus, Users, UsersRound, Wallet, type LucideIcon } from 'lucide-react';
import type { TClubPermission } from '@shared/permissions';
import { StatCard } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { useCurrentClub } from '@web/lib/session/use-current-club';
import { useFamily } from '@web/features/families/api/family';
import { FirstRunChecklist, needsSetup } from '@web/features/dashboard/components/first-run-checklist';
import { MemberHome } from '@web/features/dashboard/components/member-home';
import { MeetingSummaryCard } from '@web/features/meetings/components/meeting-summary-card';
import { PendingApprovalsCard } from '@web/features/progress/components/pending-approvals-card';
import { usePanel } from './use-panel';

// The task dialog (and its evidence form) loads when a task is opened, not with the dashboard. Composed
// here: the dashboard feature may not reach into progress (ADR 071).
const TaskModal = lazy(() => import('@web/features/progress/components/task-modal').then((m) => ({ default: m.TaskModal })));

/** Quick actions, each shown only to the functions that may do it (issue 14). */
const QUICK_ACTIONS: Array<{ to: string; label: string; icon: LucideIcon; permission: TClubPermission }> = [
  { to: '/dashboard/tarefas', label: 'Criar tarefa', icon: ClipboardList, permission: 'tasks.manage' },
  { to: '/dashboard/membros', label: 'Adicionar membro', icon: UserPlus, permission: 'members.manage' },
  { to: '/dashboard/financeiro', label: 'Novo lançamento', icon: Wallet, permission: 'finance.manage' },
  { to: '/dashboard/ranking', label: 'Ver ranking', icon: Trophy, permission: 'club.read' },
];

export function Component() {
  const current = useCurrentClub();
  // The counters, the cards' reads and the person's home in one answer; each card finds its part cached.
  // A plain member's home is their own progress alone: MemberHome reads it, the panel is not needed.
  const plainMember = !current.isAdmin && current.club?.role === 'member';
  const dashboard = usePanel(plainMember ? null : current.clubId);
  // The cards below the counters mount in a render React may interrupt: the counters' answer arrives
  // as a blocking update, and mounting five cards in it held a phone's main thread (Lighthouse TBT).
  const showCards = useDeferredValue(!dashboard.isLoading, false);

  // A guardian belongs to no club: their home is /familia, not the steps to create a club (issue 43).
  const family = useFamily(!current.isLoading && !current.club);
  if (current.isLoading) return <PageSpinner />;
  if (!current.club && family.isLoading) return <PageSpinner />;
  if (!current.club && family.data && family.data.length > 0) return <Navigate to="/familia" replace />;
  if (!current.club) {
    // A new account: no club to select yet, so the first steps instead of an empty selector.
    return (
      <div className="mx-auto max-w-2xl">
        <h1 className="text-2xl font-bold">Boas-vindas ao Trilha</h1>
        <p className="mt-1 text-slate-600">Cinco passos e a turma já pode pontuar. Recebeu um convite de um clube? Abra o link do convite que chegou por e-mail.</p>
        <FirstRunChecklist counts={null} />
      </div>
    );
  }

  // A plain member's home is their own progress; every club function keeps the club's panel.
  if (plainMember && current.clubId) return <MemberHome clubId={current.clubId} clubName={current.club.name} TaskDialog={TaskModal} />;
  const counts = dashboard.data?.counts;
  const value = (n: number | undefined) => (dashboard.isLoading ? '…' : (n ?? 0));
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Bem-vindo ao {current.club.name}</h1>
      <p className="mt-1 text-slate-600">Acompanhe o seu clube e coloque a turma para pontuar.</p>
      {dashboard.isError ? <p role="alert" className="mt-4 text-red-700">Não foi possível carregar os contadores.</p> : null}
      <section aria-label="Resumo do clube" className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Membros Ativos" value={value(counts?.active_members)} icon={<Users className="h-6 w-6" />} />
        <StatCard label="Unidades" value={value(counts?.units)} icon={<UsersRound className="h-6 w-6" />} accent="text-sky-700 bg-sky-50" />
        <StatCard label="Tarefas Ativas" value={value(counts?.active_tasks)} icon={<ListChecks className="h-6 w-6" />} accent="text-violet-700 bg-violet-50" />
        <StatCard label="Tarefas Pendentes" value={value(counts?.pending_tasks)} icon={<Clock className="h-6 w-6" />} accent="text-amber-800 bg-amber-50" />
      </section>
      {/* Below the counters everything waits for them: the first-run checklist they decide would
          otherwise push the cards down as it appears (a layout shift, CLS 0.12 on a new club). */}
      {!showCards || dashboard.isLoading ? null : (
        <>
          {current.isAdmin && counts && needsSetup(counts) ? <FirstRunChecklist counts={counts} /> : null}
          {current.can('submissions.review') ? <PendingApprovalsCard clubId={current.club.id} /> : null}
          <MeetingSummaryCard clubId={current.club.id} />
          <section aria-labelledby="acoes-rapidas" className="mt-8">
            <h2 id="acoes-rapidas" className="mb-3 text-lg font-semibold">Ações rápidas</h2>
            <div className="flex flex-wrap gap-3">
              {QUICK_ACTIONS.filter((a) => current.can(a.permission)).map(({ to, label, icon: Icon }) => (
                <Link key={to} to={to} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50">
                  <Icon aria-hidden="true" className="h-4 w-4 text-emerald-700" /> {label}
                </Link>
              ))}
            </div>
          </section>
          {/* A leader who also takes part (points, a unit) sees their own progress, apart from the club's panel. */}
          {current.clubId ? <MemberHome clubId={current.clubId} clubName={current.club.name} headingLevel={2} TaskDialog={TaskModal} /> : null}
        </>
      )}
    </div>
  );
}
