import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Plus, ScrollText } from 'lucide-react';
import { ATO_KIND_LABEL, type TAto } from '@shared/secretaria';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useAtos, useDiscardAto } from '../api/atos';
import { AtoFormModal } from './ato-form-modal';

/** Livro de atos: drafts Trilha wrote wait for the secretary first, then the year's acts, newest first. */
export function AtosTab({ clubId, year, manage }: { clubId: string; year: number; manage: boolean }) {
  const atos = useAtos(clubId, year);
  const discard = useDiscardAto(clubId);
  const [editing, setEditing] = useState<{ draft: TAto | null } | null>(null);
  const [discarding, setDiscarding] = useState<TAto | null>(null);
  const onDiscard = async () => {
    if (!discarding) return;
    try {
      await discard.mutateAsync(discarding.id);
      toast.success('Rascunho descartado.');
      setDiscarding(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível descartar o rascunho.'));
    }
  };
  return (
    <div className="space-y-4">
      {manage ? (
        <div className="flex justify-end">
          <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing({ draft: null })}>Novo ato</Button>
        </div>
      ) : null}
      {atos.isPending ? <PageSpinner label="Carregando os atos…" /> : atos.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(atos.error, 'Erro ao carregar os atos.')}</p>
      ) : atos.data.length === 0 ? (
        <EmptyState icon={<ScrollText className="h-10 w-10" />} message={`Nenhum ato em ${year}.`} hint="Admissões, desligamentos, nomeações, investiduras, transferências e advertências." />
      ) : (
        <ul aria-label={`Atos de ${year}`} className="space-y-2">
          {atos.data.map((a) => (
            <li key={a.id}>
              <Card className="space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{a.label ?? 'Rascunho'}</span>
                  <Tag tone={a.status === 'rascunho' ? 'amber' : 'green'}>{ATO_KIND_LABEL[a.kind]}</Tag>
                  <span className="text-sm text-slate-600">{formatDate(a.acted_on)}</span>
                </div>
                <p className="text-slate-800">
                  {a.person_name}{a.role_title ? ` — ${a.role_title}` : ''}
                  {a.term_start && a.term_end ? ` (mandato de ${formatDate(a.term_start)} a ${formatDate(a.term_end)})` : ''}
                </p>
                {a.body ? <p className="whitespace-pre-line text-sm text-slate-700">{a.body}</p> : null}
                {a.voto ? <p className="text-sm text-slate-600">Autorizado pelo {a.voto.label} ({a.voto.ata_label})</p> : null}
                {manage && a.status === 'rascunho' ? (
                  <div className="flex flex-wrap gap-2 pt-1">
                    <Button size="sm" onClick={() => setEditing({ draft: a })}>Confirmar</Button>
                    <Button size="sm" variant="secondary" onClick={() => setDiscarding(a)}>Descartar</Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing ? <AtoFormModal clubId={clubId} draft={editing.draft} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={discarding !== null}
        title="Descartar rascunho?"
        message="O rascunho ainda não tem número: descartá-lo não deixa lacuna no livro."
        confirmLabel="Descartar"
        loading={discard.isPending}
        onConfirm={() => void onDiscard()}
        onCancel={() => setDiscarding(null)}
      />
    </div>
  );
}
