import { useState } from 'react';
import { ExternalLink } from 'lucide-react';
import type { TCatalogue } from '@shared/programme';
import { TextField } from '../../../components/ui/field';

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The 544 especialidades by area, with the area's colour and a 'Ver requisitos' link. */
export function CatalogueList({ catalogue }: { catalogue: TCatalogue }) {
  const [q, setQ] = useState('');
  const needle = fold(q.trim());
  return (
    <div className="space-y-4">
      <TextField label="Buscar especialidade" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Nome ou código (ex.: EN-073)" />
      {catalogue.areas.map((a) => {
        const items = catalogue.items.filter((i) => i.kind === 'specialty' && i.area_code === a.code && (!needle || fold(`${i.code} ${i.name}`).includes(needle)));
        if (!items.length) return null;
        return (
          <section key={a.code} aria-label={a.name}>
            <h3 className="mb-2 flex items-center gap-2 font-medium text-slate-900">
              <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full ring-1 ring-slate-300" style={{ backgroundColor: a.color }} />
              {a.name} <span className="text-sm font-normal text-slate-500">({items.length})</span>
            </h3>
            <ul className="grid gap-1 sm:grid-cols-2">
              {items.map((i) => (
                <li key={i.code} className="flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm hover:bg-slate-50" style={{ borderLeft: `4px solid ${a.color}` }}>
                  <span className="text-slate-900"><span className="text-slate-500">{i.code}</span> {i.name}</span>
                  {i.reference_url ? (
                    <a href={i.reference_url} target="_blank" rel="noreferrer" className="inline-flex shrink-0 items-center gap-1 text-xs text-emerald-800 underline" aria-label={`Ver requisitos de ${i.name}`}>
                      Ver requisitos <ExternalLink aria-hidden="true" className="h-3 w-3" />
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
