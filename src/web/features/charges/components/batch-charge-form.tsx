import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { CHARGE_ORIGINS, CHARGE_ORIGIN_LABEL } from '@shared/charges';
import { CHARGE_BATCH_MSG, ZCreateChargeBatchForm, type TChargeTarget } from '@shared/charge-batches';
import { formatMoney } from '@shared/format-brl';
import { Form, useZodForm } from '@web/components/form';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextField } from '@web/components/ui/field';
import { FormMoneyField } from '@web/components/ui/money-input';
import { UnitMemberPicker, groupByUnit } from '@web/components/unit-member-picker';
import { useChargePayers, useCreateChargeBatch } from '../api/create-charge-batch';
import { todayIso } from './today';

const TRY_AGAIN = 'tente novamente em instantes.';

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

interface TargetErrors { message?: string; profile_ids?: { message?: string }; unit_id?: { message?: string } }

/**
 * The same charge for the members picked, a unit's youth or the whole club's, in one request: the
 * server writes all or none, and the client_id made when the form opens turns a second click or a
 * resend into the first answer.
 */
export function BatchChargeForm({ clubId, target, onDone, onPending, onSubmitLabel }: {
  clubId: string;
  target: TChargeTarget;
  onDone: () => void;
  onPending: (pending: boolean) => void;
  onSubmitLabel: (label: string) => void;
}) {
  const [clientId] = useState(() => crypto.randomUUID());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [unitId, setUnitId] = useState('');
  const payers = useChargePayers(clubId);
  const create = useCreateChargeBatch(clubId);
  const groups = useMemo(() => groupByUnit(payers.data ?? []), [payers.data]);
  const youth = (payers.data ?? []).filter((p) => p.youth);
  const unitYouth = (id: string) => youth.filter((p) => p.unit_id === id).length;
  const count = target === 'members' ? selected.size : target === 'unit' ? (unitId ? unitYouth(unitId) : 0) : youth.length;
  const targetValue = () => (target === 'members' ? { kind: target, profile_ids: [...selected] } : target === 'unit' ? { kind: target, unit_id: unitId } : { kind: target });

  const form = useZodForm(ZCreateChargeBatchForm, {
    defaultValues: { client_id: clientId, target: { kind: 'club' }, description: '', amount: '', due_date: todayIso(), origin: 'avulsa' },
    toInput: (v) => ({ ...v, client_id: clientId, target: targetValue() }),
  });
  const { register, control, formState: { errors } } = form;
  const amount = form.watch('amount');
  const targetErrors = errors.target as TargetErrors | undefined;
  const targetError = targetErrors?.profile_ids?.message ?? targetErrors?.unit_id?.message ?? targetErrors?.message;

  useEffect(() => onSubmitLabel(count > 0 ? `Criar ${plural(count, 'cobrança', 'cobranças')}` : 'Criar cobranças'), [count, onSubmitLabel]);
  useEffect(() => onPending(create.isPending), [create.isPending, onPending]);

  // A double click submits twice before the button turns busy: the second is dropped here (and the
  // server would answer it with the first batch anyway, through the client_id).
  const sending = useRef(false);
  async function onSubmit(input: z.output<typeof ZCreateChargeBatchForm>) {
    if (sending.current) return;
    sending.current = true;
    try {
      const res = await create.mutateAsync(input);
      toast.success(`${CHARGE_BATCH_MSG.created(res.count)} Total: ${formatMoney(res.total)}.`);
      onDone();
    } finally {
      sending.current = false;
    }
  }

  const units = groups.filter((g) => g.key !== '');
  return (
    <Form id="batch-charge-form" form={form} onSubmit={onSubmit} fallback={TRY_AGAIN} aria-label="Cobrança para vários" className="space-y-4">
      {payers.isPending ? <p role="status" className="text-sm text-slate-600">Carregando membros…</p> : null}
      {target === 'unit' ? (
        <SelectField label="Unidade" required value={unitId} onChange={(e) => setUnitId(e.target.value)} error={targetError}>
          <option value="">Selecione a unidade</option>
          {units.map((g) => <option key={g.key} value={g.key}>{g.name} ({plural(unitYouth(g.key), 'desbravador', 'desbravadores')})</option>)}
        </SelectField>
      ) : null}
      {target === 'club' ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
          Todos os desbravadores ativos do clube: <strong>{plural(youth.length, 'membro', 'membros')}</strong>. A diretoria só entra se for escolhida em “Membros escolhidos”.
        </p>
      ) : null}
      {target === 'members' ? (
        <div className="space-y-2">
          {targetError ? <p role="alert" className="text-sm text-red-700">{targetError}</p> : null}
          <div className="max-h-72 space-y-2 overflow-y-auto">
            <UnitMemberPicker members={payers.data ?? []} selected={selected} onChange={setSelected} renderMember={(p) => (
              <span className="min-w-0 flex-1 truncate text-slate-900">{p.full_name}{p.youth ? '' : <span className="text-xs text-slate-600"> · diretoria</span>}</span>
            )} />
          </div>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label="Descrição" required maxLength={200} placeholder="Ex.: Camiseta do clube" error={errors.description?.message} {...register('description')} />
        </div>
        <FormMoneyField control={control} name="amount" label="Valor por membro (R$)" required />
        <DateInput label="Vencimento" required error={errors.due_date?.message} {...register('due_date')} />
        <SelectField label="Origem" error={errors.origin?.message} {...register('origin')}>
          {CHARGE_ORIGINS.map((o) => <option key={o} value={o}>{CHARGE_ORIGIN_LABEL[o]}</option>)}
        </SelectField>
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {count > 0 ? <>Serão criadas <strong>{plural(count, 'cobrança', 'cobranças')}</strong>{amount ? <> de <strong>R$ {amount}</strong> cada</> : null}, todas ou nenhuma; cada família recebe um aviso.</> : 'Ninguém escolhido ainda.'}
      </p>
    </Form>
  );
}
