import { useState } from 'react';
import { Link } from 'react-router';
import { PackageCheck } from 'lucide-react';
import { BORROWER_LABEL, type TLoan } from '@shared/patrimonio';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useOpenLoans } from '../api/items';
import { toast } from 'react-hot-toast';
import { ReturnModal } from './item-actions';
import { QrScanButton } from './qr-scan';

/** One loan: who has it, until when, overdue in red; a leader records its return. */
export function LoanRow({ loan, canReturn, onReturn }: { loan: TLoan; canReturn: boolean; onReturn: (l: TLoan) => void }) {
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="min-w-0 flex-1">
        <Link to={`/dashboard/patrimonio/${loan.item_id}`} className="font-medium text-slate-900 hover:underline">{loan.item_name}</Link>
        {loan.quantity > 1 ? <span className="text-sm text-slate-600"> × {loan.quantity}</span> : null}
        <p className="text-sm text-slate-700">{BORROWER_LABEL[loan.borrower_kind]}: {loan.borrower_name} · devolver até {formatDate(loan.due_on)}</p>
      </div>
      {loan.overdue ? <Tag tone="red">Atrasado</Tag> : <Tag tone="blue">Emprestado</Tag>}
      {canReturn ? <Button size="sm" variant="secondary" onClick={() => onReturn(loan)} aria-label={`Registrar devolução: ${loan.item_name} (${loan.borrower_name})`}>Devolução</Button> : null}
    </li>
  );
}

/** What is out now, the overdue first. */
export function LoansList({ clubId }: { clubId: string }) {
  const loans = useOpenLoans(clubId);
  const [returning, setReturning] = useState<TLoan | null>(null);
  if (loans.isPending) return <PageSpinner label="Carregando empréstimos…" />;
  if (loans.isError) return <p role="alert" className="text-red-700">{errorMessage(loans.error, 'Erro ao carregar os empréstimos.')}</p>;
  if (loans.data.length === 0) return <EmptyState icon={<PackageCheck className="h-10 w-10" />} message="Nada emprestado agora." hint="Tudo está no almoxarifado." />;
  /** A label read on return: the item's oldest open loan opens for its check-in. */
  const scanned = (itemId: string | null) => {
    const open = loans.data.filter((l) => l.item_id === itemId).sort((a, b) => a.out_at.localeCompare(b.out_at));
    if (open.length === 0) { toast.error(itemId ? 'Este item não está emprestado: não há devolução a registrar.' : 'Este QR não é a etiqueta de um item do patrimônio.'); return; }
    setReturning(open[0]);
  };
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <p className="flex-1 text-sm text-slate-700">Na devolução, leia a etiqueta QR do item com a câmera ou escolha na lista.</p>
        <QrScanButton label="Ler QR da devolução" title="Ler a etiqueta do item devolvido" onItem={scanned} />
      </div>
      <ul aria-label="Itens emprestados" className="space-y-2">
        {loans.data.map((l) => <LoanRow key={l.id} loan={l} canReturn onReturn={setReturning} />)}
      </ul>
      {returning ? <ReturnModal clubId={clubId} loan={returning} onClose={() => setReturning(null)} /> : null}
    </>
  );
}
