import { useParams } from 'react-router';
import { CALENDAR_KIND_LABELS, MONTHS_PT, type TCalendarItem } from '@shared/associacao-plan';
import { PrintButton } from '@web/components/ui/print-button';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { usePlan } from '../api/plan';
import { itemsInMonth, whenText } from '../components/plan-month-grid';

const WEEKDAY_NAMES = ['domingos', 'segundas', 'terças', 'quartas', 'quintas', 'sextas', 'sábados'];

/** The days of a month's meetings, one line ('Reunião regular: sábados 6, 13, 20 e 27, 15:00'). */
function meetingLines(items: TCalendarItem[]): string[] {
  const byTitle = new Map<string, TCalendarItem[]>();
  for (const i of items) byTitle.set(`${i.title}\u0001${i.time ?? ''}`, [...(byTitle.get(`${i.title}\u0001${i.time ?? ''}`) ?? []), i]);
  return [...byTitle.values()].map((list) => {
    const days = list.map((i) => String(Number(i.starts_on.slice(8))));
    const joined = days.length === 1 ? days[0] : `${days.slice(0, -1).join(', ')} e ${days.at(-1)}`;
    const weekdays = new Set(list.map((i) => new Date(`${i.starts_on}T00:00:00Z`).getUTCDay()));
    const when = weekdays.size === 1 ? `${WEEKDAY_NAMES[[...weekdays][0]]} ` : 'dias ';
    return `${list[0].title}: ${when}${joined}${list[0].time ? `, ${list[0].time}` : ''}`;
  });
}

/** The annual plan on A4: the diretoria, the calendar month by month, the goals, and the three signatures. */
export function Component() {
  const { clubId = '', year = '' } = useParams();
  const y = Number(year) || new Date().getFullYear();
  const plan = usePlan(clubId, y);
  if (plan.isPending) return <PageSpinner label="Carregando o planejamento…" />;
  if (plan.isError) return <p role="alert" className="p-6 text-red-700">{errorMessage(plan.error, 'Erro ao carregar o planejamento.')}</p>;
  const p = plan.data;
  return (
    <main className="plan-a4 mx-auto max-w-[210mm] space-y-5 bg-white p-4 text-slate-900 print:max-w-none print:p-0">
      <style>{'@page { size: A4; margin: 15mm; }'}</style>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex-1">
          <p className="text-sm uppercase tracking-wide text-slate-600">{p.club_name}</p>
          <h1 className="text-2xl font-bold">Planejamento anual {p.year}</h1>
        </div>
        <PrintButton className="print:hidden" />
      </div>
      {p.signed_on ? <p className="text-sm">Assinado em {isoToBrDate(p.signed_on)}.</p> : null}

      <section aria-label="Diretoria" className="break-inside-avoid">
        <h2 className="mb-1 border-b-2 border-slate-800 text-lg font-semibold">Diretoria</h2>
        {p.diretoria.length === 0 ? <p className="text-sm">Nenhum cargo cadastrado.</p> : (
          <table className="w-full text-sm">
            <tbody>
              {p.diretoria.map((d) => (
                <tr key={`${d.post_label}-${d.full_name}-${d.starts_on}`} className="border-b border-slate-300">
                  <td className="py-1 pr-2 text-slate-700">{d.post_label}</td>
                  <td className="py-1 pr-2 font-medium">{d.full_name}</td>
                  <td className="py-1 text-right text-slate-700">{isoToBrDate(d.starts_on)} a {isoToBrDate(d.ends_on)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-label="Metas" className="break-inside-avoid">
        <h2 className="mb-1 border-b-2 border-slate-800 text-lg font-semibold">Metas</h2>
        {p.goals ? <p className="whitespace-pre-wrap text-sm">{p.goals}</p> : <p className="text-sm text-slate-600">Nenhuma meta escrita.</p>}
      </section>

      <section aria-label="Calendário">
        <h2 className="mb-1 border-b-2 border-slate-800 text-lg font-semibold">Calendário</h2>
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2 print:grid-cols-2">
          {MONTHS_PT.map((name, idx) => {
            const items = itemsInMonth(p.calendar.items, p.year, idx + 1);
            const meetings = items.filter((i) => i.kind === 'meeting');
            const others = items.filter((i) => i.kind !== 'meeting');
            return (
              <div key={name} className="break-inside-avoid text-sm">
                <h3 className="font-semibold capitalize">{name}</h3>
                {items.length === 0 ? <p className="text-slate-600">—</p> : (
                  <ul>
                    {meetingLines(meetings).map((l) => <li key={l}>{l}</li>)}
                    {others.map((i) => <li key={i.key}>{whenText(i)} — {i.title} <span className="text-slate-600">({CALENDAR_KIND_LABELS[i.kind]})</span></li>)}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      </section>

      <section aria-label="Assinaturas" className="break-inside-avoid pt-8">
        <div className="grid grid-cols-1 gap-10 sm:grid-cols-3 print:grid-cols-3">
          {['Direção do clube', 'Pastor distrital', 'Coordenação regional'].map((role) => (
            <div key={role} className="text-center text-sm">
              <div className="mb-1 h-10 border-b border-slate-900" />
              <p>{role}</p>
              <p className="text-slate-600">Data: ____/____/______</p>
            </div>
          ))}
        </div>
      </section>
    </main>
  );
}
