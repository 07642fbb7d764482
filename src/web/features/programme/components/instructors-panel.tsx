import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { PROGRAMME_MSG } from '@shared/programme-messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useCatalogue } from '../api/catalogue';
import { useClubMembers } from '../api/club-members';
import { useInstructorItems, useItemInstructors, useSetInstructorItems, useSetItemInstructors } from '../api/instructors';
import { useProgrammeSettings } from '../api/settings';
import { ItemPicker } from './item-picker';

const same = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Who signs a class or especialidade (issue 43): the club's instructors, ticked on the item. An
 * instructor signs only the items assigned here (or on their member page); the direction signs all.
 */

/** Saves a picked list (instructors of an item, items of an instructor): done, then 'Salvo'; a refusal says why. */
async function savePicked(save: { mutateAsync: (ids: string[]) => Promise<unknown> }, chosen: string[], done: () => void, fallback: string) {
  try {
    await save.mutateAsync(chosen);
    done();
    toast.success(PROGRAMME_MSG.saved);
  } catch (err) {
    toast.error(errorMessage(err, fallback));
  }
}

export function ItemInstructorsPanel({ clubId, itemCode, itemName }: { clubId: string; itemCode: string; itemName: string }) {
  const assigned = useItemInstructors(clubId, itemCode);
  const members = useClubMembers(clubId, '');
  const save = useSetItemInstructors(clubId, itemCode);
  const [picked, setPicked] = useState<string[] | null>(null);
  useEffect(() => setPicked(null), [itemCode]);
  if (assigned.isLoading || members.isLoading) return <PageSpinner />;
  if (assigned.isError || members.isError) return <p role="alert" className="text-red-700">{errorMessage(assigned.error ?? members.error, 'Erro ao carregar os instrutores.')}</p>;
  const current = (assigned.data ?? []).map((a) => a.member_id);
  const chosen = picked ?? current;
  // Instructors of the club, and anyone already assigned (a function changed since).
  const people = (members.data?.members ?? []).filter((m) => m.role === 'instructor' || current.includes(m.id));
  const toggle = (id: string, on: boolean) => setPicked(on ? [...chosen, id] : chosen.filter((x) => x !== id));

  const submit = () => savePicked(save, chosen, () => setPicked(null), 'Erro ao atribuir instrutores.');

  return (
    <Card className="space-y-2" aria-label={`Instrutores de ${itemName}`}>
      <h3 className="font-medium text-slate-900">Instrutores de {itemName}</h3>
      <p className="text-sm text-slate-600">Quem tem a função Instrutor(a) assina só as classes e especialidades marcadas aqui.</p>
      {people.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum membro com a função Instrutor(a). Dê a função em Membros → Editar.</p>
      ) : (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="sr-only">Instrutores de {itemName}</legend>
          {people.map((m) => (
            <label key={m.id} className="flex items-center gap-2 py-1 text-sm text-slate-900">
              <input type="checkbox" className="h-4 w-4 accent-emerald-700" checked={chosen.includes(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />
              {m.full_name}
            </label>
          ))}
        </fieldset>
      )}
      {people.length ? (
        <Button size="sm" disabled={same(chosen, current)} loading={save.isPending} onClick={() => void submit()}>Salvar instrutores</Button>
      ) : null}
    </Card>
  );
}

/** The classes and especialidades one instructor signs, from their member page (the member's functions). */
export function InstructorItemsPanel({ clubId, memberRef, name }: { clubId: string; memberRef: string; name: string }) {
  const catalogue = useCatalogue(clubId);
  const settings = useProgrammeSettings(clubId);
  const items = useInstructorItems(clubId, memberRef);
  const save = useSetInstructorItems(clubId, memberRef);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [adding, setAdding] = useState('');
  if (catalogue.isLoading || settings.isLoading || items.isLoading) return <PageSpinner />;
  if (!catalogue.data || !settings.data || !items.data) return <p role="alert" className="text-red-700">{errorMessage(catalogue.error ?? settings.error ?? items.error, 'Erro ao carregar as atribuições.')}</p>;
  const current = items.data.item_codes;
  const chosen = picked ?? current;
  const nameOf = (code: string) => catalogue.data?.items.find((i) => i.code === code)?.name ?? code;

  const submit = () => savePicked(save, chosen, () => setPicked(null), 'Erro ao salvar as atribuições.');

  return (
    <section aria-labelledby="instructs-title" className="mt-8 space-y-3">
      <h2 id="instructs-title" className="text-lg font-semibold">Instrutor(a) de</h2>
      <p className="text-sm text-slate-600">As classes e especialidades que {name} assina. Sem nenhuma, a grade fica só de leitura.</p>
      {chosen.length ? (
        <ul className="flex flex-wrap gap-2">
          {chosen.map((code) => (
            <li key={code} className="inline-flex items-center gap-1 rounded-full bg-emerald-50 py-1 pl-3 pr-1 text-sm text-emerald-900 ring-1 ring-emerald-200">
              {nameOf(code)}
              <button type="button" aria-label={`Tirar ${nameOf(code)}`} className="rounded-full p-1 hover:bg-emerald-100" onClick={() => setPicked(chosen.filter((c) => c !== code))}>
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : <p className="text-sm text-slate-700">Nenhuma classe ou especialidade atribuída.</p>}
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <ItemPicker catalogue={catalogue.data} programmes={settings.data.programmes} value={adding} label="Acrescentar classe ou especialidade" onChange={(code) => {
          setAdding('');
          if (code && !chosen.includes(code)) setPicked([...chosen, code]);
        }} />
        <Button disabled={same(chosen, current)} loading={save.isPending} onClick={() => void submit()}>Salvar atribuições</Button>
      </div>
    </section>
  );
}
