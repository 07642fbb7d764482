import { Link } from 'react-router';
import { NotebookPen, Smartphone } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useVisitas } from '../api/visitas';

const LINK_BUTTON = 'inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2';

/** Livro de visitas: who visited, from which church or club, and their note. */
export function VisitasTab({ clubId, year, sign }: { clubId: string; year: number; sign: boolean }) {
  const visitas = useVisitas(clubId, year);
  return (
    <div className="space-y-4">
      {sign ? (
        <div className="flex justify-end">
          <Link to="/dashboard/secretaria/visitas/assinar" className={LINK_BUTTON}><Smartphone aria-hidden="true" className="h-4 w-4" /> Passar o celular ao visitante</Link>
        </div>
      ) : null}
      {visitas.isPending ? <PageSpinner label="Carregando o livro de visitas…" /> : visitas.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(visitas.error, 'Erro ao carregar o livro de visitas.')}</p>
      ) : visitas.data.length === 0 ? (
        <EmptyState icon={<NotebookPen className="h-10 w-10" />} message={`Nenhuma visita em ${year}.`} hint="Um líder passa o celular ao visitante, que escreve o nome e um recado." />
      ) : (
        <ul aria-label={`Visitas de ${year}`} className="space-y-2">
          {visitas.data.map((v) => (
            <li key={v.id}>
              <Card className="space-y-1">
                <p className="font-semibold text-slate-900">{v.name}</p>
                <p className="text-sm text-slate-600">{formatDate(v.visited_on)}{v.origin ? ` · ${v.origin}` : ''}</p>
                {v.note ? <p className="whitespace-pre-line text-sm text-slate-800">“{v.note}”</p> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
