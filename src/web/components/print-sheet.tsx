import type { ReactNode } from 'react';

/** Only the sheet prints, on A4, whatever the screen around it (the menu, the buttons). */
export const PRINT_CSS = '@media print { @page { size: A4; margin: 18mm } body * { visibility: hidden } .sec-print, .sec-print * { visibility: visible } .sec-print { position: absolute; inset: 0; box-shadow: none; border: 0 } }';

/**
 * A page the club prints on A4 (the secretaria's books, the pasta, the termo de adesão): the club's header, the title, the text, and the signature
 * lines of those who sign it.
 */
export function PrintSheet({ clubName, logoUrl, title, subtitle, signatures, children }: {
  clubName: string;
  logoUrl: string | null;
  title: string;
  subtitle?: ReactNode;
  signatures: string[];
  children: ReactNode;
}) {
  return (
    <article className="sec-print mx-auto max-w-[210mm] space-y-5 rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-sm sm:p-10">
      <style>{PRINT_CSS}</style>
      <header className="flex items-center gap-4 border-b-2 border-slate-800 pb-3">
        {logoUrl ? <img src={logoUrl} alt="" className="h-14 w-14 object-contain" /> : null}
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-wide text-slate-600">Clube de Desbravadores</p>
          <p className="break-words text-lg font-bold">{clubName}</p>
        </div>
      </header>
      <div className="text-center">
        <h1 className="text-xl font-bold">{title}</h1>
        {subtitle ? <div className="mt-1 text-sm text-slate-700">{subtitle}</div> : null}
      </div>
      <div className="space-y-4 text-[15px] leading-relaxed">{children}</div>
      {signatures.length > 0 ? (
        <footer className="grid gap-10 pt-12 sm:grid-cols-2">
          {signatures.map((s) => (
            <div key={s} className="border-t border-slate-800 pt-1 text-center text-sm">{s}</div>
          ))}
        </footer>
      ) : null}
    </article>
  );
}
