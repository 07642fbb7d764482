import { useState } from 'react';
import { CALENDAR_KIND_LABELS } from '@shared/associacao-plan';
import { Card } from '@web/components/ui/card';
import { useFamilyCalendar } from '../api/plan';
import { FeedCard } from './plan-feed-card';
import { KIND_DOT, whenText } from './plan-month-grid';

/** /familia: the next dates of the child's club (meetings aside) and the guardian's own calendar link. */
export function ChildCalendar({ memberId, childName }: { memberId: string; childName: string }) {
  const [year] = useState(() => new Date().getFullYear());
  const cal = useFamilyCalendar(memberId, year);
  const next = (cal.data?.items ?? []).filter((i) => i.kind !== 'meeting' && i.ends_on >= (cal.data?.today ?? '')).slice(0, 5);
  return (
    <section aria-label={`Calendário do clube de ${childName}`} className="space-y-3">
      <Card>
        <h3 className="mb-2 font-semibold text-slate-900">Próximas datas do clube</h3>
        {cal.isLoading ? <p className="text-sm text-slate-600">Carregando…</p> : next.length === 0 ? <p className="text-sm text-slate-600">Nenhuma data marcada.</p> : (
          <ul className="space-y-1 text-sm">
            {next.map((i) => (
              <li key={i.key} className="flex items-start gap-2">
                <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${KIND_DOT[i.kind]}`} />
                <span><b>{whenText(i)}</b> — {i.title} <span className="text-slate-600">({CALENDAR_KIND_LABELS[i.kind]})</span></span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <FeedCard owner={{ childId: memberId }} />
    </section>
  );
}
