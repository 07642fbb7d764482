import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { Form, useZodForm } from '@web/components/form';
import { FIN_MSG, ZSavingsGoalForm, type TFinanceMember, type TSavingsGoal } from '@shared/finance';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { FormMoneyField } from '@web/components/ui/money-input';
import { formatBrl } from '@shared/money';
import { useSaveSavingsGoal } from '../api/save-savings-goal';
type FormOut = z.output<typeof ZSavingsGoalForm>;

/** Create or edit a cofre (club-wide or a member's). Its current amount moves only with transactions. */
export function SavingsGoalModal({ clubId, goal, members, onClose }: {
  clubId: string; goal: TSavingsGoal | null; members: TFinanceMember[]; onClose: () => void;
}) {
  const save = useSaveSavingsGoal(clubId);
  const form = useZodForm(ZSavingsGoalForm, {
    defaultValues: {
      name: goal?.name ?? '',
      description: goal?.description ?? '',
      goal_amount: goal ? formatBrl(goal.goal_amount) : '',
      start_date: goal?.start_date ?? '',
      end_date: goal?.end_date ?? '',
      profile_id: goal?.profile_id ?? '',
    },
  });

  const { register, formState, control } = form;
  const onSubmit = async (values: FormOut) => {
    await save.mutateAsync({ id: goal?.id ?? null, input: values });
    toast.success(FIN_MSG.goalSaved);
    onClose();
  };

  return (
    <Modal
      open
      title={goal ? 'Editar Cofre' : 'Novo Cofre / Meta'}
      onClose={onClose}
      footer={<FormModalFooter formId="savings-goal-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar" />}
    >
      <Form id="savings-goal-form" form={form} onSubmit={onSubmit} errorPrefix={FIN_MSG.saveGoalError} fallback={FIN_MSG.tryAgain}>
        <TextField label="Nome da meta" required error={formState.errors.name?.message} {...register('name')} />
        <FormMoneyField control={control} name="goal_amount" label="Valor da meta (R$)" required />
        <SelectField label="Dono do cofre" hint="Sem membro, o cofre é do clube." {...register('profile_id')}>
          <option value="">Cofre do Clube</option>
          {members.map((m) => <option key={m.profile_id} value={m.profile_id}>{m.full_name}</option>)}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput label="Início (opcional)" error={formState.errors.start_date?.message} {...register('start_date')} />
          <DateInput label="Fim (opcional)" error={formState.errors.end_date?.message} {...register('end_date')} />
        </div>
        <TextAreaField label="Descrição (opcional)" {...register('description')} />
      </Form>
    </Modal>
  );
}
