import type { TMyPayment } from '@shared/charges';
import { PAYMENT_METHOD_LABEL } from '@shared/charge-labels';
import { formatMoney } from '@shared/format-brl';
import { isoToBrDate } from '@web/lib/br-date';

/** Payments that stand, each with its printable 'recibo'. */
export function PaymentsList({ payments, receiptHref }: { payments: TMyPayment[]; receiptHref: (id: string) => string }) {
  if (payments.length === 0) return null;
  return (
    <section aria-label="Pagamentos" className="space-y-2">
      <h3 className="font-semibold text-slate-900">Pagamentos</h3>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {payments.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <div>
              <p className="font-medium text-slate-900">{p.description} · {formatMoney(p.amount)}</p>
              <p className="text-xs text-slate-600">{isoToBrDate(p.paid_on)} · {PAYMENT_METHOD_LABEL[p.method]}</p>
            </div>
            <a className="text-sm font-medium text-emerald-800 underline" href={receiptHref(p.id)} target="_blank" rel="noopener">Recibo</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
