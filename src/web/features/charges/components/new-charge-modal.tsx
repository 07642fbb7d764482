import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { CHARGE_MSG, CHARGE_ORIGINS, CHARGE_ORIGIN_LABEL, ZCreateChargeForm } from '@shared/charges';
import { CHARGE_TARGETS, CHARGE_TARGET_LABEL, type TChargeTarget } from '@shared/charge-batches';
import { DateInput } from '@web/components/ui/date-input';
import { FormError, SelectField, TextField } from '@web/components/ui/field';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { FormMoneyField } from '@web/components/ui/money-input';
import { errorMessage } from '@web/lib/api';
import { useChargeMembers, useCreateCharge } from '../api/charges';
import { BatchChargeForm } from './batch-charge-form';
import { todayIso } from './today';

type FormIn = z.input<typeof ZCreateChargeForm>;
type FormOut = z.output<typeof ZCreateChargeForm>;
type Mode = 'one' | TChargeTarget;
const MODE_LABEL: Record<Mode, string> = { one: 'Um membro', ...CHARGE_TARGET_LABEL };

/** One member's charge: member, description, amount typed the Brazilian way ('1.234,56'), due date and origin. */
function OneChargeForm({ clubId, onDone, onPending }: { clubId: string; onDone: () => void; onPending: (p: boolean) => void }) {
  const create = useCreateCharge(clubId);
  const members = useChargeMembers(clubId);
  const { register, handleSubmit, formState, control, setError } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZCreateChargeForm),
    defaultValues: { profile_id: '', description: '', amount: '', due_date: todayIso(), origin: 'avulsa' },
  });
  const onSubmit = handleSubmit(async (values) => {
    onPending(true);
    try {
      await create.mutateAsync(values);
      toast.success(CHARGE_MSG.created);
      onDone();
    } catch (err) {
      setError('root', { message: errorMessage(err, 'tente novamente em instantes.') });
    } finally {
      onPending(false);
    }
  });
  return (
    <form id="new-charge-form" onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <SelectField label="Membro" required error={formState.errors.profile_id?.message} {...register('profile_id')}>
          <option value="">{members.isPending ? 'Carregando…' : 'Selecione o membro'}</option>
          {members.data?.map((m) => <option key={m.profile_id} value={m.profile_id}>{m.full_name}</option>)}
        </SelectField>
      </div>
      <div className="sm:col-span-2">
        <TextField label="Descrição" required maxLength={200} placeholder="Ex.: Camiseta do clube" error={formState.errors.description?.message} {...register('description')} />
      </div>
      <FormMoneyField control={control} name="amount" label="Valor (R$)" required />
      <DateInput label="Vencimento" required error={formState.errors.due_date?.message} {...register('due_date')} />
      <SelectField label="Origem" error={formState.errors.origin?.message} {...register('origin')}>
        {CHARGE_ORIGINS.map((o) => <option key={o} value={o}>{CHARGE_ORIGIN_LABEL[o]}</option>)}
      </SelectField>
      <div className="sm:col-span-2"><FormError message={formState.errors.root?.message} /></div>
    </form>
  );
}

/**
 * 'Nova cobrança': for one member, or the same charge for members picked from a list, a unit or the
 * whole club at once (issue 43: a camiseta for 30 kids is one form, not 30).
 */
export function NewChargeModal({ clubId, onClose }: { clubId: string; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('one');
  const [pending, setPending] = useState(false);
  const [submitLabel, setSubmitLabel] = useState('Criar cobranças');
  return (
    <Modal
      open
      size={mode === 'one' ? 'md' : 'lg'}
      title="Nova cobrança"
      onClose={onClose}
      footer={
        <FormModalFooter formId={mode === 'one' ? 'new-charge-form' : 'batch-charge-form'} onCancel={onClose} pending={pending} submitLabel={mode === 'one' ? 'Criar cobrança' : submitLabel} />
      }
    >
      <fieldset className="mb-4" disabled={pending}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Para quem</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(['one', ...CHARGE_TARGETS] as const).map((m) => (
            <label key={m} className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${mode === m ? 'border-emerald-700 bg-emerald-50 font-semibold text-emerald-900' : 'border-slate-300 text-slate-800'}`}>
              <input type="radio" name="charge-mode" value={m} checked={mode === m} onChange={() => setMode(m)} className="h-4 w-4 text-emerald-700" />
              {MODE_LABEL[m]}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'one'
        ? <OneChargeForm clubId={clubId} onDone={onClose} onPending={setPending} />
        : <BatchChargeForm clubId={clubId} target={mode} onDone={onClose} onPending={setPending} onSubmitLabel={setSubmitLabel} />}
    </Modal>
  );
}
