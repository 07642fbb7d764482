import { useState } from 'react';
import { Link } from 'react-router';
import { FolderOpen } from 'lucide-react';
import { roleLabel } from '@shared/members';
import { plural } from '@shared/plural';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { CONTROL } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { usePastas } from '../api/pastas';

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const documentsText = (n: number) => (n === 0 ? 'Nenhum documento' : plural(n, 'documento', 'documentos'));

/** 'Pastas': every member of the club, by name, each opening their pasta. */
export function PastasTab({ clubId }: { clubId: string }) {
  const pastas = usePastas(clubId);
  const [filter, setFilter] = useState('');
  if (pastas.isPending) return <PageSpinner label="Carregando as pastas…" />;
  if (pastas.isError) return <p role="alert" className="text-red-700">{errorMessage(pastas.error, 'Erro ao carregar as pastas.')}</p>;
  const shown = pastas.data.filter((p) => fold(p.full_name).includes(fold(filter.trim())));
  return (
    <div className="space-y-4">
      <div className="max-w-sm">
        <label className="sr-only" htmlFor="pasta-filter">Buscar membro</label>
        <input id="pasta-filter" className={CONTROL} placeholder="Buscar membro pelo nome" maxLength={100} value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={<FolderOpen className="h-10 w-10" />} message={filter ? `Nenhum membro encontrado para “${filter.trim()}”.` : 'O clube ainda não tem membros.'} />
      ) : (
        <ul aria-label="Pastas dos membros" className="grid gap-2 sm:grid-cols-2">
          {shown.map((p) => (
            <li key={p.member_id}>
              <Card className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  <Link to={`/dashboard/secretaria/pastas/${p.member_id}`} className="break-words font-semibold text-slate-900 hover:underline">{p.full_name}</Link>
                  <p className="text-xs text-slate-600">{[roleLabel(p.role), p.unit_name].filter(Boolean).join(' · ')}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1 text-xs text-slate-600">
                  {p.minor ? <Tag tone="violet">Menor</Tag> : null}
                  {p.active ? null : <Tag>Inativo</Tag>}
                  <span>{documentsText(p.documents)}</span>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
