import { useState } from 'react';
import { Check } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { PROGRAMME_MSG, type TGrid } from '@shared/programme';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessage } from '../../../lib/api';
import { useSign, useUnsign } from '../api';

/**
 * The instructor's grid: enrolled members (rows) × requisitos (columns). Tapping a cell signs it (or
 * undoes it); 'Assinar para todos' signs one requisito for every member the signer may sign for.
 * The first column stays put while the requisitos scroll sideways on a phone.
 */
export function GridView({ clubId, grid }: { clubId: string; grid: TGrid }) {
  const sign = useSign(clubId);
  const unsign = useUnsign(clubId);
  const [focus, setFocus] = useState<string | null>(null);
  const signed = new Map(grid.signatures.map((s) => [`${s.enrolment_id}:${s.requirement_id}`, s.id]));
  const busy = sign.isPending || unsign.isPending;

  if (!grid.members.length) return <EmptyState message="Nenhum membro inscrito nesta classe." hint="Inscreva membros na aba Inscrições." />;
  if (!grid.requirements.length) return <EmptyState message="Esta classe ainda não tem requisitos." hint="Cadastre-os na aba Requisitos." />;

  async function toggle(memberId: string, enrolmentId: string, requirementId: string) {
    const signatureId = signed.get(`${enrolmentId}:${requirementId}`);
    try {
      if (signatureId) {
        await unsign.mutateAsync(signatureId);
        toast.success(PROGRAMME_MSG.unsigned);
      } else {
        await sign.mutateAsync({ requirement_id: requirementId, member_ids: [memberId] });
        toast.success(PROGRAMME_MSG.signed);
      }
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao assinar.'));
    }
  }

  async function signAll(requirementId: string) {
    const ids = grid.members.filter((m) => m.can_sign && !signed.has(`${m.enrolment_id}:${requirementId}`)).map((m) => m.member_id);
    if (!ids.length) {
      toast.success('Todos já estão assinados.');
      return;
    }
    try {
      const r = await sign.mutateAsync({ requirement_id: requirementId, member_ids: ids });
      toast.success(`${r.signed} assinatura(s) registrada(s).`);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao assinar.'));
    }
  }

  const current = grid.requirements.find((r) => r.id === focus);
  return (
    <div className="space-y-3">
      {current ? (
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" aria-live="polite">
          <p className="font-medium">{current.section_code ? `${current.section_code} · ` : ''}{current.text}</p>
          <Button className="mt-2" size="sm" loading={sign.isPending} onClick={() => void signAll(current.id)}>Assinar para todos os presentes</Button>
        </div>
      ) : <p className="text-sm text-slate-600">Toque no número de um requisito para ver o texto e assinar para todos.</p>}
      <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
        <table className="min-w-full border-collapse text-sm">
          <thead>
            <tr className="bg-slate-50">
              <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-2 py-2 text-left font-medium text-slate-700">Membro</th>
              {grid.requirements.map((r, i) => (
                <th key={r.id} scope="col" className="px-1 py-1">
                  <button type="button" title={r.text} aria-label={`Requisito ${i + 1}: ${r.text}`} aria-pressed={focus === r.id}
                    className={`h-9 w-9 rounded-md text-xs font-semibold ${focus === r.id ? 'bg-emerald-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300'}`}
                    onClick={() => setFocus(focus === r.id ? null : r.id)}>
                    {i + 1}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.members.map((m) => (
              <tr key={m.member_id} className="border-t border-slate-100">
                <th scope="row" className="sticky left-0 z-10 max-w-[8rem] truncate bg-white px-2 py-1 text-left font-normal text-slate-900">{m.full_name}</th>
                {grid.requirements.map((r, i) => {
                  const on = signed.has(`${m.enrolment_id}:${r.id}`);
                  return (
                    <td key={r.id} className="px-1 py-1 text-center">
                      <button type="button" disabled={!m.can_sign || busy} aria-pressed={on} aria-label={`${m.full_name}, requisito ${i + 1}: ${on ? 'assinado' : 'pendente'}`}
                        className={`inline-flex h-9 w-9 items-center justify-center rounded-md ${on ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-slate-400'} disabled:opacity-60`}
                        onClick={() => void toggle(m.member_id, m.enrolment_id, r.id)}>
                        {on ? <Check aria-hidden="true" className="h-4 w-4" /> : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
