import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { TBadgeInput, TCriteriaType } from '@shared/badges';
import { SelectField } from '../../../components/ui/field';
import { useProgrammeCatalogue } from '../api/programme-catalogue';

type Common = Omit<TBadgeInput, 'icon_svg'>;

/**
 * The selectors of the programme's criteria: the class of 'Classe concluída', the especialidade of
 * 'Especialidade concluída' (or any; the area narrows the list), the area of 'N especialidades da área'.
 */
export function ProgrammeCriteriaFields({ form, type }: { form: UseFormReturn<Common>; type: TCriteriaType }) {
  const { register, control, formState: { errors } } = form;
  const catalogue = useProgrammeCatalogue();
  const area = useWatch({ control, name: 'criteria_area' });
  const items = catalogue.data?.items ?? [];
  const areas = catalogue.data?.areas ?? [];
  if (catalogue.isError) return <p role="alert" className="text-sm text-red-700">Não foi possível carregar o catálogo de classes e especialidades.</p>;
  if (type === 'class_completed') {
    return (
      <SelectField label="Classe" {...register('criteria_item')} error={errors.criteria_item?.message}>
        <option value="">Escolha a classe</option>
        {items.filter((i) => i.kind === 'class').map((i) => <option key={i.code} value={i.code}>{i.name}{i.programme === 'aventureiros' ? ' (Aventureiros)' : ''}</option>)}
      </SelectField>
    );
  }
  const areaSelect = (label: string, empty: string) => (
    <SelectField label={label} {...register('criteria_area')} error={errors.criteria_area?.message}>
      <option value="">{empty}</option>
      {areas.map((a) => <option key={a.code} value={a.code}>{a.name}</option>)}
    </SelectField>
  );
  if (type === 'area_specialties') return areaSelect('Área das especialidades', 'Escolha a área');
  const specialties = items.filter((i) => i.kind === 'specialty' && (!area || i.area_code === area));
  return (
    <>
      {areaSelect('Área (para filtrar)', 'Todas as áreas')}
      <SelectField label="Especialidade" {...register('criteria_item')} error={errors.criteria_item?.message}>
        <option value="">Qualquer especialidade</option>
        {specialties.map((i) => <option key={i.code} value={i.code}>{i.name} ({i.code})</option>)}
      </SelectField>
    </>
  );
}
