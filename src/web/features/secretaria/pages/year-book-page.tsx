import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ATA_KIND_LABEL } from '@shared/secretaria';
import { PrintButton } from '@web/components/ui/print-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useYearBook } from '../api/atas';
import { AtaSheet } from './ata-page';

/** The volume prints whole: the index on the first page, then each ata on a page of its own (A4). */
const BOOK_CSS = '@media print { @page { size: A4; margin: 18mm } body * { visibility: hidden } .sec-book, .sec-book * { visibility: visible } .sec-book { position: absolute; inset: 0 } .sec-book .sec-print { position: static; break-before: page } }';

export function Component() {
  const current = useSelectedClub();
  const { year = '' } = useParams();
  const y = Number(year);
  if (!current.can('secretaria.read')) return <EmptyState message="Sua função no clube não dá acesso à secretaria." />;
  if (!Number.isInteger(y) || y < 1900 || y > 2200) return <EmptyState message="Ano inválido." />;
  return <BookScreen key={`${current.clubId}:${y}`} clubId={current.clubId} clubName={current.club.name} logoUrl={current.club.logo_url} year={y} />;
}

/** Livro de atas of a year as one volume: an index (number, date, kind, its page) and every ata whole. */
function BookScreen({ clubId, clubName, logoUrl, year }: { clubId: string; clubName: string; logoUrl: string | null; year: number }) {
  const book = useYearBook(clubId, year);
  if (book.isPending) return <PageSpinner label="Montando o livro de atas…" />;
  if (book.isError) return <p role="alert" className="text-red-700">{errorMessage(book.error, 'Erro ao carregar o livro de atas.')}</p>;
  const atas = book.data;
  return (
    <div className="space-y-4">
      <style>{BOOK_CSS}</style>
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Link to={`/dashboard/secretaria?livro=atas&ano=${year}`} className="inline-flex flex-1 items-center gap-1 text-sm text-emerald-800 hover:underline"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Livro de atas</Link>
        <PrintButton disabled={atas.length === 0}>Imprimir o livro</PrintButton>
      </div>
      {atas.length === 0 ? <EmptyState message={`Nenhuma ata em ${year}.`} /> : (
        <div className="sec-book space-y-6">
          <section aria-label="Índice" className="mx-auto max-w-[210mm] space-y-3 rounded-lg border border-slate-200 bg-white p-5 text-slate-900 sm:p-10">
            <p className="text-xs uppercase tracking-wide text-slate-600">{clubName}</p>
            <h1 className="text-2xl font-bold">Livro de atas — {year}</h1>
            <table className="w-full border-collapse text-sm">
              <thead><tr className="border-b-2 border-slate-800 text-left"><th className="py-1">Ata</th><th>Data</th><th>Reunião</th><th className="text-right">Página</th></tr></thead>
              <tbody>
                {atas.map((a, i) => (
                  <tr key={a.id} className="border-b border-slate-300">
                    <td className="py-1"><a href={`#ata-${a.number}`} className="text-emerald-800 hover:underline print:text-slate-900">{a.label}</a></td>
                    <td>{formatDate(a.held_on)}</td>
                    <td>{ATA_KIND_LABEL[a.kind]}</td>
                    <td className="text-right">{i + 2}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {atas.map((a) => (
            <div key={a.id} id={`ata-${a.number}`} className="scroll-mt-4">
              <AtaSheet ata={a} clubName={clubName} logoUrl={logoUrl} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
