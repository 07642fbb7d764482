import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { TCard } from '@shared/carteirinha';
import { PrintButton } from '@web/components/ui/print-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useCards } from '../api/carteirinhas';
import { MemberCard } from '../components/member-card';

/** Only the sheet prints: A4, 10 mm margins, cards two across and five down, cut lines between them. */
const SHEET_CSS = '@media print { @page { size: A4; margin: 10mm } body * { visibility: hidden } .card-sheet, .card-sheet * { visibility: visible } .card-sheet { position: absolute; inset: 0; gap: 4mm; } }';

export function Component() {
  const current = useSelectedClub();
  if (!current.can('secretaria.manage')) return <EmptyState message="Só a secretaria e a diretoria imprimem as carteirinhas." />;
  return <SheetScreen key={current.clubId} clubId={current.clubId} />;
}

/** The A4 sheet of every card in force, to print on card stock and cut. */
function SheetScreen({ clubId }: { clubId: string }) {
  const rows = useCards(clubId);
  if (rows.isPending) return <PageSpinner label="Preparando a folha de carteirinhas…" />;
  if (rows.isError) return <p role="alert" className="text-red-700">{errorMessage(rows.error, 'Erro ao carregar as carteirinhas.')}</p>;
  const cards = rows.data.map((r) => r.card).filter((c): c is TCard => c !== null);
  return (
    <div className="space-y-4">
      <style>{SHEET_CSS}</style>
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Link to="/dashboard/secretaria?livro=carteirinhas" className="inline-flex flex-1 items-center gap-1 text-sm text-emerald-800 hover:underline"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Carteirinhas</Link>
        <PrintButton disabled={cards.length === 0} />
      </div>
      {cards.length === 0 ? <EmptyState message="Nenhuma carteirinha em vigor." hint="Emita as carteirinhas na aba Carteirinhas da secretaria." /> : (
        <>
          <p className="text-sm text-slate-600 print:hidden">{cards.length === 1 ? '1 carteirinha' : `${cards.length} carteirinhas`} · 10 por folha A4 · recorte nas bordas</p>
          <section aria-label="Folha de carteirinhas" className="card-sheet grid grid-cols-1 justify-items-center gap-3 sm:grid-cols-2 print:grid-cols-2">
            {cards.map((c) => <MemberCard key={c.id} clubId={clubId} card={c} />)}
          </section>
        </>
      )}
    </div>
  );
}
