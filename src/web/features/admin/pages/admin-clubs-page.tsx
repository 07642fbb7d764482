import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Building2, CheckCircle2, Plus, Search, Users } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { ADMIN_MSG, type TAdminClub } from '@shared/admin';
import { Button } from '../../../components/ui/button';
import { StatCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { setSelectedClubId } from '@web/lib/session/selected-club-store';
import { useAdminClubs } from '../api/list-admin-clubs';
import { useOpenClubAsAdmin } from '../api/open-club-as-admin';
import { useUpdateAdminClub } from '../api/update-admin-club';
import { AdminClubCard } from '../components/admin-club-card';
import { CreateClubModal, EditClubModal } from '../components/club-form-modal';
import { DeleteClubDialog } from '../components/delete-club-dialog';

/** /superadmin/clubes: totals and every club, with new, edit, (de)activate, open as admin and delete. */
export function Component() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const clubs = useAdminClubs(q);
  const update = useUpdateAdminClub();
  const open = useOpenClubAsAdmin();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TAdminClub | null>(null);
  const [deleting, setDeleting] = useState<TAdminClub | null>(null);

  async function toggleActive(club: TAdminClub) {
    try {
      await update.mutateAsync({ clubId: club.id, active: !club.active });
      toast.success(club.active ? ADMIN_MSG.clubDeactivated : ADMIN_MSG.clubActivated);
    } catch (err) {
      toast.error(errorMessage(err, ADMIN_MSG.clubSaveError));
    }
  }

  async function openAsAdmin(club: TAdminClub) {
    try {
      const opened = await open.mutateAsync(club.id);
      // The club screens work on the selected club; the shell lists it for a super admin.
      setSelectedClubId(opened.id);
      navigate('/dashboard');
    } catch (err) {
      toast.error(errorMessage(err, ADMIN_MSG.clubOpenError));
    }
  }

  // Search as the person types, without a request per keystroke.
  useEffect(() => {
    const t = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(t);
  }, [typed]);

  const pages = clubs.data?.pages ?? [];
  const first = pages[0];
  const data = first ? { totals: first.totals, matching: first.matching, clubs: pages.flatMap((p) => p.clubs) } : null;
  return (
    <div>
      <PageHeader
        title="Gerenciar Clubes"
        description="Todos os clubes da plataforma."
        actions={<Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setCreating(true)}>Novo Clube</Button>}
      />
      {clubs.isLoading ? <PageSpinner /> : null}
      {clubs.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os clubes.</p> : null}
      {data ? (
        <>
          <section aria-label="Totais" className="grid gap-4 sm:grid-cols-3">
            <StatCard label="Total de Clubes" value={data.totals.clubs} icon={<Building2 className="h-6 w-6" />} />
            <StatCard label="Clubes Ativos" value={data.totals.active_clubs} icon={<CheckCircle2 className="h-6 w-6" />} accent="text-sky-700 bg-sky-50" />
            <StatCard label="Total de Membros" value={data.totals.members} icon={<Users className="h-6 w-6" />} accent="text-violet-700 bg-violet-50" />
          </section>
          <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-6 flex items-end gap-2">
            <div className="flex-1">
              <TextField label="Buscar por nome ou identificador" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Ex.: Águias ou clube-aguias" />
            </div>
            <Search aria-hidden="true" className="mb-2.5 h-5 w-5 text-slate-500" />
          </form>
          <section aria-label="Clubes" className="mt-4">
            {data.clubs.length === 0 && q ? (
              <EmptyState icon={<Building2 className="h-10 w-10" />} message={`Nenhum clube encontrado para "${q}".`} />
            ) : data.clubs.length === 0 ? (
              <EmptyState
                icon={<Building2 className="h-10 w-10" />}
                message="Nenhum clube cadastrado ainda."
                action={<Button onClick={() => setCreating(true)}>Criar Primeiro Clube</Button>}
              />
            ) : (
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {data.clubs.map((club) => (
                  <AdminClubCard
                    key={club.id}
                    club={club}
                    actions={{ onEdit: setEditing, onDelete: setDeleting, onToggleActive: toggleActive, onOpen: openAsAdmin, busy: update.isPending || open.isPending }}
                  />
                ))}
              </div>
            )}
            {data.clubs.length > 0 ? (
              <LoadMore
                shown={data.clubs.length}
                total={data.matching}
                noun={['clube', 'clubes']}
                hasMore={clubs.hasNextPage}
                loading={clubs.isFetchingNextPage}
                onMore={() => void clubs.fetchNextPage()}
              />
            ) : null}
          </section>
        </>
      ) : null}
      <CreateClubModal open={creating} onClose={() => setCreating(false)} />
      <EditClubModal club={editing} onClose={() => setEditing(null)} />
      <DeleteClubDialog club={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
