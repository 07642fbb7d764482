import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PrintButton } from '@web/components/ui/print-button';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { childDocumentHref, useChildPasta } from '../api/pastas';
import { PastaView } from '../components/pasta-view';

/** /familia/pasta/:memberId — a guardian reads their child's pasta (each document opened is audited). */
export function Component() {
  const { memberId = '' } = useParams();
  const pasta = useChildPasta(memberId);
  const back = <Link to="/familia" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Família</Link>;
  if (pasta.isPending) return <PageSpinner label="Carregando a pasta…" />;
  if (pasta.isError) return <div className="space-y-4 p-4">{back}<p role="alert" className="text-red-700">{errorMessage(pasta.error, 'Erro ao carregar a pasta.')}</p></div>;
  return (
    <div className="mx-auto max-w-4xl space-y-4 p-4">
      {back}
      <div className="print:hidden">
        <PrintButton variant="secondary" />
      </div>
      <PastaView pasta={pasta.data} clubName={pasta.data.club_name} logoUrl={null} fileHref={(doc) => childDocumentHref(memberId, doc)} />
    </div>
  );
}
