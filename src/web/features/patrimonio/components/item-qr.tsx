import { useEffect, useState } from 'react';

/** The QR of an item's page, drawn in the browser (qrcode loads only with this screen, as the PIX one). */
export function ItemQr({ url, size = 160, label }: { url: string; size?: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void import('qrcode').then((QR) => QR.toDataURL(url, { margin: 1, width: size })).then((data) => { if (alive) setSrc(data); });
    return () => { alive = false; };
  }, [url, size]);
  return src ? <img src={src} alt={label} width={size} height={size} /> : <div style={{ width: size, height: size }} className="animate-pulse rounded bg-slate-100" aria-hidden="true" />;
}

/** Where a phone that reads the label lands: the item's page. */
export const itemPageUrl = (itemId: string) => `${typeof location === 'undefined' ? '' : location.origin}/dashboard/patrimonio/${itemId}`;
