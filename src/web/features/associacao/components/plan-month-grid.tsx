import { ChevronLeft, ChevronRight } from 'lucide-react';
import { CALENDAR_KIND_LABELS, WEEKDAYS_PT, type TCalendarItem, type TCalendarKind } from '@shared/associacao-plan';
import { isoToBrDate } from '@web/lib/br-date';
import { monthOfYear, monthTitle } from '@web/lib/format';

/** One colour per kind of date: the dot in the grid, the legend and the list. */
export const KIND_DOT: Record<TCalendarKind, string> = {
  meeting: 'bg-emerald-600', event: 'bg-amber-500', holiday: 'bg-red-600', break: 'bg-slate-500',
  associacao: 'bg-blue-700', regional: 'bg-violet-600', club: 'bg-teal-600',
};

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** The items on a day (a span of days counts on each of its days). */
export function itemsOn(items: TCalendarItem[], day: string): TCalendarItem[] {
  return items.filter((i) => i.starts_on <= day && i.ends_on >= day);
}

/** The items that touch a month (1–12). */
export function itemsInMonth(items: TCalendarItem[], year: number, month: number): TCalendarItem[] {
  const first = isoOf(year, month, 1);
  const last = isoOf(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return items.filter((i) => i.starts_on <= last && i.ends_on >= first);
}

/**
 * A month as a grid on a phone: the week starts on Sunday, pt-BR month and weekday names, a dot per
 * kind of date on each day; tapping a day selects it (the list below shows it).
 */
export function MonthGrid({ year, month, items, today, selected, onSelect, onMonth }: {
  year: number; month: number; items: TCalendarItem[]; today: string; selected: string | null;
  onSelect: (day: string | null) => void; onMonth: (delta: -1 | 1) => void;
}) {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const cells: Array<string | null> = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => isoOf(year, month, i + 1))];
  while (cells.length % 7) cells.push(null);
  const title = monthOfYear(year, month);
  return (
    <section aria-label={`Calendário de ${title}`} className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm sm:p-4">
      <div className="mb-2 flex items-center justify-between">
        <button type="button" className="rounded-lg p-2 text-slate-700 hover:bg-slate-100" aria-label="Mês anterior" onClick={() => onMonth(-1)}><ChevronLeft aria-hidden="true" className="h-5 w-5" /></button>
        <h2 className="text-lg font-semibold text-slate-900">{monthTitle(year, month)}</h2>
        <button type="button" className="rounded-lg p-2 text-slate-700 hover:bg-slate-100" aria-label="Próximo mês" onClick={() => onMonth(1)}><ChevronRight aria-hidden="true" className="h-5 w-5" /></button>
      </div>
      <div role="grid" aria-label={title} className="grid grid-cols-7 gap-px text-center">
        <div role="row" className="contents">
          {WEEKDAYS_PT.map((w) => <div key={w} role="columnheader" className="py-1 text-xs font-medium uppercase text-slate-600">{w}</div>)}
        </div>
        {Array.from({ length: cells.length / 7 }, (_, week) => (
          <div key={week} role="row" className="contents">
            {cells.slice(week * 7, week * 7 + 7).map((day, i) => {
              if (!day) return <div key={`e${week}-${i}`} role="gridcell" className="min-h-12" />;
              const on = itemsOn(items, day);
              const kinds = [...new Set(on.map((x) => x.kind))];
              const isToday = day === today;
              const isSelected = day === selected;
              const label = `${isoToBrDate(day)}${on.length ? `: ${on.map((x) => x.title).join(', ')}` : ''}`;
              return (
                <div key={day} role="gridcell" aria-selected={isSelected}>
                  <button
                    type="button"
                    aria-label={label}
                    onClick={() => onSelect(isSelected ? null : day)}
                    className={`flex min-h-12 w-full flex-col items-center rounded-lg py-1 text-sm ${isSelected ? 'bg-emerald-700 text-white' : isToday ? 'bg-emerald-50 font-bold text-emerald-900 ring-1 ring-emerald-600' : 'text-slate-900 hover:bg-slate-100'}`}
                  >
                    <span>{Number(day.slice(8))}</span>
                    <span className="mt-0.5 flex flex-wrap justify-center gap-0.5" aria-hidden="true">
                      {kinds.slice(0, 4).map((k) => <span key={k} className={`h-1.5 w-1.5 rounded-full ${KIND_DOT[k]}`} />)}
                    </span>
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}

/** The legend of the dots. */
export function KindLegend() {
  return (
    <ul aria-label="Legenda" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
      {(Object.keys(CALENDAR_KIND_LABELS) as TCalendarKind[]).map((k) => (
        <li key={k} className="flex items-center gap-1"><span aria-hidden="true" className={`h-2 w-2 rounded-full ${KIND_DOT[k]}`} />{CALENDAR_KIND_LABELS[k]}</li>
      ))}
    </ul>
  );
}

/** '10/02/2027' or '12/07/2027 a 30/07/2027', with the time of a meeting. */
export function whenText(i: TCalendarItem): string {
  const span = i.starts_on === i.ends_on ? isoToBrDate(i.starts_on) : `${isoToBrDate(i.starts_on)} a ${isoToBrDate(i.ends_on)}`;
  return i.time ? `${span}, ${i.time}` : span;
}
