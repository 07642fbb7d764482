import type { UseFormRegisterReturn } from 'react-hook-form';
import { MEMBER_ROLES } from '@shared/members';
import type { TUnit } from '@shared/units';
import { SelectField } from '../../../components/ui/field';

/** Role and unit selects shared by the add and edit forms; a custom role from a CSV stays selectable. */
export function RoleAndUnitFields({
  role, unit, units, currentRole, roleError,
}: { role: UseFormRegisterReturn; unit: UseFormRegisterReturn; units: TUnit[]; currentRole?: string; roleError?: string }) {
  const custom = currentRole && !MEMBER_ROLES.some((r) => r.value === currentRole) ? currentRole : null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Função" required error={roleError} hint="Administrador(a) pode gerenciar o clube." {...role}>
        {MEMBER_ROLES.map((r) => <option key={r.value} value={r.value}>{r.label}</option>)}
        {custom ? <option value={custom}>{custom}</option> : null}
      </SelectField>
      <SelectField label="Unidade" {...unit}>
        <option value="">Sem unidade</option>
        {units.map((u) => <option key={u.id} value={u.id}>{u.name}{u.active ? '' : ' (inativa)'}</option>)}
      </SelectField>
    </div>
  );
}
