import type { ReactNode } from 'react';

/** Only the sheet prints, on A4, whatever the screen around it (the menu, the buttons). */
const PRINT_CSS = '@media print { @page { size: A4; margin: 15mm } body * { visibility: hidden } .assoc-print, .assoc-print * { visibility: visible } .assoc-print { position: absolute; inset: 0; box-shadow: none; border: 0 } }';

/** A document for the Associação as printed: the club, the title, the body and the signature lines. */
export function AssocPrintSheet({ clubName, title, subtitle, signatures, children }: { clubName: string; title: string; subtitle?: ReactNode; signatures: string[]; children: ReactNode }) {
  return (
    <article className="assoc-print mx-auto max-w-[210mm] space-y-4 rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-sm sm:p-8">
      <style>{PRINT_CSS}</style>
      <header className="border-b-2 border-slate-800 pb-2">
        <p className="text-xs uppercase tracking-wide text-slate-600">Clube de Desbravadores</p>
        <p className="break-words text-lg font-bold">{clubName}</p>
      </header>
      <div className="text-center">
        <h1 className="text-xl font-bold">{title}</h1>
        {subtitle ? <div className="mt-1 text-sm text-slate-700">{subtitle}</div> : null}
      </div>
      <div className="space-y-4 text-sm">{children}</div>
      {signatures.length > 0 ? (
        <footer className="grid gap-10 pt-10 sm:grid-cols-2">
          {signatures.map((s) => <div key={s} className="border-t border-slate-800 pt-1 text-center text-sm">{s}</div>)}
        </footer>
      ) : null}
    </article>
  );
}
