import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { PROGRESS_MSG, ZPointAdjustment } from '@shared/progress';
import { Form, useZodForm } from '../../../components/form';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { IntegerInput } from '../../../components/ui/integer-input';
import { useUnits } from '@web/lib/units-query';
import { useScoreUnit } from '../api/score-unit';

const EMPTY = { unit_id: '', points: '10', reason: '' };

/** Weekly-meeting points for a whole unit (uniform, punctuality, Bible…), with a reason. */
export function ScoreUnitModal({ clubId, open, onClose }: { clubId: string; open: boolean; onClose: () => void }) {
  const units = useUnits(clubId, open);
  const score = useScoreUnit(clubId);
  const form = useZodForm(ZPointAdjustment, { defaultValues: EMPTY, toInput: (v) => ({ ...v, unit_id: v.unit_id || null }) });
  const { register, formState: { errors } } = form;

  function close() {
    form.reset(EMPTY);
    onClose();
  }

  async function onSubmit(input: z.output<typeof ZPointAdjustment>) {
    await score.mutateAsync(input);
    toast.success(PROGRESS_MSG.adjusted);
    close();
  }

  return (
    <Modal open={open} title="Pontuar unidade" onClose={close} footer={<FormModalFooter formId="score-unit-form" onCancel={close} pending={score.isPending} submitLabel="Pontuar" />}>
      <Form id="score-unit-form" form={form} onSubmit={onSubmit} fallback={PROGRESS_MSG.adjustError}>
        {/* No unit chosen: the schema's 'a member or a unit' rule, said for this screen. */}
        <SelectField label="Unidade" error={errors.unit_id?.message ?? (errors.profile_id ? 'Escolha a unidade.' : undefined)} {...register('unit_id')}>
          <option value="">Selecione…</option>
          {(units.data ?? []).filter((u) => u.active).map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
        </SelectField>
        <IntegerInput label="Pontos (negativo para penalidade)" allowNegative error={errors.points?.message} {...register('points')} />
        <TextAreaField label="Motivo" error={errors.reason?.message} maxLength={500} placeholder="Ex.: uniforme completo, pontualidade, Bíblia" {...register('reason')} />
      </Form>
    </Modal>
  );
}
