import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PrintButton } from '@web/components/ui/print-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useOficio } from '../api/oficios';
import { PrintSheet } from '@web/components/print-sheet';

export function Component() {
  const { id = '' } = useParams();
  const current = useSelectedClub();
  if (!current.can('secretaria.read')) return <EmptyState message="Sua função no clube não dá acesso à secretaria." />;
  return <OficioScreen key={`${current.clubId}:${id}`} clubId={current.clubId} clubName={current.club.name} logoUrl={current.club.logo_url} id={id} />;
}

const BACK = <Link to="/dashboard/secretaria?livro=oficios" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Ofícios</Link>;

/** An ofício sent, as printed on the club's A4 letterhead. */
function OficioScreen({ clubId, clubName, logoUrl, id }: { clubId: string; clubName: string; logoUrl: string | null; id: string }) {
  const oficio = useOficio(clubId, id);
  if (oficio.isPending) return <PageSpinner label="Carregando o ofício…" />;
  if (oficio.isError) return <div className="space-y-4">{BACK}<p role="alert" className="text-red-700">{errorMessage(oficio.error, 'Erro ao carregar o ofício.')}</p></div>;
  const o = oficio.data;
  return (
    <div className="space-y-4">
      {BACK}
      <div className="print:hidden">
        <PrintButton variant="secondary" />
      </div>
      <PrintSheet clubName={clubName} logoUrl={logoUrl} title={o.label} subtitle={formatDate(o.dated_on)} signatures={['Secretário(a)', 'Diretor(a)']}>
        <p><strong>Ao(À):</strong> {o.counterpart}</p>
        <p><strong>Assunto:</strong> {o.subject}</p>
        <p className="whitespace-pre-line text-justify">{o.body}</p>
      </PrintSheet>
    </div>
  );
}
