import { lazy, Suspense, useState } from 'react';
import { ScanLine } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';

// The camera and the decoder load only when someone taps 'Ler QR' (a chunk of their own: the bundle budget).
const QrScannerModal = lazy(() => import('./qr-scanner-modal').then((m) => ({ default: m.QrScannerModal })));

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The item a scanned label points at: the label's QR holds the item page's URL
 * (`…/dashboard/patrimonio/<id>`); a bare id is read as well. Anything else is null.
 */
export function itemIdFromCode(code: string): string | null {
  const text = code.trim();
  const page = /\/dashboard\/patrimonio\/([0-9a-f-]{36})(?:[/?#]|$)/i.exec(text);
  if (page && UUID.test(page[1])) return page[1].toLowerCase();
  return /^[0-9a-f-]{36}$/i.test(text) && UUID.test(text) ? text.toLowerCase() : null;
}

/** 'Ler QR': opens the phone's camera in the app and hands the item id of the label read to onItem. */
export function QrScanButton({ label = 'Ler QR', title, onItem, disabled }: { label?: string; title: string; onItem: (itemId: string | null, code: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" icon={<ScanLine aria-hidden="true" className="h-4 w-4" />} disabled={disabled} onClick={() => setOpen(true)}>{label}</Button>
      {open ? (
        <Suspense fallback={<PageSpinner label="Abrindo a câmera…" />}>
          <QrScannerModal title={title} onClose={() => setOpen(false)} onCode={(code) => { setOpen(false); onItem(itemIdFromCode(code), code); }} />
        </Suspense>
      ) : null}
    </>
  );
}
