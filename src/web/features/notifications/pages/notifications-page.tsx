import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { Bell, CheckCheck } from 'lucide-react';
import type { TNotification } from '@shared/notifications';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { useNotifications } from '../api/list-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';

function NotificationItem({ n, onOpen }: { n: TNotification; onOpen: (n: TNotification) => void }) {
  const unread = n.read_at === null;
  return (
    <li className={`rounded-xl border bg-white ${unread ? 'border-emerald-300' : 'border-slate-200'}`}>
      <Link to={n.link} onClick={() => onOpen(n)} className="block rounded-xl px-4 py-3 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-emerald-600">
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-emerald-600' : 'bg-transparent'}`} />
          <div className="min-w-0 flex-1">
            <p className={`break-words ${unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
              {unread ? <span className="sr-only">Não lido: </span> : null}{n.title}
            </p>
            {n.body ? <p className="mt-0.5 break-words text-sm text-slate-600">{n.body}</p> : null}
            <p className="mt-1 text-xs text-slate-500">{n.club_name ?? 'Sua conta'} · {formatDateTime(n.created_at)}</p>
          </div>
        </div>
      </Link>
    </li>
  );
}

/**
 * 'Avisos': the person's notifications of the current club and of their account, newest first, 20 at a
 * time. Opening one marks it read; `onOpen` lets the screen that composes this one switch to its club.
 */
export function NotificationsPage({ clubId, onOpen }: { clubId: string | null; onOpen?: (n: TNotification) => void }) {
  const list = useNotifications(clubId);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const anyUnread = items.some((n) => n.read_at === null);

  function open(n: TNotification) {
    if (n.read_at === null) markRead.mutate(n.id);
    onOpen?.(n);
  }

  async function readAll() {
    try {
      await markAll.mutateAsync(clubId);
      toast.success('Todos os avisos foram marcados como lidos.');
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao marcar os avisos. Tente novamente.'));
    }
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Avisos"
        description="O que aconteceu no clube e na sua conta."
        actions={anyUnread ? <Button variant="secondary" icon={<CheckCheck aria-hidden="true" className="h-4 w-4" />} loading={markAll.isPending} onClick={() => void readAll()}>Marcar todos como lidos</Button> : null}
      />
      {list.isPending ? <PageSpinner /> : list.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(list.error, 'Erro ao carregar os avisos.')} <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>Tentar de novo</Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={<Bell className="h-10 w-10" />} message="Nenhum aviso por enquanto." hint="Quando um envio for aprovado, um badge chegar ou uma tarefa nova aparecer, você verá aqui." />
      ) : (
        <>
          <ul className="space-y-2" aria-label="Avisos">
            {items.map((n) => <NotificationItem key={n.id} n={n} onOpen={open} />)}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>Carregar mais</Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
