import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import {
  BADGE_DEFAULTS, BADGE_MSG, BADGE_TYPE_LABEL, BADGE_TYPES, CATEGORIES, CATEGORY_LABEL, CRITERIA_UNIT_LABEL, CRITERIA_LABEL, CRITERIA_TYPES,
  ICON_TEMPLATES, RARITIES, RARITY_LABEL, ZBadgeInput, type TBadge, type TBadgeInput, type TBadgeInputOut,
} from '@shared/badges';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { Modal } from '../../../components/ui/modal';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { useSaveBadge } from '../api/save-badge';

const EMPTY: TBadgeInput = {
  name: '', description: '', icon_svg: ICON_TEMPLATES[0].svg, rarity: BADGE_DEFAULTS.rarity, points: BADGE_DEFAULTS.points, active: BADGE_DEFAULTS.active,
  badge_type: BADGE_DEFAULTS.badge_type, category: BADGE_DEFAULTS.category, criteria_type: '', criteria_value: BADGE_DEFAULTS.criteria_value,
};

function toForm(b: TBadge): TBadgeInput {
  return {
    name: b.name, description: b.description, icon_svg: b.icon_svg, rarity: b.rarity, points: b.points, active: b.active,
    badge_type: b.badge_type, category: b.category, criteria_type: b.auto_criteria?.type ?? '', criteria_value: b.auto_criteria?.value ?? 0,
  };
}

/** Create/edit a badge (spec 5): manual hides criteria; changing the criteria type resets its value to 0. */
export function BadgeFormModal({ open, badge, onClose }: { open: boolean; badge: TBadge | null; onClose: () => void }) {
  const save = useSaveBadge();
  const { register, handleSubmit, reset, setValue, control, formState: { errors } } = useForm<TBadgeInput, unknown, TBadgeInputOut>({
    resolver: zodResolver(ZBadgeInput),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (open) reset(badge ? toForm(badge) : EMPTY);
  }, [open, badge, reset]);
  const type = useWatch({ control, name: 'badge_type' });
  const criteriaType = useWatch({ control, name: 'criteria_type' });
  const icon = useWatch({ control, name: 'icon_svg' });

  async function onSubmit(values: TBadgeInputOut) {
    try {
      await save.mutateAsync({ id: badge?.id ?? null, body: values });
      toast.success(badge ? BADGE_MSG.updated : BADGE_MSG.created);
      onClose();
    } catch {
      toast.error(BADGE_MSG.saveError);
    }
  }

  const criteriaRegister = register('criteria_type');
  return (
    <Modal open={open} title={badge ? 'Editar Badge' : 'Novo Badge'} onClose={onClose} size="lg">
      <form onSubmit={handleSubmit(onSubmit)} className="space-y-4" noValidate>
        <TextField label="Nome" {...register('name')} error={errors.name?.message} />
        <TextAreaField label="Descrição" {...register('description')} error={errors.description?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo" {...register('badge_type')}>
            {BADGE_TYPES.map((t) => <option key={t} value={t}>{BADGE_TYPE_LABEL[t]}</option>)}
          </SelectField>
          <SelectField label="Categoria" {...register('category')}>
            {CATEGORIES.map((c) => <option key={c} value={c}>{CATEGORY_LABEL[c]}</option>)}
          </SelectField>
          <SelectField label="Raridade" {...register('rarity')}>
            {RARITIES.map((r) => <option key={r} value={r}>{RARITY_LABEL[r]}</option>)}
          </SelectField>
          <IntegerInput label="Pontos (XP)" {...register('points')} error={errors.points?.message} />
        </div>
        {type === 'auto' ? (
          <div className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2">
            <SelectField
              label="Tipo de critério"
              {...criteriaRegister}
              onChange={(e) => {
                void criteriaRegister.onChange(e);
                setValue('criteria_value', 0);
              }}
              error={errors.criteria_type?.message}
            >
              <option value="">Nenhum</option>
              {CRITERIA_TYPES.map((c) => <option key={c} value={c}>{CRITERIA_LABEL[c]}</option>)}
            </SelectField>
            <IntegerInput
              label={criteriaType ? `Valor (${CRITERIA_UNIT_LABEL[criteriaType]})` : 'Valor do critério'}
              {...register('criteria_value')}
              error={errors.criteria_value?.message}
            />
          </div>
        ) : null}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Modelos de ícone</legend>
          <div className="flex flex-wrap gap-2">
            {ICON_TEMPLATES.map((t) => (
              <button
                key={t.key}
                type="button"
                onClick={() => setValue('icon_svg', t.svg, { shouldValidate: true })}
                aria-label={`Usar ícone ${t.label}`}
                aria-pressed={icon === t.svg}
                className={`rounded-lg border p-2 text-slate-800 hover:bg-slate-50 ${icon === t.svg ? 'border-emerald-600 ring-2 ring-emerald-600/30' : 'border-slate-300'}`}
              >
                <SvgIcon svg={t.svg} label={t.label} className="h-7 w-7" />
              </button>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <TextAreaField label="Ícone SVG" rows={4} className="font-mono text-xs" {...register('icon_svg')} error={errors.icon_svg?.message} />
          <div className="flex flex-col items-center justify-center gap-1 rounded-lg border border-slate-200 p-3">
            <span className="text-xs text-slate-600">Prévia</span>
            <SvgIcon svg={icon ?? ''} label="Prévia do ícone" className="h-14 w-14 text-emerald-700" />
          </div>
        </div>
        <CheckboxField label="Ativo" {...register('active')} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>Cancelar</Button>
          <Button type="submit" loading={save.isPending}>{badge ? 'Salvar' : 'Criar Badge'}</Button>
        </div>
      </form>
    </Modal>
  );
}
