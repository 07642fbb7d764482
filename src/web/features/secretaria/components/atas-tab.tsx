import { useState } from 'react';
import { Link } from 'react-router';
import { BookOpen, Plus, Printer } from 'lucide-react';
import { ATA_KIND_LABEL, ATA_STATUS_LABEL, type TAtaSummary } from '@shared/secretaria';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useAtas } from '../api/atas';
import { AtaFormModal } from './ata-form-modal';

const STATUS_TONE: Record<TAtaSummary['status'], 'gray' | 'blue' | 'green'> = { rascunho: 'gray', aprovada: 'blue', encerrada: 'green' };

/** Livro de atas of a year: newest first, each opening its page (approve, close, print). */
export function AtasTab({ clubId, year, manage }: { clubId: string; year: number; manage: boolean }) {
  const atas = useAtas(clubId, year);
  const [writing, setWriting] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap justify-end gap-2">
        {atas.data && atas.data.length > 0 ? (
          <Link to={`/dashboard/secretaria/livro-de-atas/${year}`} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"><Printer aria-hidden="true" className="h-4 w-4" /> Livro de {year} (imprimir)</Link>
        ) : null}
        {manage ? <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setWriting(true)}>Nova ata</Button> : null}
      </div>
      {atas.isPending ? <PageSpinner label="Carregando as atas…" /> : atas.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(atas.error, 'Erro ao carregar as atas.')}</p>
      ) : atas.data.length === 0 ? (
        <EmptyState icon={<BookOpen className="h-10 w-10" />} message={`Nenhuma ata em ${year}.`} hint="As atas são numeradas por ano: a primeira do ano é a Ata nº 1." />
      ) : (
        <ul aria-label={`Atas de ${year}`} className="space-y-2">
          {atas.data.map((a) => (
            <li key={a.id}>
              <Card className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <Link to={`/dashboard/secretaria/atas/${a.id}`} className="font-semibold text-slate-900 hover:underline">{a.label}</Link>
                  <p className="text-sm text-slate-600">{ATA_KIND_LABEL[a.kind]} · {formatDate(a.held_on)} · {a.place}</p>
                  <p className="text-xs text-slate-500">{a.present_count} presentes · {a.voto_count === 1 ? '1 voto' : `${a.voto_count} votos`}</p>
                </div>
                <span className="self-start sm:self-auto"><Tag tone={STATUS_TONE[a.status]}>{ATA_STATUS_LABEL[a.status]}</Tag></span>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {writing ? <AtaFormModal clubId={clubId} ata={null} closedAtas={atas.data?.filter((a) => a.status === 'encerrada') ?? []} onClose={() => setWriting(false)} /> : null}
    </div>
  );
}
