import { useEffect, useState } from 'react';
import type { TCard } from '@shared/carteirinha';
import { formatDate } from '@web/lib/format';

/** Where a phone that reads the card's QR lands: the public check page. */
export const cardCheckUrl = (token: string) => `${typeof location === 'undefined' ? '' : location.origin}/carteirinha/${token}`;

/** The QR of a card, drawn in the browser (qrcode loads only with these screens, as the patrimônio labels). */
function CardQr({ url, label }: { url: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void import('qrcode').then((QR) => QR.toDataURL(url, { margin: 1, width: 240 })).then((data) => { if (alive) setSrc(data); });
    return () => { alive = false; };
  }, [url]);
  return src
    ? <img src={src} alt={label} className="h-[26mm] w-[26mm] shrink-0" data-qr-url={url} />
    : <div className="h-[26mm] w-[26mm] shrink-0 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
}

const EXACT_COLOURS = { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' } as const;

/**
 * The member's photo, read from their pasta (the same audited read as opening the document; a minor's only
 * for whom the pasta allows), or their initials when there is none or it cannot be read.
 */
function CardPhoto({ clubId, card }: { clubId: string; card: TCard }) {
  const [failed, setFailed] = useState(false);
  if (card.photo_document_id && !failed) {
    return (
      <img src={`/api/clubs/${clubId}/secretaria/pastas/${card.member_id}/documentos/${card.photo_document_id}/arquivo`} alt={`Foto de ${card.full_name}`}
        className="h-14 w-11 shrink-0 rounded object-cover" style={EXACT_COLOURS} onError={() => setFailed(true)} />
    );
  }
  return <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-base font-bold text-emerald-900" style={EXACT_COLOURS}>{card.initials}</span>;
}

/**
 * One carteirinha at the size of a bank card (85.6 × 54 mm): the photo from the member's pasta (or the
 * initials), name, club, unit, function, class, validity and the QR of the public check.
 */
export function MemberCard({ clubId, card }: { clubId: string; card: TCard }) {
  const faded = card.status !== 'ativa';
  return (
    <article aria-label={`Carteirinha de ${card.full_name}`} className="card-print flex h-[54mm] w-[85.6mm] max-w-full break-inside-avoid flex-col overflow-hidden rounded-xl border border-slate-300 bg-white text-slate-900 shadow-sm print:shadow-none">
      <header className="bg-emerald-800 px-3 py-1 text-white print:bg-emerald-800" style={{ printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' }}>
        <p className="truncate text-[11px] font-semibold uppercase tracking-wide">{card.club_name}</p>
      </header>
      <div className="flex min-h-0 flex-1 gap-2 p-2">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex items-center gap-2">
            <CardPhoto clubId={clubId} card={card} />
            <p className="line-clamp-2 text-sm font-bold leading-tight">{card.full_name}</p>
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-1.5 text-[10px] leading-snug">
            <dt className="text-slate-500">Unidade</dt><dd className="truncate">{card.unit_name ?? '—'}</dd>
            <dt className="text-slate-500">Função</dt><dd className="truncate">{card.function_label}</dd>
            <dt className="text-slate-500">Classe</dt><dd className="truncate">{card.class_name ?? '—'}</dd>
            <dt className="text-slate-500">Validade</dt><dd className={faded ? 'font-semibold text-red-700' : 'font-semibold'}>{formatDate(card.valid_until)}{card.status === 'vencida' ? ' (vencida)' : ''}</dd>
          </dl>
        </div>
        <CardQr url={cardCheckUrl(card.token)} label={`QR de conferência da carteirinha de ${card.full_name}`} />
      </div>
    </article>
  );
}
