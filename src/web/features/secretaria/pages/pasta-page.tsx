import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, FileDown, Upload } from 'lucide-react';
import { DOCUMENT_KINDS, type TDocumentKind, type TPastaDocument } from '@shared/secretaria-pasta';
import { Button } from '@web/components/ui/button';
import { PrintButton } from '@web/components/ui/print-button';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { documentHref, useExportPasta, usePasta } from '../api/pastas';
import { PastaView } from '../components/pasta-view';
import { RemoveDocumentModal, UploadDocumentModal } from '../components/pasta-document-modals';

export function Component() {
  const { memberId = '' } = useParams();
  const current = useSelectedClub();
  return <PastaScreen key={`${current.clubId}:${memberId}`} clubId={current.clubId} clubName={current.club.name} logoUrl={current.club.logo_url} memberId={memberId} fromSecretaria={current.can('secretaria.read')} />;
}

/** The member's pasta: the secretary and the direction keep documents; it prints as an A4 dossier. */
function PastaScreen({ clubId, clubName, logoUrl, memberId, fromSecretaria }: { clubId: string; clubName: string; logoUrl: string | null; memberId: string; fromSecretaria: boolean }) {
  const pasta = usePasta(clubId, memberId);
  // ?guardar=termo_adesao (the diretoria's 'Guardar termo assinado'): the upload opens with that type chosen.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('guardar');
  const askedKind = DOCUMENT_KINDS.find((k) => k === asked);
  const [uploading, setUploading] = useState<TDocumentKind | '' | null>(askedKind ?? null);
  const closeUpload = () => {
    setUploading(null);
    if (asked !== null) setSearch({}, { replace: true });
  };
  const [removing, setRemoving] = useState<TPastaDocument | null>(null);
  const exporting = useExportPasta(clubId, memberId);
  const back = fromSecretaria
    ? <Link to="/dashboard/secretaria?livro=pastas" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Pastas</Link>
    : <Link to="/dashboard/perfil" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Meu perfil</Link>;
  if (pasta.isPending) return <PageSpinner label="Carregando a pasta…" />;
  if (pasta.isError) return <div className="space-y-4">{back}<p role="alert" className="text-red-700">{errorMessage(pasta.error, 'Erro ao carregar a pasta.')}</p></div>;
  const p = pasta.data;
  const id = p.member.id;
  return (
    <div className="space-y-4">
      {back}
      <div className="flex flex-wrap gap-2 print:hidden">
        {p.can.manage ? <Button icon={<Upload aria-hidden="true" className="h-4 w-4" />} onClick={() => setUploading('')}>Guardar documento</Button> : null}
        <PrintButton variant="secondary">Imprimir dossiê</PrintButton>
        {p.can.manage ? (
          <Button variant="secondary" icon={<FileDown aria-hidden="true" className="h-4 w-4" />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            {exporting.isPending ? 'Exportando…' : 'Exportar pasta (.zip)'}
          </Button>
        ) : null}
      </div>
      {exporting.isError ? <p role="alert" className="text-sm text-red-700 print:hidden">{errorMessage(exporting.error, 'Não foi possível exportar a pasta. Tente novamente.')}</p> : null}
      <PastaView pasta={p} clubName={clubName} logoUrl={logoUrl} fileHref={(doc) => documentHref(clubId, id, doc)} onRemove={p.can.manage ? setRemoving : undefined} />
      {uploading !== null && p.can.manage ? <UploadDocumentModal clubId={clubId} memberId={id} minor={p.member.minor} kind={uploading} onClose={closeUpload} /> : null}
      {removing ? <RemoveDocumentModal clubId={clubId} memberId={id} document={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}
