import { useParams } from 'react-router';
import { PAYMENT_METHOD_LABEL, receiptSubject } from '@shared/charges';
import { formatMoney } from '@shared/format-brl';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useReceipt } from '../api/receipts';

/** The printable 'recibo' of one payment: the club's name and logo, who paid, whom for, the amount in figures and words. */
export function Component() {
  const { clubId, memberId, paymentId = '' } = useParams();
  const receipt = useReceipt(paymentId, memberId ? { memberId } : { clubId: clubId ?? '' });
  if (receipt.isPending) return <PageSpinner />;
  if (receipt.isError) return <p role="alert" className="p-6 text-red-700">{errorMessage(receipt.error, 'Erro ao carregar o recibo.')}</p>;
  const r = receipt.data;
  const today = isoToBrDate(new Date().toISOString().slice(0, 10));
  return (
    <main className="mx-auto max-w-2xl p-4 print:p-0">
      <article aria-label="Recibo" className="space-y-5 rounded-lg border border-slate-300 bg-white p-6 print:border-0">
        <header className="flex items-center gap-4 border-b border-slate-200 pb-4">
          {r.club_logo_url ? <img src={r.club_logo_url} alt={`Logo do ${r.club_name}`} className="h-16 w-16 rounded object-contain" /> : null}
          <div>
            <p className="text-lg font-bold text-slate-900">{r.club_name}</p>
            <h1 className="text-2xl font-bold text-slate-900">Recibo nº {r.number}</h1>
          </div>
        </header>
        {r.reversed ? <p role="alert" className="rounded bg-red-50 p-2 font-semibold text-red-800">Pagamento estornado: este recibo não vale.</p> : null}
        <p className="text-slate-800">
          Recebemos{r.payer_name ? <> de <strong>{r.payer_name}</strong></> : null} a quantia de <strong>{formatMoney(r.amount)}</strong>{' '}
          ({r.amount_in_words}), referente a <strong>{receiptSubject(r.description, r.origin)}</strong> de <strong>{r.member_name}</strong>,
          paga em {isoToBrDate(r.paid_on)} por {PAYMENT_METHOD_LABEL[r.method]}.
        </p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-600">Valor da cobrança</dt><dd className="text-right font-medium">{formatMoney(r.charge_amount)}</dd>
          <dt className="text-slate-600">Ainda em aberto</dt><dd className="text-right font-medium">{formatMoney(r.charge_open_amount)}</dd>
        </dl>
        <p className="text-sm text-slate-600">{r.club_city ? `${r.club_city}, ` : ''}{today}.</p>
        <p className="border-t border-slate-400 pt-1 text-center text-sm text-slate-700 sm:mx-auto sm:w-64">Tesouraria do {r.club_name}</p>
      </article>
      <div className="mt-4 flex justify-center print:hidden">
        <Button onClick={() => window.print()}>Imprimir recibo</Button>
      </div>
    </main>
  );
}
