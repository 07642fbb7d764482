import type { UseFormRegisterReturn } from 'react-hook-form';
import { MEMBER_ROLES } from '@shared/members';
import { PERMISSION_MSG, grantRefusal } from '@shared/permissions';
import type { TUnit } from '@shared/units';
import { SelectField } from '../../../components/ui/field';
import { useCurrentClub } from '@web/lib/session/use-current-club';

const ROLE_HINTS: Record<string, string> = {
  admin: 'Tudo no clube.',
  associate: 'Tudo, menos configurações e a nomeação de diretores.',
  secretary: 'Membros, unidades, períodos, convites e presença. Sem financeiro.',
  treasurer: 'Todo o financeiro e seus relatórios; vê os membros.',
  counselor: 'Lidera a própria unidade: aprovações, pontos (até ±50) e chamada.',
  instructor: 'Tarefas, recorrentes, perguntas, subtarefas e aprovações do clube.',
  member: 'As próprias tarefas, perfil, ranking e cofres.',
};

/**
 * Function and unit selects shared by the add and edit forms (issue 14): the functions with their
 * pt-BR labels and what each may do; a counsellor's unit is required. Functions the signed-in person
 * may not give (a director, an associate) are listed but disabled; the server refuses them anyway.
 */
export function RoleAndUnitFields({
  role, unit, units, roleValue, roleError, unitError,
}: {
  role: UseFormRegisterReturn;
  unit: UseFormRegisterReturn;
  units: TUnit[];
  /** The function chosen right now (the form's watched value). */
  roleValue?: string;
  roleError?: string;
  unitError?: string;
  /** Kept for callers of the old free-text roles; every role is now one of the list. */
  currentRole?: string;
}) {
  const { club, isAdmin } = useCurrentClub();
  const actorRole = isAdmin ? 'admin' : (club?.role ?? 'member');
  const counselor = roleValue === 'counselor';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Função" required error={roleError} hint={roleValue ? ROLE_HINTS[roleValue] : undefined} {...role}>
        {MEMBER_ROLES.map((r) => (
          <option key={r.value} value={r.value} disabled={grantRefusal(actorRole, r.value) !== null && r.value !== roleValue}>{r.label}</option>
        ))}
      </SelectField>
      <SelectField
        label={counselor ? 'Unidade (obrigatória para Conselheiro(a))' : 'Unidade'}
        required={counselor}
        error={unitError}
        hint={counselor && !unitError ? PERMISSION_MSG.counselorNeedsUnit : undefined}
        {...unit}
      >
        <option value="">Sem unidade</option>
        {units.map((u) => <option key={u.id} value={u.id}>{u.name}{u.active ? '' : ' (inativa)'}</option>)}
      </SelectField>
    </div>
  );
}
