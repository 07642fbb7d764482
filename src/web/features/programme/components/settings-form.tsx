import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { PROGRAMME_LABEL, PROGRAMME_MSG, PROGRAMMES, ZProgrammeSettingsInput, type TProgramme, type TProgrammeSettings } from '@shared/programme';
import { Form, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { IntegerInput } from '../../../components/ui/integer-input';
import { useSaveProgrammeSettings } from '../api/settings';

/** Configurações do programa: Desbravadores and/or Aventureiros, and points (0 turns them off). */
export function SettingsForm({ clubId, settings, canEdit }: { clubId: string; settings: TProgrammeSettings; canEdit: boolean }) {
  const save = useSaveProgrammeSettings(clubId);
  const form = useZodForm(ZProgrammeSettingsInput, {
    defaultValues: {
      programmes: settings.programmes,
      points_per_requirement: String(settings.points_per_requirement),
      points_per_class: String(settings.points_per_class),
      points_per_specialty: String(settings.points_per_specialty),
    },
  });
  const { register, watch, setValue, formState: { errors } } = form;
  const programmes = watch('programmes');
  const toggle = (p: TProgramme, on: boolean) =>
    setValue('programmes', on ? [...programmes.filter((x) => x !== p), p] : programmes.filter((x) => x !== p), { shouldDirty: true });

  async function onSubmit(input: z.output<typeof ZProgrammeSettingsInput>) {
    await save.mutateAsync(input);
    toast.success(PROGRAMME_MSG.saved);
  }
  return (
    <Form form={form} onSubmit={onSubmit} fallback="Erro ao salvar." className="max-w-xl space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Programas do clube</legend>
        {PROGRAMMES.map((p) => (
          <label key={p} className="mr-6 inline-flex items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" className="h-4 w-4 accent-emerald-700" checked={programmes.includes(p)} disabled={!canEdit} onChange={(e) => toggle(p, e.target.checked)} /> {PROGRAMME_LABEL[p]}
          </label>
        ))}
        {errors.programmes?.message ? <p role="alert" className="mt-1 text-sm text-red-700">{errors.programmes.message}</p> : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <IntegerInput label="Pontos por requisito" disabled={!canEdit} error={errors.points_per_requirement?.message} {...register('points_per_requirement')} />
        <IntegerInput label="Pontos por classe concluída" disabled={!canEdit} error={errors.points_per_class?.message} {...register('points_per_class')} />
        <IntegerInput label="Pontos por especialidade concluída" disabled={!canEdit} error={errors.points_per_specialty?.message} {...register('points_per_specialty')} />
      </div>
      <p className="text-xs text-slate-600">0 desliga. Os pontos vão para o membro e a unidade dele no ranking.</p>
      {canEdit ? <Button type="submit" loading={save.isPending}>Salvar</Button> : null}
    </Form>
  );
}
