import type { TAuditEntry } from '@shared/audit';

/** dd/mm/aaaa HH:mm in the given time zone (the club's), or the browser's when none. */
export function formatAuditTime(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

export interface AuditRow extends TAuditEntry {
  club_id?: string | null;
  club_name?: string | null;
}

interface Props {
  entries: AuditRow[];
  timeZone?: string;
  /** The platform list shows the club of each line. */
  showClub?: boolean;
  onActor?: (e: AuditRow) => void;
  onClub?: (e: AuditRow) => void;
}

function NameButton({ label, title, onClick }: { label: string; title: string; onClick?: () => void }) {
  if (!onClick) return <span>{label}</span>;
  return (
    <button type="button" title={title} onClick={onClick} className="text-left text-emerald-800 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600">
      {label}
    </button>
  );
}

/** The lines of an audit list: cards on a phone, a table from 640 px. */
export function AuditList({ entries, timeZone, showClub = false, onActor, onClub }: Props) {
  const actor = (e: AuditRow) => (
    <NameButton label={e.actor_name} title={`Ver só o que ${e.actor_name} fez`} onClick={onActor && e.actor_id ? () => onActor(e) : undefined} />
  );
  const club = (e: AuditRow) => (
    <NameButton label={e.club_name ?? '—'} title={`Ver só ${e.club_name ?? ''}`} onClick={onClub && e.club_id ? () => onClub(e) : undefined} />
  );
  return (
    <>
      <ul aria-label="Registros" className="space-y-2 sm:hidden">
        {entries.map((e) => (
          <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
            <div className="flex items-baseline justify-between gap-2">
              <p className="font-medium text-slate-900">{e.action_label}</p>
              <time dateTime={e.at} className="shrink-0 text-xs text-slate-600">{formatAuditTime(e.at, timeZone)}</time>
            </div>
            <p className="text-slate-700">por {actor(e)}{showClub ? <> · {club(e)}</> : null}</p>
            {e.summary ? <p className="mt-1 break-words text-xs text-slate-600">{e.summary}</p> : null}
          </li>
        ))}
      </ul>
      <div tabIndex={0} role="region" aria-label="Tabela de registros" className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:block">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Registro de atividades</caption>
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Data e hora</th>
              {showClub ? <th scope="col" className="px-4 py-3 font-semibold">Clube</th> : null}
              <th scope="col" className="px-4 py-3 font-semibold">Ação</th>
              <th scope="col" className="px-4 py-3 font-semibold">Quem</th>
              <th scope="col" className="px-4 py-3 font-semibold">Detalhes</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((e) => (
              <tr key={e.id}>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700"><time dateTime={e.at}>{formatAuditTime(e.at, timeZone)}</time></td>
                {showClub ? <td className="px-4 py-3 text-slate-700">{club(e)}</td> : null}
                <td className="px-4 py-3 font-medium text-slate-900">{e.action_label}</td>
                <td className="px-4 py-3 text-slate-700">{actor(e)}</td>
                <td className="max-w-md break-words px-4 py-3 text-xs text-slate-600">{e.summary ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
