import { AlertTriangle } from 'lucide-react';
import { HEAD_DIRECTION_LABEL, INCIDENT_KIND_LABEL, type TCampLog } from '@shared/camps';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatDateTime } from '@web/lib/format';
import type { QueuedCampWrite } from '@web/lib/offline/camp-store';
import type { CampConflict } from '../offline/use-camp-queue';

type Log = TCampLog;

/** Who recorded the entry that stood, and when, as the server's log says. */
function standingEntry(log: Log, id: string): { by: string | null; at: string } | null {
  for (const m of log.movements) {
    const k = m.marks.find((x) => x.id === id);
    if (k) return { by: k.recorded_by_name, at: k.marked_at };
  }
  const d = log.doses.find((x) => x.id === id);
  return d ? { by: d.recorded_by_name, at: d.given_at } : null;
}

/**
 * Entries this phone recorded that another leader's phone had sent first: the first stands, this one
 * was not added (ADR 078). A dose given twice for real is the leader's to report as an ocorrência.
 */
export function Conflicts({ conflicts, log, onDismiss }: { conflicts: CampConflict[]; log: Log; onDismiss: () => void }) {
  const doses = conflicts.some((c) => c.kind === 'doses');
  return (
    <Card className="space-y-2 border-amber-300 bg-amber-50 p-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-amber-950"><AlertTriangle aria-hidden="true" className="h-5 w-5" /> Já registrado por outro líder</h2>
      <ul aria-label="Registros de outro líder" className="space-y-1 text-sm text-amber-950">
        {conflicts.map((c) => {
          const first = standingEntry(log, c.standingId);
          return <li key={c.id}>{c.label} — ficou o registro {first ? `de ${first.by ?? 'outro líder'} (${formatDateTime(first.at)})` : 'que chegou primeiro'}; o deste celular não foi somado.</li>;
        })}
      </ul>
      {doses ? <p className="text-sm font-medium text-amber-950">Se a dose foi mesmo dada duas vezes, registre uma ocorrência e avise o responsável.</p> : null}
      <Button size="sm" variant="secondary" onClick={onDismiss}>Entendi</Button>
    </Card>
  );
}

export function LogList({ log, names, queue }: { log: Log; names: Map<string, string>; queue: QueuedCampWrite[] }) {
  const waiting = new Set(queue.map((q) => q.id));
  const lines = [
    ...log.movements.flatMap((m) => m.marks.map((k) => ({ id: k.id, at: k.marked_at, by: k.recorded_by_name, text: `${HEAD_DIRECTION_LABEL[k.direction]} — ${names.get(k.member_id) ?? ''} (${m.label})` }))),
    ...log.doses.map((d) => ({ id: d.id, at: d.given_at, by: d.recorded_by_name, text: `Dose ${d.status}: ${d.medication} ${d.dose} — ${names.get(d.member_id) ?? ''}${d.reason ? ` (${d.reason})` : ''}` })),
    ...log.incidents.map((i) => ({ id: i.id, at: i.occurred_at, by: i.recorded_by_name, text: `${INCIDENT_KIND_LABEL[i.kind]}: ${i.description}${i.member_id ? ` — ${names.get(i.member_id) ?? ''}` : ''}${i.photos.length ? ` (${i.photos.length === 1 ? '1 foto' : `${i.photos.length} fotos`})` : ''}` })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Card className="space-y-2 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Registro</h2>
      {lines.length === 0 ? <p className="text-sm text-slate-600">Nada registrado ainda.</p> : (
        <ul aria-label="Registro do acampamento" className="divide-y divide-slate-100">
          {lines.map((l) => (
            <li key={l.id} className="py-2 text-sm text-slate-800">
              <span className="text-slate-600">{formatDateTime(l.at)}</span> · {l.text}{l.by ? <span className="text-slate-600"> · {l.by}</span> : null}{waiting.has(l.id) ? <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900">na fila</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
