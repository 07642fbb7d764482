import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '@web/components/ui/button';

/** The QR of a BR Code, drawn in the browser (qrcode loads only with this screen). */
export function PixQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void import('qrcode').then((QR) => QR.toDataURL(code, { margin: 1, width: 220 })).then((url) => { if (alive) setSrc(url); });
    return () => { alive = false; };
  }, [code]);
  return src ? <img src={src} alt="QR Code PIX" width={220} height={220} className="rounded border border-slate-200" /> : <div className="h-[220px] w-[220px] animate-pulse rounded bg-slate-100" aria-hidden="true" />;
}

/** QR plus the copia e cola text and its copy button, for what a charge still owes. */
export function PixPay({ id, code }: { id: string; code: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Código PIX copiado!');
    } catch {
      toast.error('Não foi possível copiar: selecione o código e copie.');
    }
  }
  return (
    <div className="flex flex-col items-center gap-2 sm:flex-row sm:items-start">
      <PixQr code={code} />
      <div className="w-full min-w-0 space-y-2">
        <label className="block text-sm font-medium text-slate-700" htmlFor={`pix-${id}`}>PIX copia e cola</label>
        <textarea id={`pix-${id}`} readOnly rows={4} value={code} className="w-full break-all rounded-lg border border-slate-300 p-2 font-mono text-xs" />
        <Button size="sm" onClick={() => void copy()}>Copiar código PIX</Button>
      </div>
    </div>
  );
}
