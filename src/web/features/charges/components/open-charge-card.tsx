import type { TOpenCharge } from '@shared/charges';
import { CHARGE_ORIGIN_LABEL, CHARGE_STATUS_LABEL } from '@shared/charge-labels';
import { formatMoney } from '@shared/format-brl';
import { PIX_MSG } from '@shared/pix';
import { Card } from '@web/components/ui/card';
import { Tag } from '@web/components/ui/tag';
import { isoToBrDate } from '@web/lib/br-date';
import { PixPay } from './pix-qr';

/** An open charge with what is still owed and, when the club has a PIX key, its copia e cola and QR. */
export function OpenChargeCard({ charge }: { charge: TOpenCharge }) {
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{charge.description}</h3>
          <p className="text-sm text-slate-600">{CHARGE_ORIGIN_LABEL[charge.origin]} · vence em {isoToBrDate(charge.due_date)} · código {charge.short_code}</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold text-slate-900">{formatMoney(charge.open_amount)}</p>
          {charge.overdue ? <Tag tone="red">Vencida</Tag> : <Tag>{CHARGE_STATUS_LABEL[charge.status]}</Tag>}
        </div>
      </div>
      {charge.pix_copia_e_cola ? <PixPay id={charge.id} code={charge.pix_copia_e_cola} /> : <p className="text-sm text-slate-600">{PIX_MSG.notConfigured}</p>}
    </Card>
  );
}
