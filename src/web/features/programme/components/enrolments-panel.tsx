import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { PROGRAMME_MSG } from '@shared/programme-messages';
import type { TCatalogue, TEnrolmentRosterEntry, TProgramme } from '@shared/programme';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { useUnits } from '@web/lib/units-query';
import { useEnrolMany, useEnrolmentRoster } from '../api/enrolments';
import { ItemPicker } from './item-picker';

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * Enrols a unit or a list at once (issue 43): the roster of active members (one unit or all) with
 * the class each one's age calls for; 'Marcar os sugeridos' ticks those whose suggestion is the item
 * chosen. One request enrols them all, or none (the first refused is named).
 */
export function EnrolmentsPanel({ clubId, catalogue, programmes }: { clubId: string; catalogue: TCatalogue; programmes: TProgramme[] }) {
  const [item, setItem] = useState('');
  const [unit, setUnit] = useState('');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const roster = useEnrolmentRoster(clubId, unit);
  const units = useUnits(clubId);
  const enrol = useEnrolMany(clubId);
  const itemName = catalogue.items.find((i) => i.code === item)?.name ?? '';
  const shown = useMemo(() => (roster.data ?? []).filter((m) => !q || fold(m.full_name).includes(fold(q))), [roster.data, q]);
  const inItem = (m: TEnrolmentRosterEntry) => m.classes.some((c) => c.code === item);
  const suggested = shown.filter((m) => item && m.suggested_class === item && !inItem(m));
  const toggle = (id: string, on: boolean) => setPicked((s) => {
    const n = new Set(s);
    if (on) n.add(id);
    else n.delete(id);
    return n;
  });
  const chosen = (roster.data ?? []).filter((m) => picked.has(m.member_id) && !inItem(m));

  async function submit() {
    try {
      const r = await enrol.mutateAsync({ item_code: item, member_ids: chosen.map((m) => m.member_id) });
      toast.success(`${PROGRAMME_MSG.enrolled(r.enrolled)} (${itemName})`);
      setPicked(new Set());
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao inscrever.'));
    }
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <ItemPicker catalogue={catalogue} programmes={programmes} value={item} onChange={setItem} />
        <SelectField label="Unidade" value={unit} onChange={(e) => { setUnit(e.target.value); setPicked(new Set()); }}>
          <option value="">Todas as unidades</option>
          {(units.data ?? []).map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
        </SelectField>
        <TextField label="Buscar membro" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Nome" />
      </div>
      <div className="flex flex-wrap gap-2">
        {item ? (
          <Button size="sm" variant="secondary" disabled={!suggested.length} onClick={() => setPicked(new Set([...picked, ...suggested.map((m) => m.member_id)]))}>
            Marcar os sugeridos para {itemName} ({suggested.length})
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" disabled={!shown.length} onClick={() => setPicked(new Set([...picked, ...shown.filter((m) => !inItem(m)).map((m) => m.member_id)]))}>Marcar todos da lista</Button>
        <Button size="sm" variant="ghost" disabled={!picked.size} onClick={() => setPicked(new Set())}>Limpar</Button>
      </div>
      {roster.isLoading ? <PageSpinner /> : null}
      {roster.isError ? <p role="alert" className="text-red-700">{errorMessage(roster.error, 'Erro ao carregar os membros.')}</p> : null}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">Membros</legend>
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {shown.map((m) => {
            const already = Boolean(item) && inItem(m);
            return (
              <li key={m.member_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <label className="flex min-w-0 items-center gap-2 text-sm text-slate-900">
                  <input type="checkbox" className="h-4 w-4 shrink-0 accent-emerald-700" disabled={already} checked={already || picked.has(m.member_id)} onChange={(e) => toggle(m.member_id, e.target.checked)} />
                  <span className="min-w-0">{m.full_name}{m.unit_name ? <span className="text-slate-500"> · {m.unit_name}</span> : null}</span>
                </label>
                <span className="flex flex-wrap items-center gap-1.5 text-xs">
                  {m.suggested_class_name ? <Tag tone={m.suggested_class === item ? 'green' : 'gray'}>Sugerida: {m.suggested_class_name}</Tag> : null}
                  {m.classes.map((c) => <Tag key={c.code} tone="blue">{already && c.code === item ? 'Inscrição feita' : `Em ${c.name}`}</Tag>)}
                  <Link to={`/dashboard/programa/membro/${m.member_id}`} className="text-emerald-800 underline" aria-label={`Cartão de ${m.full_name}`}>Cartão</Link>
                </span>
              </li>
            );
          })}
        </ul>
        {roster.data && shown.length === 0 ? <p className="mt-2 text-sm text-slate-600">Nenhum membro encontrado.</p> : null}
      </fieldset>
      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white py-2">
        <Button disabled={!item || !chosen.length} loading={enrol.isPending} onClick={() => void submit()}>
          {chosen.length ? `Inscrever ${chosen.length} em ${itemName || '…'}` : 'Inscrever'}
        </Button>
        {!item ? <span className="text-sm text-slate-600">Escolha a classe ou especialidade.</span> : null}
      </div>
    </div>
  );
}
