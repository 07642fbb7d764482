import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FileUp, KeyRound, ListChecks, Pencil, Trash2, Undo2, UserPlus, Users } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { MEMBER_MSG, roleLabel, type TInvitationLink, type TMember } from '@shared/members';
import { Button, IconButton } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Modal } from '@web/components/ui/modal';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { ActiveTag, Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { NO_MEMBER_FILTERS, useAllActiveMembers, useMembers, type MemberFilters } from '@web/features/members/api/list-members';
import { useUnits } from '@web/lib/units-query';
import { useDeleteMember } from '@web/features/members/api/delete-member';
import { useCreateClaimLink } from '@web/features/members/api/create-claim-link';
import { useUndoClaim } from '@web/features/members/api/undo-claim';
import { AddMemberModal } from '@web/features/members/components/add-member-modal';
import { CsvImportModal } from '@web/features/members/components/csv-import-modal';
import { EditMemberModal } from '@web/features/members/components/edit-member-modal';
import { InvitationLink } from '@web/features/members/components/invitation-link';
import { PendingInvitations } from '@web/features/members/components/pending-invitations';
import { ConsentPendingTag } from '@web/features/families/components/consent-tag';
import { MemberCards } from '@web/features/members/components/member-cards';
import { MemberFiltersBar } from '@web/features/members/components/member-filters';
import { LoadMore } from '@web/components/ui/load-more';
import { useIndividualRanking } from '@web/features/ranking/api/get-ranking';
import { ScoreManyModal } from '@web/features/progress/components/score-many-modal';
import { useMe } from '@web/lib/session/me';

export function Component() {
  const current = useSelectedClub();
  return <MembersScreen clubId={current.clubId} isAdmin={current.can('members.manage')} canScoreMany={current.can('points.batch')} showEmails={current.can('members.read')} canOpenProfiles={current.can('members.read') || current.can('progress.record')} canSeeConsent={current.can('club.settings')} />;
}

function MembersScreen({ clubId, isAdmin, canScoreMany, showEmails, canOpenProfiles, canSeeConsent }: { clubId: string; isAdmin: boolean; canScoreMany: boolean; showEmails: boolean; canOpenProfiles: boolean; canSeeConsent: boolean }) {
  const [filters, setFilters] = useState<MemberFilters>(NO_MEMBER_FILTERS);
  const members = useMembers(clubId, filters);
  const list = useMemo(() => members.data?.pages.flatMap((p) => p.members) ?? [], [members.data]);
  const total = members.data?.pages[0]?.total ?? 0;
  const filtered = filters.q !== '' || filters.unitId !== '' || filters.status !== 'all';
  const units = useUnits(clubId);
  const remove = useDeleteMember(clubId);
  const claim = useCreateClaimLink(clubId);
  const undo = useUndoClaim(clubId);
  const [undoing, setUndoing] = useState<TMember | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<TMember | null>(null);
  const [deleting, setDeleting] = useState<TMember | null>(null);
  const [claimLink, setClaimLink] = useState<{ member: TMember; link: TInvitationLink } | null>(null);
  const [scoringMany, setScoringMany] = useState(false);
  const me = useMe();
  // 'Pontuar vários' offers every active member, not only the pages loaded here.
  const everyone = useAllActiveMembers(clubId, canScoreMany && scoringMany);
  // Points shown on the cards and the table come from the ranking, which lists every active member.
  const ranking = useIndividualRanking(clubId, null, true);
  const points = useMemo(() => new Map((ranking.data ?? []).map((r) => [r.profile_id, r.total_points])), [ranking.data]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(MEMBER_MSG.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, MEMBER_MSG.deleteError));
    }
  };

  const confirmUndo = async () => {
    if (!undoing) return;
    try {
      await undo.mutateAsync(undoing.id);
      toast.success(MEMBER_MSG.claimUndone);
      setUndoing(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao desfazer o acesso.'));
    }
  };

  const makeClaimLink = async (member: TMember) => {
    try {
      setClaimLink({ member, link: await claim.mutateAsync(member.id) });
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao gerar o link de acesso.'));
    }
  };

  const unitList = units.data ?? [];
  return (
    <div>
      <PageHeader
        title="Membros"
        description="Quem faz parte do clube, sua função e unidade."
        actions={isAdmin ? (
          <>
            {canScoreMany ? <Button variant="secondary" icon={<ListChecks aria-hidden="true" className="h-4 w-4" />} onClick={() => setScoringMany(true)}>Pontuar vários</Button> : null}
            <Button variant="secondary" icon={<FileUp aria-hidden="true" className="h-4 w-4" />} onClick={() => setImporting(true)}>Importar CSV ou Excel</Button>
            <Button icon={<UserPlus aria-hidden="true" className="h-4 w-4" />} onClick={() => setAdding(true)}>Adicionar membro</Button>
          </>
        ) : null}
      />
      <MemberFiltersBar units={unitList} showEmails={showEmails} value={filters} onChange={setFilters} />
      {members.isLoading ? <PageSpinner /> : null}
      {members.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os membros.</p> : null}
      {members.isSuccess && list.length === 0 ? (
        <EmptyState icon={<Users className="h-10 w-10" />} message={filtered ? 'Nenhum membro encontrado com esses filtros.' : 'Nenhum membro cadastrado ainda.'} />
      ) : null}
      {list.length > 0 ? (
        <MemberCards
          members={list}
          points={ranking.isSuccess ? points : null}
          isAdmin={isAdmin}
          canOpenProfiles={canOpenProfiles}
          actions={{ onClaimLink: (m) => void makeClaimLink(m), onUndoClaim: setUndoing, onEdit: setEditing, onDelete: setDeleting, claimPending: claim.isPending }}
        />
      ) : null}
      {list.length > 0 ? (
        <div tabIndex={0} role="region" aria-label="Tabela de membros" className="hidden overflow-x-auto rounded-xl sm:block border border-slate-200 bg-white shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Membros do clube</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Nome</th>
                {showEmails ? <th scope="col" className="px-4 py-3 font-semibold">E-mail</th> : null}
                <th scope="col" className="px-4 py-3 font-semibold">Função</th>
                <th scope="col" className="px-4 py-3 font-semibold">Unidade</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Pontos</th>
                <th scope="col" className="px-4 py-3 font-semibold">Situação</th>
                {isAdmin ? <th scope="col" className="px-4 py-3 text-right font-semibold">Ações</th> : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((m) => (
                <tr key={m.id}>
                  <td className="px-4 py-3 font-medium text-slate-900">
                    {/* The member's profile: points, badges, 'Pontuar' and recording tasks on their behalf (issue 5). */}
                    {canOpenProfiles ? (
                      <Link to={`/dashboard/membros/${m.profile_id}`} className="mr-2 text-emerald-800 underline-offset-2 hover:underline">{m.full_name}</Link>
                    ) : (
                      <span className="mr-2">{m.full_name}</span>
                    )}
                    {m.has_account ? null : <Tag tone="amber">Sem conta</Tag>}
                    {/* Consent is read by who holds club.settings (a secretary manages members, not consent): no 403 for them. */}
                    {canSeeConsent ? <ConsentPendingTag clubId={clubId} memberId={m.id} /> : null}
                  </td>
                  {showEmails ? <td className="px-4 py-3 text-slate-700">{m.email ?? '-'}</td> : null}
                  <td className="px-4 py-3 text-slate-700">
                    {m.role === 'member' ? roleLabel(m.role) : <Tag tone="violet">{roleLabel(m.role)}</Tag>}
                    {m.title ? <span className="ml-1 text-xs text-slate-500">{m.title}</span> : null}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{m.unit_name ?? '-'}</td>
                  {/* The same totals as the phone cards (the ranking's); '…' while they load. */}
                  <td className="px-4 py-3 text-right tabular-nums text-slate-900">{m.active ? (ranking.isSuccess ? (points.get(m.profile_id) ?? 0) : '…') : '-'}</td>
                  <td className="px-4 py-3"><ActiveTag active={m.active} /></td>
                  {isAdmin ? (
                    <td className="whitespace-nowrap px-4 py-2 text-right">
                      {m.has_account ? null : (
                        <IconButton label={`Gerar link de acesso para ${m.full_name}`} icon={<KeyRound aria-hidden="true" className="h-4 w-4" />} onClick={() => void makeClaimLink(m)} disabled={claim.isPending} />
                      )}
                      {m.claimed_here ? (
                        <IconButton label={`Desfazer acesso de ${m.full_name}`} icon={<Undo2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setUndoing(m)} />
                      ) : null}
                      <IconButton label={`Editar ${m.full_name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing(m)} />
                      <IconButton label={`Excluir ${m.full_name}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} className="hover:text-red-700" onClick={() => setDeleting(m)} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.length > 0 ? (
        <LoadMore
          shown={list.length}
          total={total}
          noun={['membro', 'membros']}
          hasMore={members.hasNextPage}
          loading={members.isFetchingNextPage}
          onMore={() => void members.fetchNextPage()}
        />
      ) : null}
      {isAdmin ? <PendingInvitations clubId={clubId} /> : null}

      <AddMemberModal clubId={clubId} open={adding} units={unitList} onClose={() => setAdding(false)} />
      <CsvImportModal clubId={clubId} open={importing} onClose={() => setImporting(false)} />
      {canScoreMany ? <ScoreManyModal clubId={clubId} open={scoringMany} members={everyone.data ?? []} loading={everyone.isLoading} myProfileId={me.data?.id ?? null} onClose={() => setScoringMany(false)} /> : null}
      <EditMemberModal clubId={clubId} member={editing} units={unitList} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Confirmar Exclusão"
        message={<>Remover <strong>{deleting?.full_name}</strong> do clube? O histórico de pontos é mantido.</>}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={undoing !== null}
        title="Desfazer acesso"
        message={<>A conta <strong>{undoing?.email}</strong> deixa de entrar como <strong>{undoing?.full_name}</strong> e todas as sessões dela terminam. O perfil e o progresso continuam no clube, sem conta.</>}
        confirmLabel="Desfazer acesso"
        loading={undo.isPending}
        onConfirm={() => void confirmUndo()}
        onCancel={() => setUndoing(null)}
      />
      <Modal open={claimLink !== null} title="Link de acesso" onClose={() => setClaimLink(null)} footer={<Button onClick={() => setClaimLink(null)}>Concluir</Button>}>
        {claimLink ? (
          <div className="space-y-3">
            <p className="text-slate-800">Envie este link para <strong>{claimLink.member.full_name}</strong> (ou responsável). Ao abri-lo, a pessoa define e-mail e senha e passa a acessar o próprio perfil, com todo o progresso já registrado.</p>
            <InvitationLink invitation={claimLink.link} />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
