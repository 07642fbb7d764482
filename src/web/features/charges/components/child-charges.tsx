import { Card } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api';
import { useChildCharges, useChildPayments } from '../api/receipts';
import { OpenChargeCard } from './open-charge-card';
import { PaymentsList } from './payments-list';

/** /familia: a child's open charges, each with the PIX to pay it, and the receipts of what was paid. */
export function ChildCharges({ memberId }: { memberId: string }) {
  const charges = useChildCharges(memberId);
  const payments = useChildPayments(memberId);
  if (charges.isPending) return null;
  if (charges.isError) return <p role="alert" className="text-sm text-red-700">{errorMessage(charges.error, 'Erro ao carregar as cobranças.')}</p>;
  return (
    <Card className="space-y-3 p-4">
      <h3 className="font-semibold text-slate-900">Cobranças</h3>
      {charges.data.length === 0 ? <p className="text-sm text-slate-600">Nenhuma cobrança em aberto.</p> : charges.data.map((c) => <OpenChargeCard key={c.id} charge={c} />)}
      {payments.data ? <PaymentsList payments={payments.data} receiptHref={(id) => `/familia/recibo/${memberId}/${id}`} /> : null}
    </Card>
  );
}
