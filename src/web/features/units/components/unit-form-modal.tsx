import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { DEFAULT_UNIT_COLOR, UNIT_COLOR_PRESETS, UNIT_MSG, ZUnitInput, type TUnit } from '@shared/units';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { useSaveUnit } from '../api/save-unit';

type FormIn = z.input<typeof ZUnitInput>;
type FormOut = z.output<typeof ZUnitInput>;

const EMPTY: FormIn = { name: '', color: DEFAULT_UNIT_COLOR, description: '', active: true };

/** Create (unit = null) or edit a unit: name, colour (ten presets or custom), description, active. */
export function UnitFormModal({ clubId, open, unit, onClose }: { clubId: string; open: boolean; unit: TUnit | null; onClose: () => void }) {
  const save = useSaveUnit(clubId);
  const { register, handleSubmit, formState, reset, watch, setValue } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(ZUnitInput), defaultValues: EMPTY });
  useEffect(() => {
    if (open) reset(unit ? { name: unit.name, color: unit.color, description: unit.description ?? '', active: unit.active } : EMPTY);
  }, [open, unit, reset]);
  const color = watch('color');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: unit?.id ?? null, input: values });
      toast.success(unit ? UNIT_MSG.updated : UNIT_MSG.created);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, UNIT_MSG.saveError));
    }
  });

  return (
    <Modal
      open={open}
      title={unit ? 'Editar Unidade' : 'Nova Unidade'}
      onClose={onClose}
      footer={
        <FormModalFooter formId="unit-form" onCancel={onClose} pending={save.isPending} submitLabel={unit ? 'Salvar' : 'Criar'} />
      }
    >
      <form id="unit-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Nome" required error={formState.errors.name?.message} {...register('name')} />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-800">Cor</legend>
          <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Cores sugeridas">
            {UNIT_COLOR_PRESETS.map((p) => {
              const selected = color?.toLowerCase() === p.value;
              return (
                <button
                  key={p.value}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={p.label}
                  title={p.label}
                  onClick={() => setValue('color', p.value, { shouldValidate: formState.isSubmitted })}
                  style={{ backgroundColor: p.value }}
                  className={`h-8 w-8 rounded-full border-2 ${selected ? 'border-slate-900 ring-2 ring-slate-900 ring-offset-2' : 'border-white'}`}
                />
              );
            })}
          </div>
          <div className="mt-3 flex items-end gap-3">
            <input
              type="color"
              aria-label="Cor personalizada"
              value={/^#[0-9a-fA-F]{6}$/.test(color ?? '') ? color : DEFAULT_UNIT_COLOR}
              onChange={(e) => setValue('color', e.target.value, { shouldValidate: formState.isSubmitted })}
              className="h-10 w-12 cursor-pointer rounded border border-slate-300"
            />
            <div className="flex-1">
              <TextField label="Código da cor" required error={formState.errors.color?.message} {...register('color')} />
            </div>
          </div>
        </fieldset>
        <TextAreaField label="Descrição (opcional)" {...register('description')} />
        <CheckboxField label="Unidade ativa" {...register('active')} />
      </form>
    </Modal>
  );
}
