import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PrintButton } from '../../../components/ui/print-button';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useInvestiture } from '../api/investitures';
import { brDate } from '../components/br-date';

/**
 * /dashboard/programa/investidura/:id: the ceremony's list, then one A4 certificate per invested
 * item; 'Imprimir' uses the browser (print CSS hides the app around it, one certificate per page).
 */
export function InvestiturePage({ clubId, id }: { clubId: string; id: string }) {
  const inv = useInvestiture(clubId, id);
  if (inv.isLoading) return <PageSpinner />;
  if (inv.isError || !inv.data) return <p role="alert" className="text-red-700">{errorMessage(inv.error, 'Erro ao carregar a investidura.')}</p>;
  const d = inv.data;
  return (
    <div className="investiture-print mx-auto max-w-3xl">
      <style>{'@media print { @page { size: A4; margin: 18mm } body * { visibility: hidden } .investiture-print, .investiture-print * { visibility: visible } .investiture-print { position: absolute; inset: 0 } .no-print { display: none } .certificate { break-before: page } }'}</style>
      <div className="no-print mb-4 flex flex-wrap items-center justify-between gap-2">
        <Link to="/dashboard/programa" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800 hover:underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Classes e especialidades
        </Link>
        <PrintButton />
      </div>
      <h1 className="text-2xl font-bold text-slate-900">Investidura — {d.club_name}</h1>
      <p className="mb-4 text-slate-700">{brDate(d.held_on)} · {d.place}</p>
      <table className="mb-8 w-full text-left text-sm">
        <thead><tr className="border-b border-slate-300"><th scope="col" className="py-1">Membro</th><th scope="col" className="py-1">Classe ou especialidade</th></tr></thead>
        <tbody>
          {d.invested.map((r) => <tr key={r.enrolment_id} className="border-b border-slate-100"><td className="py-1">{r.full_name}</td><td className="py-1">{r.item_name}</td></tr>)}
        </tbody>
      </table>
      {d.invested.map((r) => (
        <section key={r.enrolment_id} aria-label={`Certificado de ${r.full_name}`} className="certificate mb-8 rounded-xl border-4 border-double border-emerald-800 p-10 text-center">
          <p className="text-sm uppercase tracking-widest text-emerald-900">{d.club_name}</p>
          <h2 className="my-6 text-3xl font-bold text-slate-900">Certificado de Investidura</h2>
          <p className="text-lg text-slate-800">Certificamos que</p>
          <p className="my-3 text-2xl font-semibold text-slate-900">{r.full_name}</p>
          <p className="text-lg text-slate-800">recebeu a investidura {r.kind === 'class' ? 'na classe' : 'na especialidade'} <strong>{r.item_name}</strong></p>
          <p className="mt-6 text-slate-700">{d.place}, {brDate(d.held_on)}</p>
          <div className="mt-14 grid grid-cols-2 gap-10 text-sm text-slate-700">
            <p className="border-t border-slate-500 pt-1">Diretor(a)</p>
            <p className="border-t border-slate-500 pt-1">Instrutor(a)</p>
          </div>
        </section>
      ))}
    </div>
  );
}
