import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { FileSignature, Plus, Printer, Upload } from 'lucide-react';
import { POSTS, POST_LABELS, POST_MSG, type TPostHolder, type TVolunteer } from '@shared/associacao';
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

/** The termo's state as the panel says it, computed by the server ('assinado em dd/mm/aaaa' or missing). */
function TermoStatus({ signedOn }: { signedOn: string | null | undefined }) {
  if (signedOn === undefined) return null;
  return signedOn
    ? <p className="text-sm text-emerald-800">Termo de adesão: assinado em {isoToBrDate(signedOn)}</p>
    : <p className="text-sm font-medium text-amber-900">Falta o termo de adesão</p>;
}

const linkClass = 'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

/** Print the pre-filled termo; keep the signed one in the member's pasta (the pasta's upload, kind preselected). */
function TermoActions({ v }: { v: TVolunteer }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/dashboard/associacao/diretoria/termo/${v.member_id}`} className={linkClass} aria-label={`Imprimir o termo de adesão de ${v.full_name}`}>
        <Printer aria-hidden="true" className="h-4 w-4" /> Imprimir termo
      </Link>
      <Link to={`/dashboard/secretaria/pastas/${v.member_id}?guardar=termo_adesao`} className={linkClass} aria-label={`Guardar o termo assinado de ${v.full_name}`}>
        <Upload aria-hidden="true" className="h-4 w-4" /> Guardar termo assinado
      </Link>
    </div>
  );
}

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
  const termoOf = new Map(d.volunteers.map((v) => [v.member_id, v.termo_signed_on]));
  const missingTermos = d.volunteers.filter((v) => v.termo_signed_on === null).length;

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
          <h2 className="mb-2 font-semibold text-slate-900">O que falta</h2>
          {d.missing.length === 0 ? <p className="text-sm text-emerald-800">Todos os cargos preenchidos e os termos de adesão na pasta.</p> : (
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
                  {h.current ? <TermoStatus signedOn={termoOf.get(h.member_id)} /> : null}
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
      <section aria-labelledby="voluntarios" className="mt-8">
        <h2 id="voluntarios" className="flex items-center gap-2 text-lg font-semibold text-slate-900"><FileSignature aria-hidden="true" className="h-5 w-5" /> Voluntários e termo de adesão</h2>
        <p className="mb-3 text-sm text-slate-700">
          Quem tem cargo e os líderes maiores de idade servem como voluntários (Lei nº 9.608/1998) e assinam um termo de adesão, guardado na pasta.
          {d.volunteers.length > 0 ? ` ${missingTermos === 0 ? 'Todos os termos estão na pasta.' : `${missingTermos} de ${d.volunteers.length} sem o termo.`}` : ''}
        </p>
        {d.volunteers.length === 0 ? <EmptyState message="Nenhum voluntário: dê um cargo ou cadastre os líderes do clube." /> : (
          <ul className="space-y-2" aria-label="Voluntários">
            {d.volunteers.map((v) => (
              <li key={v.member_id}>
                <Card className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" aria-label={`Voluntário: ${v.full_name}`}>
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{v.full_name}</p>
                    <p className="text-sm text-slate-600">{v.functions.join(' · ')}</p>
                    <TermoStatus signedOn={v.termo_signed_on} />
                  </div>
                  <TermoActions v={v} />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
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
