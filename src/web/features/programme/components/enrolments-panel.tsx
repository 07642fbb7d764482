import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import type { TCatalogue, TProgramme } from '@shared/programme';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useClubMembers, useEnrol } from '../api';
import { ItemPicker } from './item-picker';

/** Enrols a member in a class or especialidade; each member's cartão shows the class their age calls for. */
export function EnrolmentsPanel({ clubId, catalogue, programmes }: { clubId: string; catalogue: TCatalogue; programmes: TProgramme[] }) {
  const [q, setQ] = useState('');
  const members = useClubMembers(clubId, q);
  const enrol = useEnrol(clubId);
  const [item, setItem] = useState('');
  const [memberId, setMemberId] = useState('');

  async function submit() {
    try {
      const e = await enrol.mutateAsync({ member_id: memberId, item_code: item });
      toast.success(`Inscrição feita em ${e.item.name}.`);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao inscrever.'));
    }
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <ItemPicker catalogue={catalogue} programmes={programmes} value={item} onChange={setItem} />
        <TextField label="Buscar membro" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Nome" />
      </div>
      {members.isLoading ? <PageSpinner /> : null}
      {members.isError ? <p role="alert" className="text-red-700">{errorMessage(members.error, 'Erro ao carregar os membros.')}</p> : null}
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">Membro</legend>
        {members.data?.members.map((m) => (
          <label key={m.id} className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 hover:bg-slate-50">
            <span className="flex items-center gap-2 text-sm text-slate-900">
              <input type="radio" name="enrol-member" className="h-4 w-4 accent-emerald-700" checked={memberId === m.id} onChange={() => setMemberId(m.id)} />
              {m.full_name}{m.unit_name ? <span className="text-slate-500"> · {m.unit_name}</span> : null}
            </span>
            <Link to={`/dashboard/programa/membro/${m.id}`} className="text-xs text-emerald-800 underline">Cartão</Link>
          </label>
        ))}
        {members.data && members.data.members.length === 0 ? <p className="text-sm text-slate-600">Nenhum membro encontrado.</p> : null}
      </fieldset>
      <Button disabled={!item || !memberId} loading={enrol.isPending} onClick={() => void submit()}>Inscrever</Button>
    </div>
  );
}
