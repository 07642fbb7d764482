import type { TCatalogue, TProgramme } from '@shared/programme';
import { SelectField } from '../../../components/ui/field';

/** A class (of the club's programmes) or an especialidade, by area. */
export function ItemPicker({ catalogue, programmes, value, onChange, label = 'Classe ou especialidade', classesOnly = false }: {
  catalogue: TCatalogue; programmes: TProgramme[]; value: string; onChange: (code: string) => void; label?: string; classesOnly?: boolean;
}) {
  const classes = catalogue.items.filter((i) => i.kind === 'class' && programmes.includes(i.programme));
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Escolha…</option>
      <optgroup label="Classes">
        {classes.map((i) => <option key={i.code} value={i.code}>{i.name}{i.min_age !== null ? ` (${i.min_age}+)` : ''}</option>)}
      </optgroup>
      {classesOnly ? null : catalogue.areas.map((a) => (
        <optgroup key={a.code} label={`Especialidades — ${a.name}`}>
          {catalogue.items.filter((i) => i.kind === 'specialty' && i.area_code === a.code).map((i) => <option key={i.code} value={i.code}>{i.code} {i.name}</option>)}
        </optgroup>
      ))}
    </SelectField>
  );
}
