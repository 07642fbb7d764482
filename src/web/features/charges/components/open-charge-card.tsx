import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { CHARGE_ORIGIN_LABEL, CHARGE_STATUS_LABEL, type TOpenCharge } from '@shared/charges';
import { formatMoney } from '@shared/format-brl';
import { PIX_MSG } from '@shared/pix';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Tag } from '@web/components/ui/tag';
import { isoToBrDate } from '@web/lib/br-date';

/** The QR of a BR Code, drawn in the browser (qrcode loads only with this screen). */
function PixQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void import('qrcode').then((QR) => QR.toDataURL(code, { margin: 1, width: 220 })).then((url) => { if (alive) setSrc(url); });
    return () => { alive = false; };
  }, [code]);
  return src ? <img src={src} alt="QR Code PIX" width={220} height={220} className="rounded border border-slate-200" /> : <div className="h-[220px] w-[220px] animate-pulse rounded bg-slate-100" aria-hidden="true" />;
}

/** An open charge with what is still owed and, when the club has a PIX key, its copia e cola and QR. */
export function OpenChargeCard({ charge }: { charge: TOpenCharge }) {
  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Código PIX copiado!');
    } catch {
      toast.error('Não foi possível copiar: selecione o código e copie.');
    }
  }
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
      {charge.pix_copia_e_cola ? (
        <div className="flex flex-col items-center gap-2 sm:flex-row sm:items-start">
          <PixQr code={charge.pix_copia_e_cola} />
          <div className="w-full min-w-0 space-y-2">
            <label className="block text-sm font-medium text-slate-700" htmlFor={`pix-${charge.id}`}>PIX copia e cola</label>
            <textarea id={`pix-${charge.id}`} readOnly rows={4} value={charge.pix_copia_e_cola} className="w-full break-all rounded-lg border border-slate-300 p-2 font-mono text-xs" />
            <Button size="sm" onClick={() => void copy(charge.pix_copia_e_cola ?? '')}>Copiar código PIX</Button>
          </div>
        </div>
      ) : <p className="text-sm text-slate-600">{PIX_MSG.notConfigured}</p>}
    </Card>
  );
}
