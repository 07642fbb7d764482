import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { PROGRESS_MSG, ZPointAdjustment } from '@shared/progress';
import { parseWholeNumber } from '@shared/whole-number';
import { Form, useZodForm } from '../../../components/form';
import { TextAreaField } from '../../../components/ui/field';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { IntegerInput } from '../../../components/ui/integer-input';
import { useAdjustPoints } from '../api/adjust-points';

const EMPTY = { points: '10', reason: '' };

/** 'Pontuar': a bonus or a penalty for one member, always with a reason. */
export function AdjustPointsModal({ clubId, member, open, onClose }: { clubId: string; member: { id: string; name: string }; open: boolean; onClose: () => void }) {
  const adjust = useAdjustPoints(clubId);
  const [kind, setKind] = useState<'bonus' | 'penalty'>('bonus');
  const form = useZodForm(ZPointAdjustment, {
    defaultValues: EMPTY,
    // The sign comes from Bônus/Penalidade; the field takes a whole number of at least 1.
    toInput: (v) => {
      const magnitude = parseWholeNumber(String(v.points ?? ''));
      return { profile_id: member.id, reason: v.reason, points: magnitude === null || magnitude < 1 ? '' : kind === 'penalty' ? -magnitude : magnitude };
    },
  });
  const { register, formState: { errors } } = form;

  function close() {
    setKind('bonus');
    form.reset(EMPTY);
    onClose();
  }

  async function onSubmit(input: z.output<typeof ZPointAdjustment>) {
    await adjust.mutateAsync(input);
    toast.success(PROGRESS_MSG.adjusted);
    close();
  }

  return (
    <Modal open={open} title={`Pontuar ${member.name}`} onClose={close} footer={<FormModalFooter formId="adjust-points-form" onCancel={close} pending={adjust.isPending} submitLabel="Pontuar" />}>
      <Form id="adjust-points-form" form={form} onSubmit={onSubmit} fallback={PROGRESS_MSG.adjustError}>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">Tipo</legend>
          <div className="flex gap-4">
            {(['bonus', 'penalty'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} className="h-4 w-4" />
                {k === 'bonus' ? 'Bônus (+)' : 'Penalidade (−)'}
              </label>
            ))}
          </div>
        </fieldset>
        <IntegerInput label="Pontos" error={errors.points?.message} {...register('points')} />
        <TextAreaField label="Motivo" error={errors.reason?.message} maxLength={500} placeholder="Ex.: uniforme completo, pontualidade, Bíblia" {...register('reason')} />
      </Form>
    </Modal>
  );
}
