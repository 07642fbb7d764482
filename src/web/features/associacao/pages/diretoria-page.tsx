import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Plus } from 'lucide-react';
import { POSTS, POST_LABELS, POST_MSG, type TPostHolder } from '@shared/associacao';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { ReportError } from '../../../components/report';
import { errorMessage } from '../../../lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useDiretoria } from '../api/get-diretoria';
import { useRemovePost } from '../api/remove-post';
import { AssociacaoNav } from '../components/associacao-nav';
import { PostFormModal } from '../components/post-form-modal';

export function Component() {
  const current = useSelectedClub();
  if (!current.can('associacao.manage')) return <EmptyState message="A diretoria do clube é montada pela direção e pela secretaria." />;
  return <DiretoriaScreen clubId={current.clubId} />;
}

function DiretoriaScreen({ clubId }: { clubId: string }) {
  const diretoria = useDiretoria(clubId);
  const remove = useRemovePost(clubId);
  const [editing, setEditing] = useState<TPostHolder | 'new' | null>(null);
  const [removing, setRemoving] = useState<TPostHolder | null>(null);
  if (diretoria.isLoading) return <PageSpinner />;
  if (diretoria.isError || !diretoria.data) return <ReportError error={diretoria.error} />;
  const d = diretoria.data;

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(POST_MSG.removed);
      setRemoving(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao remover o cargo.'));
    }
  }

  return (
    <div className="mx-auto max-w-5xl">
      <AssociacaoNav />
      <PageHeader
        title="Diretoria"
        description="Os cargos que a Associação pede, com o mandato de cada pessoa."
        actions={<Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>Novo cargo</Button>}
      />
      <section aria-label="O que falta" className="mb-6 grid gap-3 sm:grid-cols-2">
        <Card>
          <h2 className="mb-2 font-semibold text-slate-900">Cargos vazios</h2>
          {d.missing.length === 0 ? <p className="text-sm text-emerald-800">Todos os cargos preenchidos.</p> : (
            <ul className="list-disc pl-5 text-sm text-slate-800">{d.missing.map((m) => <li key={m}>{m}</li>)}</ul>
          )}
        </Card>
        <Card>
          <h2 className="mb-2 font-semibold text-slate-900">Regras da Associação</h2>
          {d.problems.length === 0 ? <p className="text-sm text-emerald-800">Nenhuma regra quebrada.</p> : (
            <ul className="list-disc pl-5 text-sm text-red-800">{d.problems.map((p) => <li key={p}>{p}</li>)}</ul>
          )}
        </Card>
      </section>
      {d.holders.length === 0 ? (
        <EmptyState message="Nenhum cargo da diretoria cadastrado ainda." action={<Button onClick={() => setEditing('new')}>Dar o primeiro cargo</Button>} />
      ) : (
        <ul className="space-y-2" aria-label="Cargos">
          {POSTS.flatMap((post) => d.holders.filter((h) => h.post === post)).map((h) => (
            <li key={h.id}>
              <Card className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" aria-label={`${POST_LABELS[h.post]}: ${h.full_name}`}>
                <div>
                  <p className="text-sm text-slate-600">{POST_LABELS[h.post]}</p>
                  <p className="font-medium text-slate-900">{h.full_name}</p>
                  <p className="text-sm text-slate-700">{isoToBrDate(h.starts_on)} a {isoToBrDate(h.ends_on)} {h.current ? <Tag tone="green">Em vigor</Tag> : <Tag>Fora do mandato</Tag>}</p>
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => setEditing(h)} aria-label={`Editar ${POST_LABELS[h.post]} ${h.full_name}`}>Editar</Button>
                  <Button variant="secondary" onClick={() => setRemoving(h)} aria-label={`Remover ${POST_LABELS[h.post]} ${h.full_name}`}>Remover</Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing ? <PostFormModal clubId={clubId} holder={editing === 'new' ? null : editing} candidates={d.candidates} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remover cargo"
        message={removing ? `Remover ${removing.full_name} do cargo ${POST_LABELS[removing.post]}?` : ''}
        confirmLabel="Remover"
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
