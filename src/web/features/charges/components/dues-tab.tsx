import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import {
  DUES_EXCEPTION_KINDS, DUES_EXCEPTION_LABEL, DUES_MSG, MONTH_LABEL, ZDuesExceptionForm, ZDuesPlanForm,
  type TDuesException, type TDuesExceptionKind, type TDuesPlan,
} from '@shared/dues';
import { formatBrl, formatMoney } from '@shared/format-brl';
import { percentOff } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Form, useZodForm } from '@web/components/form';
import { CheckboxField, SelectField, TextField } from '@web/components/ui/field';
import { FormMoneyField } from '@web/components/ui/money-input';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useChargeMembers } from '../api/charges';
import { useDuesSetup, useGenerateDues, useRemoveDuesException, useSaveDuesException, useSaveDuesPlan } from '../api/dues';

const TRY_AGAIN = 'tente novamente em instantes.';

/** The club's plan: description, amount, due day and the months it applies to. */
function PlanForm({ clubId, plan }: { clubId: string; plan: TDuesPlan | null }) {
  const save = useSaveDuesPlan(clubId);
  const form = useZodForm(ZDuesPlanForm, {
    defaultValues: {
      description: plan?.description ?? 'Mensalidade', amount: plan ? formatBrl(plan.amount) : '', due_day: plan?.due_day ?? 10,
      months: plan?.months ?? [2, 3, 4, 5, 6, 7, 8, 9, 10, 11], active: plan?.active ?? true, first_month: 'next',
    },
  });
  const { register, formState, control, watch, setValue } = form;
  const months = watch('months') ?? [];
  // A plan that never billed, or is switched back on, starts when the treasurer says (the server decides the same way).
  const active = watch('active');
  const starting = !plan || plan.generated_through === null || (!plan.active && active !== false);
  const firstMonth = watch('first_month');
  const dueDay = Number(watch('due_day'));
  const now = new Date();
  const monthName = (offset: number) => {
    const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
    return `${MONTH_LABEL[d.getMonth()]}/${d.getFullYear()}`;
  };
  const toggle = (m: number) => setValue('months', months.includes(m) ? months.filter((x) => x !== m) : [...months, m], { shouldValidate: formState.isSubmitted });
  async function onSubmit(values: z.output<typeof ZDuesPlanForm>) {
    await save.mutateAsync(values);
    toast.success(DUES_MSG.saved);
  }
  return (
    <Card className="p-4">
      <Form form={form} onSubmit={onSubmit} fallback={TRY_AGAIN} aria-label="Plano de mensalidades" className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <h2 className="font-semibold text-slate-900 sm:col-span-3">Plano de mensalidades</h2>
          <TextField label="Descrição" maxLength={120} error={formState.errors.description?.message} {...register('description')} />
          <FormMoneyField control={control} name="amount" label="Valor (R$)" required />
          <TextField label="Dia de vencimento" type="text" inputMode="numeric" maxLength={2} error={formState.errors.due_day?.message} {...register('due_day')} />
          <fieldset className="sm:col-span-3">
            <legend className="mb-1 text-sm font-medium text-slate-700">Meses de cobrança</legend>
            <div className="grid grid-cols-3 gap-1 sm:grid-cols-6">
              {MONTH_LABEL.map((label, i) => (
                <CheckboxField key={label} label={label} checked={months.includes(i + 1)} onChange={() => toggle(i + 1)} />
              ))}
            </div>
            {formState.errors.months ? <p role="alert" className="mt-1 text-sm text-red-700">{formState.errors.months.message}</p> : null}
          </fieldset>
          <div className="sm:col-span-3"><CheckboxField label="Plano ativo (gera as mensalidades todo mês)" {...register('active')} /></div>
          {starting ? (
            <div className="sm:col-span-3 sm:max-w-md">
              <SelectField
                label="Primeira cobrança"
                error={formState.errors.first_month?.message}
                hint={firstMonth === 'current' && dueDay >= 1 && dueDay < now.getDate()
                  ? `O dia ${dueDay} deste mês já passou: as mensalidades deste mês vencem no dia em que forem geradas, e cada família recebe o aviso.`
                  : 'As mensalidades saem no começo de cada mês do plano; a família recebe um aviso de cada uma.'}
                {...register('first_month')}
              >
                <option value="next">{monthName(1)} (próximo mês)</option>
                <option value="current">{monthName(0)} (este mês)</option>
              </SelectField>
            </div>
          ) : plan?.first_month ? (
            <p className="text-sm text-slate-600 sm:col-span-3">Cobrando desde {MONTH_LABEL[Number(plan.first_month.slice(5, 7)) - 1]}/{plan.first_month.slice(0, 4)}.</p>
          ) : null}
          <div className="sm:col-span-3"><Button type="submit" loading={save.isPending}>Salvar plano</Button></div>
        </div>
      </Form>
    </Card>
  );
}

/** 'Gerar mensalidades' of a month of the plan: once per member and month, however often it is pressed. */
function GenerateMonth({ clubId, plan }: { clubId: string; plan: TDuesPlan }) {
  const now = new Date();
  const year = now.getFullYear();
  const current = now.getMonth() + 1;
  const choices = plan.months.filter((m) => m <= current + 1);
  const [month, setMonth] = useState(String(choices.includes(current) ? current : (choices[choices.length - 1] ?? '')));
  const generate = useGenerateDues(clubId);
  async function run() {
    try {
      const r = await generate.mutateAsync(`${year}-${month.padStart(2, '0')}`);
      toast.success(r.created === 0 ? 'Nenhuma mensalidade nova: este mês já estava gerado.' : `${r.created} ${r.created === 1 ? 'mensalidade gerada' : 'mensalidades geradas'}!`);
    } catch (err) {
      toast.error(`Erro ao gerar: ${errorMessage(err, TRY_AGAIN)}`);
    }
  }
  return (
    <Card className="space-y-3 p-4">
      <h2 className="font-semibold text-slate-900">Gerar mensalidades</h2>
      <p className="text-sm text-slate-600">
        O Trilha gera sozinho as mensalidades de cada mês do plano, no fuso do clube
        {plan.generated_through ? ` (última geração: ${MONTH_LABEL[Number(plan.generated_through.slice(5, 7)) - 1]}/${plan.generated_through.slice(0, 4)})` : ''}.
        Gerar de novo não duplica: cada membro tem uma mensalidade por mês.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-44">
          <SelectField label="Mês" value={month} onChange={(e) => setMonth(e.target.value)}>
            {choices.map((m) => <option key={m} value={m}>{MONTH_LABEL[m - 1]}/{year}</option>)}
          </SelectField>
        </div>
        <Button onClick={() => void run()} loading={generate.isPending} disabled={!plan.active || choices.length === 0}>Gerar mensalidades</Button>
      </div>
    </Card>
  );
}

function describeException(e: TDuesException, planAmount: string | null): string {
  if (e.kind === 'isento') return 'Isento';
  if (e.kind === 'valor') return `Outro valor: ${formatMoney(e.amount)}`;
  // In whole cents, rounded as generate_dues rounds it (never a float).
  return `Desconto de ${e.percent} %${planAmount && e.percent ? ` (${formatMoney(percentOff(planAmount, e.percent))})` : ''}`;
}

/** The exception form: the member it is for, then the shared exception (isento, another amount, a discount). */
const ZMemberException = z.object({ profile_id: z.string().min(1, DUES_MSG.memberRequired) }).and(ZDuesExceptionForm);

/** Per-member exceptions: isento, another amount, or a percentage off such as 'irmãos: 2º com 50 %'. */
function Exceptions({ clubId, exceptions, planAmount }: { clubId: string; exceptions: TDuesException[]; planAmount: string | null }) {
  const members = useChargeMembers(clubId);
  const save = useSaveDuesException(clubId);
  const remove = useRemoveDuesException(clubId);
  const [removing, setRemoving] = useState<TDuesException | null>(null);
  // Every branch's field starts filled, so switching the kind keeps what was typed.
  const form = useZodForm(ZMemberException, { defaultValues: { profile_id: '', kind: 'desconto', amount: '', percent: '50', reason: '' } as z.input<typeof ZMemberException> });
  const { register, formState: { errors }, control, watch, getValues, reset } = form;
  const kind = watch('kind') as TDuesExceptionKind;
  // The union's branches each have their own fields: read the errors of whichever is shown.
  const percentError = (errors as { percent?: { message?: string } }).percent?.message;
  async function add(values: z.output<typeof ZMemberException>) {
    const { profile_id: profileId, ...input } = values;
    await save.mutateAsync({ profileId, input: input as z.output<typeof ZDuesExceptionForm> });
    toast.success(DUES_MSG.exceptionSaved);
    reset({ ...getValues(), profile_id: '', reason: '' });
  }
  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.profile_id);
      toast.success(DUES_MSG.exceptionRemoved);
      setRemoving(null);
    } catch (err) {
      toast.error(`Erro ao remover: ${errorMessage(err, TRY_AGAIN)}`);
    }
  }
  return (
    <Card className="space-y-3 p-4">
      <h2 className="font-semibold text-slate-900">Exceções por membro</h2>
      {exceptions.length === 0 ? <p className="text-sm text-slate-600">Nenhuma exceção: todos pagam o valor do plano.</p> : (
        <ul aria-label="Exceções" className="divide-y divide-slate-200">
          {exceptions.map((e) => (
            <li key={e.profile_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-medium text-slate-900">{e.member_name}</p>
                <p className="text-sm text-slate-600">{describeException(e, planAmount)}{e.reason ? ` · ${e.reason}` : ''}</p>
              </div>
              <Button size="sm" variant="secondary" onClick={() => setRemoving(e)}>Remover</Button>
            </li>
          ))}
        </ul>
      )}
      <Form form={form} onSubmit={add} fallback={TRY_AGAIN} className="space-y-3 rounded-lg border border-slate-200 p-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Membro" error={errors.profile_id?.message} {...register('profile_id')}>
            <option value="">{members.isPending ? 'Carregando…' : 'Selecione o membro'}</option>
            {members.data?.map((m) => <option key={m.profile_id} value={m.profile_id}>{m.full_name}</option>)}
          </SelectField>
          <SelectField label="Exceção" error={errors.kind?.message} {...register('kind')}>
            {DUES_EXCEPTION_KINDS.map((k) => <option key={k} value={k}>{DUES_EXCEPTION_LABEL[k]}</option>)}
          </SelectField>
          {kind === 'valor' ? <FormMoneyField control={control} name="amount" label="Valor deste membro (R$)" /> : null}
          {kind === 'desconto' ? <TextField label="Desconto (%)" inputMode="numeric" maxLength={2} error={percentError} {...register('percent')} /> : null}
          <TextField label="Motivo (opcional)" maxLength={200} placeholder="Ex.: irmãos: 2º com 50 %" error={errors.reason?.message} {...register('reason')} />
          <div className="sm:col-span-2"><Button type="submit" loading={save.isPending}>Salvar exceção</Button></div>
        </div>
      </Form>
      <ConfirmDialog
        open={removing !== null}
        title="Remover exceção"
        message={<p>{removing?.member_name} volta a pagar o valor do plano nas próximas mensalidades.</p>}
        confirmLabel="Remover"
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

/** 'Mensalidades': the plan, the month's generation and the exceptions. */
export function DuesTab({ clubId }: { clubId: string }) {
  const setup = useDuesSetup(clubId);
  if (setup.isPending) return <PageSpinner />;
  if (setup.isError) return <p role="alert" className="text-red-700">{errorMessage(setup.error, 'Erro ao carregar as mensalidades.')}</p>;
  const { plan, exceptions } = setup.data;
  return (
    <div className="space-y-4">
      <PlanForm key={plan ? 'plan' : 'none'} clubId={clubId} plan={plan} />
      {plan ? <GenerateMonth clubId={clubId} plan={plan} /> : null}
      <Exceptions clubId={clubId} exceptions={exceptions} planAmount={plan?.amount ?? null} />
    </div>
  );
}
