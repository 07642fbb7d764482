import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import {
  BADGE_DEFAULTS, BADGE_MSG, BADGE_TYPE_LABEL, BADGE_TYPES, CATEGORIES, CATEGORY_LABEL, CRITERIA_UNIT_LABEL, CRITERIA_LABEL, CRITERIA_TYPES,
  RARITIES, RARITY_LABEL, ZClubBadgeInput, type TBadge, type TClubBadgeInput, type TClubBadgeInputOut,
} from '@shared/badges';
import { BADGE_COLOR_KEYS, BADGE_ICON_KEYS, badgeIconSvg, type TBadgeColor, type TBadgeIconKey } from '@shared/badge-icons';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { Modal } from '../../../components/ui/modal';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { errorMessage } from '../../../lib/api';
import { useSaveClubBadge } from '../api/club-badges';
import { ColorPicker, IconGallery } from './icon-gallery';

const EMPTY: TClubBadgeInput = {
  name: '', description: '', icon_key: BADGE_ICON_KEYS[0], icon_color: BADGE_COLOR_KEYS[0], rarity: BADGE_DEFAULTS.rarity, points: BADGE_DEFAULTS.points,
  active: BADGE_DEFAULTS.active, badge_type: BADGE_DEFAULTS.badge_type, category: BADGE_DEFAULTS.category, criteria_type: '', criteria_value: BADGE_DEFAULTS.criteria_value,
};

const isIconKey = (k: string | null): k is TBadgeIconKey => k !== null && (BADGE_ICON_KEYS as string[]).includes(k);
const isColor = (k: string | null): k is TBadgeColor => k !== null && (BADGE_COLOR_KEYS as string[]).includes(k);

/** A club badge as the form (and the API) take it. */
export function toClubBadgeForm(b: TBadge): TClubBadgeInput {
  return {
    name: b.name, description: b.description, icon_key: isIconKey(b.icon_key) ? b.icon_key : BADGE_ICON_KEYS[0], icon_color: isColor(b.icon_color) ? b.icon_color : BADGE_COLOR_KEYS[0],
    rarity: b.rarity, points: b.points, active: b.active, badge_type: b.badge_type, category: b.category,
    criteria_type: b.auto_criteria?.type ?? '', criteria_value: b.auto_criteria?.value ?? 0,
  };
}

/** Create or edit a club's own badge: the platform's fields, with the icon picked from the gallery (no SVG to type). */
export function ClubBadgeFormModal({ clubId, open, badge, onClose }: { clubId: string; open: boolean; badge: TBadge | null; onClose: () => void }) {
  const save = useSaveClubBadge(clubId);
  const { register, handleSubmit, reset, setValue, control, setError, formState: { errors } } = useForm<TClubBadgeInput, unknown, TClubBadgeInputOut>({
    resolver: zodResolver(ZClubBadgeInput),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (open) reset(badge ? toClubBadgeForm(badge) : EMPTY);
  }, [open, badge, reset]);
  const type = useWatch({ control, name: 'badge_type' });
  const criteriaType = useWatch({ control, name: 'criteria_type' });
  const iconKey = useWatch({ control, name: 'icon_key' });
  const color = useWatch({ control, name: 'icon_color' });

  async function onSubmit(values: TClubBadgeInputOut) {
    try {
      await save.mutateAsync({ id: badge?.id ?? null, body: values });
      toast.success(badge ? BADGE_MSG.updated : BADGE_MSG.created);
      onClose();
    } catch (err) {
      setError('root', { message: errorMessage(err, BADGE_MSG.saveError) });
    }
  }

  const criteriaRegister = register('criteria_type');
  return (
    <Modal open={open} title={badge ? 'Editar badge do clube' : 'Novo badge do clube'} onClose={onClose} size="lg">
      <form onSubmit={handleSubmit(onSubmit)} className="space-y-4" noValidate>
        <FormError message={errors.root?.message} />
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <SvgIcon svg={badgeIconSvg(isIconKey(iconKey) ? iconKey : BADGE_ICON_KEYS[0], isColor(color) ? color : BADGE_COLOR_KEYS[0])} label="Prévia do ícone" className="h-12 w-12" />
          <p className="text-sm text-slate-700">Escolha um ícone e uma cor. O desenho é feito pela plataforma.</p>
        </div>
        <IconGallery field={register('icon_key')} color={isColor(color) ? color : BADGE_COLOR_KEYS[0]} error={errors.icon_key?.message} />
        <ColorPicker field={register('icon_color')} error={errors.icon_color?.message} />
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
        <CheckboxField label="Ativo" {...register('active')} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>Cancelar</Button>
          <Button type="submit" loading={save.isPending}>{badge ? 'Salvar' : 'Criar badge'}</Button>
        </div>
      </form>
    </Modal>
  );
}
