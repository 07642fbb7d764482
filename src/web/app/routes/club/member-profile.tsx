import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Award, FolderOpen, PlusCircle } from 'lucide-react';
import { roleLabel } from '@shared/members';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { errorMessage } from '@web/lib/api';
import { useMemberProfile } from '@web/features/progress/api/get-member-profile';
import { useMyTasks } from '@web/features/progress/api/list-my-tasks';
import { AdjustPointsModal } from '@web/features/progress/components/adjust-points-modal';
import { GrantBadgeModal } from '@web/features/progress/components/grant-badge-modal';
import { ProfileView } from '@web/features/progress/components/profile-view';
import { TaskCard } from '@web/features/progress/components/task-card';
import { TaskModal } from '@web/features/progress/components/task-modal';
import { MemberFamilyPanel } from '@web/features/families/components/member-family-panel';
import { MemberAttendance } from '@web/features/meetings/components/member-attendance';
import { InstructorItemsPanel } from '@web/features/programme/components/instructors-panel';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { BATCH_MSG } from '@shared/point-batches';
import { toast } from 'react-hot-toast';
import { useUndoPointBatch } from '@web/features/progress/api/score-many';

export function Component() {
  const { memberId = '' } = useParams();
  const { clubId, can } = useSelectedClub();
  const canScore = can('points.adjust');
  const canGrant = can('badges.award');
  const profile = useMemberProfile(clubId, memberId);
  const tasks = useMyTasks(clubId, memberId);
  const [scoring, setScoring] = useState(false);
  const [granting, setGranting] = useState(false);
  const [openTask, setOpenTask] = useState<string | null>(null);
  const [undoing, setUndoing] = useState<{ batchId: string; reason: string | null } | null>(null);
  const undo = useUndoPointBatch(clubId);

  const p = profile.data;
  const member = p ? { id: p.profile_id, name: p.full_name } : null;
  const openTasks = (tasks.data ?? []).filter((t) => t.available_now && (t.type === 'accumulative' || (t.status !== 'completed' && t.status !== 'approved')));

  return (
    <div>
      <Link to="/dashboard/membros" className="mb-3 inline-flex items-center gap-1 text-sm text-slate-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Membros
      </Link>
      <PageHeader
        title={p?.full_name ?? 'Perfil do Membro'}
        description={p ? [roleLabel(p.role), p.unit_name ?? 'Sem unidade', p.email].filter(Boolean).join(' · ') : undefined}
        actions={member && (canScore || canGrant) ? (
          <>
            {canGrant ? <Button variant="secondary" onClick={() => setGranting(true)} icon={<Award aria-hidden="true" className="h-4 w-4" />}>Conceder badge</Button> : null}
            {canScore ? <Button onClick={() => setScoring(true)} icon={<PlusCircle aria-hidden="true" className="h-4 w-4" />}>Pontuar</Button> : null}
          </>
        ) : undefined}
      />
      {p && can('secretaria.read') ? (
        <p className="mb-4 text-sm">
          <Link to={`/dashboard/secretaria/pastas/${p.profile_id}`} className="inline-flex items-center gap-1 font-medium text-emerald-800 underline">
            <FolderOpen aria-hidden="true" className="h-4 w-4" /> Pasta do membro na secretaria
          </Link>
        </p>
      ) : null}
      {profile.isLoading ? <PageSpinner /> : null}
      {profile.isError ? <p role="alert" className="text-red-700">{errorMessage(profile.error, 'Não foi possível carregar o perfil do membro.')}</p> : null}
      {p ? <ProfileView profile={p} attendance={<MemberAttendance profileId={p.profile_id} />} onUndoBatch={can('points.batch') ? (batchId, reason) => setUndoing({ batchId, reason }) : undefined} /> : null}
      <ConfirmDialog
        open={undoing !== null}
        title="Desfazer lote"
        message={<>Os pontos do lote <strong>{undoing?.reason}</strong> serão retirados de todos os membros que o receberam, não só deste.</>}
        confirmLabel="Desfazer lote"
        loading={undo.isPending}
        onConfirm={() => {
          if (!undoing) return;
          undo.mutateAsync(undoing.batchId).then(
            (r) => {
              toast.success(`${BATCH_MSG.undone} (${r.member_count})`);
              setUndoing(null);
            },
            (err: unknown) => toast.error(errorMessage(err, BATCH_MSG.undoError)),
          );
        }}
        onCancel={() => setUndoing(null)}
      />

      {member && tasks.isSuccess ? (
        <section aria-labelledby="record-title" className="mt-8">
          <h2 id="record-title" className="mb-1 text-lg font-semibold">Registrar tarefa</h2>
          <p className="mb-3 text-sm text-slate-600">Marque uma tarefa como feita por {member.name} (por exemplo, quem não tem conta).</p>
          {openTasks.length === 0 ? <p className="text-slate-600">Nenhuma tarefa em aberto para este membro.</p> : null}
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {openTasks.map((t) => <TaskCard key={t.id} task={t} actionLabel="Registrar" onOpen={() => setOpenTask(t.id)} />)}
          </div>
        </section>
      ) : null}

      {member && can('club.settings') ? <MemberFamilyPanel clubId={clubId} memberRef={memberId} name={member.name} /> : null}
      {member && p?.role === 'instructor' && can('programme.manage') ? <InstructorItemsPanel clubId={clubId} memberRef={memberId} name={member.name} /> : null}

      {member ? (
        <>
          <AdjustPointsModal clubId={clubId} member={member} open={scoring} onClose={() => setScoring(false)} />
          <GrantBadgeModal clubId={clubId} member={member} heldIds={(p?.badges ?? []).map((b) => b.badge_id)} open={granting} onClose={() => setGranting(false)} />
          <TaskModal clubId={clubId} taskId={openTask} member={member} onClose={() => setOpenTask(null)} />
        </>
      ) : null}
    </div>
  );
}
