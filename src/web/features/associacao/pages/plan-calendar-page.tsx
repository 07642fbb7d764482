import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { FileUp, Plus } from 'lucide-react';
import { CALENDAR_KIND_LABELS, MONTHS_PT, type TCalendarItem } from '@shared/associacao-plan';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { ReportError } from '@web/components/report';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useCalendar, useRemoveEntry } from '../api/plan';
import { FeedCard } from '../components/plan-feed-card';
import { EntryModal } from '../components/plan-entry-modal';
import { ImportModal } from '../components/plan-import-modal';
import { KIND_DOT, KindLegend, MonthGrid, itemsInMonth, itemsOn, whenText } from '../components/plan-month-grid';

/** Ano do clube: the club's calendar as a month grid (every member reads it; the direction and the secretary add and import dates). */
export function Component() {
  const current = useSelectedClub();
  return <CalendarScreen clubId={current.clubId} />;
}

function CalendarScreen({ clubId }: { clubId: string }) {
  const [cursor, setCursor] = useState<{ year: number; month: number } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<TCalendarItem | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<TCalendarItem | null>(null);
  const firstYear = useCalendar(clubId, cursor?.year ?? new Date().getFullYear());
  const remove = useRemoveEntry(clubId);
  if (firstYear.isLoading) return <PageSpinner label="Carregando o calendário…" />;
  if (firstYear.isError || !firstYear.data) return <ReportError error={firstYear.error} />;
  const cal = firstYear.data;
  const at = cursor ?? { year: cal.year, month: Number(cal.today.slice(5, 7)) };
  const monthItems = itemsInMonth(cal.items, at.year, at.month);
  const shown = selected ? itemsOn(cal.items, selected) : monthItems;

  function move(delta: -1 | 1) {
    const m = at.month + delta;
    setSelected(null);
    setCursor(m < 1 ? { year: at.year - 1, month: 12 } : m > 12 ? { year: at.year + 1, month: 1 } : { year: at.year, month: m });
  }

  async function confirmRemove() {
    if (!removing?.entry_id) return;
    try {
      await remove.mutateAsync(removing.entry_id);
      toast.success('Data removida do calendário.');
      setRemoving(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao remover a data.'));
    }
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Calendário do clube"
        description="Reuniões, eventos e saídas, feriados e recessos, e as datas da Associação e da região."
        actions={cal.can_manage ? (
          <div className="flex flex-wrap gap-2">
            <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>Nova data</Button>
            <Button variant="secondary" icon={<FileUp aria-hidden="true" className="h-4 w-4" />} onClick={() => setImporting(true)}>Importar .ics ou CSV</Button>
          </div>
        ) : null}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-3">
          <MonthGrid year={at.year} month={at.month} items={cal.items} today={cal.today} selected={selected} onSelect={setSelected} onMonth={move} />
          <KindLegend />
          <section aria-label={selected ? `Dia ${isoToBrDate(selected)}` : `Datas de ${MONTHS_PT[at.month - 1]}`}>
            <h2 className="mb-2 font-semibold text-slate-900">{selected ? isoToBrDate(selected) : <span className="capitalize">{MONTHS_PT[at.month - 1]}</span>}</h2>
            {shown.length === 0 ? (
              <EmptyState message={selected ? 'Nada marcado neste dia.' : 'Nada marcado neste mês.'} />
            ) : (
              <ul className="space-y-2">
                {shown.map((i) => (
                  <li key={i.key} className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3">
                    <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${KIND_DOT[i.kind]}`} />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">{i.title}</p>
                      <p className="text-sm text-slate-700">{CALENDAR_KIND_LABELS[i.kind]} · {whenText(i)}{i.place ? ` · ${i.place}` : ''}</p>
                      {i.notes ? <p className="text-sm text-slate-600">{i.notes}</p> : null}
                    </div>
                    {cal.can_manage && i.entry_id ? (
                      <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                        <Button variant="secondary" onClick={() => setEditing(i)} aria-label={`Editar ${i.title}`}>Editar</Button>
                        <Button variant="secondary" onClick={() => setRemoving(i)} aria-label={`Remover ${i.title}`}>Remover</Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside className="space-y-3">
          <FeedCard owner={{ clubId }} />
        </aside>
      </div>
      {editing ? <EntryModal clubId={clubId} entry={editing === 'new' ? null : editing} day={selected} onClose={() => setEditing(null)} /> : null}
      {importing ? <ImportModal clubId={clubId} onClose={() => setImporting(false)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remover data"
        message={removing ? `Remover "${removing.title}" do calendário?` : ''}
        confirmLabel="Remover"
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
