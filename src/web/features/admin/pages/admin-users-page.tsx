import { useEffect, useState } from 'react';
import { Search, Users } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { ADMIN_MSG, type TAdminUser } from '@shared/admin';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useMe } from '@web/lib/session/me';
import { useUserSearch } from '../api/search-users';
import { useSetUserBlocked } from '../api/set-user-blocked';
import { useSetUserType } from '../api/set-user-type';
import { UserRow, type UserAction } from '../components/user-row';
import { plural } from '@shared/plural';

const CONFIRM: Record<UserAction, { title: string; label: string; danger: boolean; text: (u: TAdminUser) => string; done: string }> = {
  promote: {
    title: 'Tornar super admin', label: 'Promover', danger: false, done: ADMIN_MSG.promoted,
    text: (u) => `${u.full_name} poderá administrar todos os clubes, badges e usuários da plataforma.`,
  },
  demote: {
    title: 'Remover super admin', label: 'Remover', danger: true, done: ADMIN_MSG.demoted,
    text: (u) => `${u.full_name} deixará de acessar a área de super admin. A plataforma sempre mantém ao menos um super admin.`,
  },
  block: {
    title: 'Bloquear usuário', label: 'Bloquear', danger: true, done: ADMIN_MSG.blocked,
    text: (u) => `${u.full_name} será desconectado de todos os dispositivos agora e não conseguirá entrar até ser desbloqueado.`,
  },
  unblock: {
    title: 'Desbloquear usuário', label: 'Desbloquear', danger: false, done: ADMIN_MSG.unblocked,
    text: (u) => `${u.full_name} poderá voltar a entrar no Trilha.`,
  },
};

/** /superadmin/usuarios: search accounts, see their clubs, promote/demote super admins, block/unblock. */
export function Component() {
  const me = useMe();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [pending, setPending] = useState<{ user: TAdminUser; action: UserAction } | null>(null);
  const users = useUserSearch(q);
  const setType = useSetUserType();
  const setBlocked = useSetUserBlocked();

  // Search as the person types, without a request per keystroke.
  useEffect(() => {
    const t = setTimeout(() => {
      setQ(typed.trim());
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);

  async function confirm() {
    if (!pending) return;
    const { user, action } = pending;
    try {
      if (action === 'promote' || action === 'demote') {
        await setType.mutateAsync({ profileId: user.id, user_type: action === 'promote' ? 'super_admin' : 'member' });
      } else {
        await setBlocked.mutateAsync({ profileId: user.id, blocked: action === 'block' });
      }
      toast.success(CONFIRM[action].done);
      setPending(null);
    } catch (err) {
      toast.error(errorMessage(err, ADMIN_MSG.userSaveError));
    }
  }

  const pages = users.data?.pages ?? [];
  const data = pages.length > 0 ? { users: pages.flatMap((p) => p.users), total: pages[0]?.total ?? 0 } : null;
  const spec = pending ? CONFIRM[pending.action] : null;
  return (
    <div>
      <PageHeader title="Usuários" description="Contas da plataforma, seus clubes e permissões." />
      <Card className="mb-4">
        <form role="search" onSubmit={(e) => e.preventDefault()} className="flex items-end gap-2">
          <div className="flex-1">
            <TextField label="Buscar por nome ou e-mail" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Ex.: Ana ou ana@email.com" />
          </div>
          <Search aria-hidden="true" className="mb-2.5 h-5 w-5 text-slate-500" />
        </form>
      </Card>
      {users.isLoading ? <PageSpinner /> : null}
      {users.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os usuários.</p> : null}
      {data ? (
        data.users.length === 0 ? (
          <EmptyState icon={<Users className="h-10 w-10" />} message={q ? `Nenhum usuário encontrado para "${q}".` : 'Nenhum usuário cadastrado ainda.'} />
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {plural(data.total, 'usuário', 'usuários')}
            </p>
            <ul aria-label="Usuários" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
              {data.users.map((u) => (
                <UserRow key={u.id} user={u} isSelf={u.id === me.data?.id} onAction={(user, action) => setPending({ user, action })} />
              ))}
            </ul>
            <LoadMore
              shown={data.users.length}
              total={data.total}
              noun={['usuário', 'usuários']}
              hasMore={users.hasNextPage}
              loading={users.isFetchingNextPage}
              onMore={() => void users.fetchNextPage()}
            />
          </>
        )
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={spec?.title ?? ''}
        message={pending && spec ? spec.text(pending.user) : ''}
        confirmLabel={spec?.label}
        danger={spec?.danger}
        loading={setType.isPending || setBlocked.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
