import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { ZInvestitureInput, type TReadyEntry } from '@shared/programme';
import { Form, useZodForm } from '@web/components/form';
import { DateInput } from '@web/components/ui/date-input';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useInvestitures, useReady, useRecordInvestiture } from '../api/investitures';
import { brDate } from './br-date';

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Prontos para investidura; those ticked are invested at a ceremony recorded here (date and place). */
export function ReadyPanel({ clubId, canManage }: { clubId: string; canManage: boolean }) {
  const ready = useReady(clubId);
  const record = useRecordInvestiture(clubId);
  const navigate = useNavigate();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const form = useZodForm(ZInvestitureInput, {
    defaultValues: { held_on: todayIso(), place: '', enrolment_ids: [] },
    toInput: (v) => ({ ...v, enrolment_ids: [...picked] }),
  });
  const { register, formState: { errors } } = form;
  if (ready.isLoading) return <PageSpinner />;
  if (ready.isError) return <p role="alert" className="text-red-700">{errorMessage(ready.error, 'Erro ao carregar.')}</p>;
  if (!ready.data?.length) return <div className="space-y-6"><EmptyState message="Ninguém pronto para investidura ainda." /><PastInvestitures clubId={clubId} /></div>;
  const toggle = (e: TReadyEntry, on: boolean) => setPicked((s) => { const n = new Set(s); if (on) n.add(e.enrolment_id); else n.delete(e.enrolment_id); return n; });

  async function onSubmit(input: z.output<typeof ZInvestitureInput>) {
    const inv = await record.mutateAsync(input);
    toast.success('Investidura registrada!');
    void navigate(`/dashboard/programa/investidura/${inv.id}`);
  }

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
        {ready.data.map((r) => (
          <li key={r.enrolment_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="flex items-center gap-2">
              {canManage ? <input type="checkbox" aria-label={`Investir ${r.full_name} em ${r.item_name}`} className="h-4 w-4 accent-emerald-700" checked={picked.has(r.enrolment_id)} onChange={(e) => toggle(r, e.target.checked)} /> : null}
              <Link to={`/dashboard/programa/membro/${r.member_id}`} className="font-medium text-emerald-800 underline">{r.full_name}</Link>
            </span>
            <span className="text-slate-700">{r.item_name} · concluída em {brDate(r.completed_on)}</span>
          </li>
        ))}
      </ul>
      {canManage ? (
        <Form form={form} onSubmit={onSubmit} fallback="Erro ao registrar a investidura." className="space-y-3">
          {errors.enrolment_ids?.message ? <p role="alert" className="text-sm text-red-700">{errors.enrolment_ids.message}</p> : null}
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
            <DateInput label="Data da investidura" error={errors.held_on?.message} {...register('held_on')} />
            <TextField label="Local" error={errors.place?.message} {...register('place')} />
            <Button type="submit" disabled={!picked.size} loading={record.isPending}>Registrar investidura</Button>
          </div>
        </Form>
      ) : null}
      <PastInvestitures clubId={clubId} />
    </div>
  );
}

/** Past investiduras (issue 43): each opens its list and certificates again, to reprint. */
function PastInvestitures({ clubId }: { clubId: string }) {
  const list = useInvestitures(clubId);
  if (list.isLoading) return <PageSpinner />;
  if (list.isError) return <p role="alert" className="text-red-700">{errorMessage(list.error, 'Erro ao carregar as investiduras.')}</p>;
  if (!list.data?.length) return null;
  return (
    <section aria-labelledby="past-investitures" className="space-y-2">
      <h3 id="past-investitures" className="font-medium text-slate-900">Investiduras anteriores</h3>
      <ul className="divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
        {list.data.map((v) => (
          <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="text-slate-800">{brDate(v.held_on)} · {v.place} · {v.count === 1 ? '1 investidura' : `${v.count} investiduras`}</span>
            <Link to={`/dashboard/programa/investidura/${v.id}`} className="font-medium text-emerald-800 underline" aria-label={`Certificados da investidura de ${brDate(v.held_on)} em ${v.place}`}>Ver e reimprimir certificados</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
