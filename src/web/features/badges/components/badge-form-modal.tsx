import { useEffect, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import {
  BADGE_DEFAULTS, BADGE_MSG, BADGE_TYPE_LABEL, BADGE_TYPES, CATEGORIES, CATEGORY_LABEL, CRITERIA_UNIT_LABEL, CRITERIA_LABEL, CRITERIA_TYPES, CRITERIA_WITHOUT_VALUE, isProgrammeCriteria,
  ICON_TEMPLATES, RARITIES, RARITY_LABEL, ZBadgeInput, ZClubBadgeInput, type TBadge, type TBadgeInput, type TClubBadgeInput,
} from '@shared/badges';
import { BADGE_COLOR_KEYS, BADGE_ICON_KEYS, badgeIconSvg, type TBadgeColor, type TBadgeIconKey } from '@shared/badge-icons';
import { Form, useZodForm } from '../../../components/form';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { ColorPicker, IconGallery } from './icon-gallery';
import { ProgrammeCriteriaFields } from './programme-criteria-fields';

type BadgeSchema = typeof ZBadgeInput | typeof ZClubBadgeInput;
type BadgeForm<S extends BadgeSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;
/** The fields every badge has, whichever way its icon is drawn. */
type Common = Omit<TBadgeInput, 'icon_svg'>;

const COMMON_EMPTY: Common = {
  name: '', description: '', rarity: BADGE_DEFAULTS.rarity, points: BADGE_DEFAULTS.points, active: BADGE_DEFAULTS.active,
  badge_type: BADGE_DEFAULTS.badge_type, category: BADGE_DEFAULTS.category, criteria_type: '', criteria_value: BADGE_DEFAULTS.criteria_value,
  criteria_item: '', criteria_area: '',
};

function commonOf(b: TBadge): Common {
  return {
    name: b.name, description: b.description, rarity: b.rarity, points: b.points, active: b.active,
    badge_type: b.badge_type, category: b.category, criteria_type: b.auto_criteria?.type ?? '', criteria_value: b.auto_criteria?.value ?? 0,
    criteria_item: b.auto_criteria?.item_code ?? '', criteria_area: b.auto_criteria?.area_code ?? '',
  };
}

/** A platform badge as its form (and the admin API) take it: the icon is raw SVG. */
export const platformBadgeValues = (b: TBadge | null): TBadgeInput => (b ? { ...commonOf(b), icon_svg: b.icon_svg } : { ...COMMON_EMPTY, icon_svg: ICON_TEMPLATES[0].svg });

const isIconKey = (k: string | null): k is TBadgeIconKey => k !== null && (BADGE_ICON_KEYS as string[]).includes(k);
const isColor = (k: string | null | undefined): k is TBadgeColor => k != null && (BADGE_COLOR_KEYS as string[]).includes(k);

/** A club badge as its form (and the club API) take it: the icon is a gallery key and a colour. */
export const clubBadgeValues = (b: TBadge | null): TClubBadgeInput => ({
  ...(b ? commonOf(b) : COMMON_EMPTY),
  icon_key: b && isIconKey(b.icon_key) ? b.icon_key : BADGE_ICON_KEYS[0],
  icon_color: b && isColor(b.icon_color) ? b.icon_color : BADGE_COLOR_KEYS[0],
});

export interface BadgeFormModalProps<S extends BadgeSchema> {
  open: boolean;
  title: string;
  submitLabel: string;
  schema: S;
  /** The values the form opens with (memoised by the caller: a new object resets the form). */
  values: z.input<S>;
  saving: boolean;
  /** Sends the badge; a refusal stays in the form. */
  onSave: (values: z.output<S>) => Promise<unknown>;
  successMessage: string;
  onClose: () => void;
  /** How the icon is chosen: typed SVG with templates (platform), or the gallery (club). */
  icon: (form: BadgeForm<S>) => ReactNode;
  /** The gallery leads the club's form; the SVG box follows the criteria in the platform's. */
  iconFirst?: boolean;
}

/** Create/edit a badge (spec 5): manual hides criteria; changing the criteria type resets its value to 0. */
export function BadgeFormModal<S extends BadgeSchema>({ open, title, submitLabel, schema, values, saving, onSave, successMessage, onClose, icon, iconFirst = false }: BadgeFormModalProps<S>) {
  const form = useZodForm(schema, { defaultValues: values as never }) as unknown as BadgeForm<S>;
  // The common fields, typed once for both schemas.
  const common = form as unknown as UseFormReturn<Common>;
  const { register, setValue, control, formState: { errors } } = common;
  useEffect(() => {
    if (open) form.reset(values);
  }, [open, values, form]);
  const type = useWatch({ control, name: 'badge_type' });
  const criteriaType = useWatch({ control, name: 'criteria_type' });

  async function onSubmit(out: z.output<S>) {
    await onSave(out);
    toast.success(successMessage);
    onClose();
  }

  const criteriaRegister = register('criteria_type');
  return (
    <Modal open={open} title={title} onClose={onClose} size="lg" footer={<FormModalFooter formId="badge-form" onCancel={onClose} pending={saving} submitLabel={submitLabel} />}>
      <Form id="badge-form" form={form} onSubmit={onSubmit} fallback={BADGE_MSG.saveError}>
        {iconFirst ? icon(form) : null}
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
                setValue('criteria_item', '');
                setValue('criteria_area', '');
              }}
              error={errors.criteria_type?.message}
            >
              <option value="">Nenhum</option>
              {CRITERIA_TYPES.map((c) => <option key={c} value={c}>{CRITERIA_LABEL[c]}</option>)}
            </SelectField>
            {criteriaType && CRITERIA_WITHOUT_VALUE.includes(criteriaType) ? null : (
              <IntegerInput
                label={criteriaType ? `Valor (${CRITERIA_UNIT_LABEL[criteriaType]})` : 'Valor do critério'}
                {...register('criteria_value')}
                error={errors.criteria_value?.message}
              />
            )}
            {criteriaType && isProgrammeCriteria(criteriaType) ? <ProgrammeCriteriaFields form={common} type={criteriaType} /> : null}
          </div>
        ) : null}
        {iconFirst ? null : icon(form)}
        <CheckboxField label="Ativo" {...register('active')} />
      </Form>
    </Modal>
  );
}

/** The platform's icon: a template to start from, the SVG itself, and its preview. */
export function SvgIconFields({ form }: { form: BadgeForm<typeof ZBadgeInput> }) {
  const { register, setValue, control, formState: { errors } } = form;
  const icon = useWatch({ control, name: 'icon_svg' });
  return (
    <>
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
    </>
  );
}

/** A club's icon: picked from the gallery in one of the colours, drawn by the platform (no SVG to type). */
export function GalleryIconFields({ form }: { form: BadgeForm<typeof ZClubBadgeInput> }) {
  const { register, control, formState: { errors } } = form;
  const iconKey = useWatch({ control, name: 'icon_key' });
  const color = useWatch({ control, name: 'icon_color' });
  const shown = isColor(color) ? color : BADGE_COLOR_KEYS[0];
  return (
    <>
      <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <SvgIcon svg={badgeIconSvg(isIconKey(iconKey ?? null) ? (iconKey as TBadgeIconKey) : BADGE_ICON_KEYS[0], shown)} label="Prévia do ícone" className="h-12 w-12" />
        <p className="text-sm text-slate-700">Escolha um ícone e uma cor. O desenho é feito pela plataforma.</p>
      </div>
      <IconGallery field={register('icon_key')} color={shown} error={errors.icon_key?.message} />
      <ColorPicker field={register('icon_color')} error={errors.icon_color?.message} />
    </>
  );
}
