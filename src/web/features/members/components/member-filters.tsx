import { useEffect, useState } from 'react';
import type { TUnit } from '@shared/units';
import { SelectField, TextField } from '../../../components/ui/field';
import type { MemberFilters } from '../api/list-members';

/**
 * Search, unit and status above the members list. The server filters (the list is paged), so a
 * name typed here finds a member on any page; typing waits 300 ms before asking.
 */
export function MemberFiltersBar({ units, showEmails, value, onChange }: {
  units: TUnit[];
  showEmails: boolean;
  value: MemberFilters;
  onChange: (f: MemberFilters) => void;
}) {
  const [typed, setTyped] = useState(value.q);
  useEffect(() => {
    const t = setTimeout(() => {
      if (typed.trim() !== value.q) onChange({ ...value, q: typed.trim() });
    }, 300);
    return () => clearTimeout(t);
  }, [typed, value, onChange]);

  return (
    <form role="search" aria-label="Filtrar membros" onSubmit={(e) => e.preventDefault()} className="mb-4 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr]">
      <TextField
        label={showEmails ? 'Buscar por nome ou e-mail' : 'Buscar por nome'}
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder="Ex.: Ana"
      />
      <SelectField label="Unidade" value={value.unitId} onChange={(e) => onChange({ ...value, unitId: e.target.value })}>
        <option value="">Todas as unidades</option>
        {units.map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
        <option value="none">Sem unidade</option>
      </SelectField>
      <SelectField label="Status" value={value.status} onChange={(e) => onChange({ ...value, status: e.target.value as MemberFilters['status'] })}>
        <option value="all">Todos</option>
        <option value="active">Ativos</option>
        <option value="inactive">Inativos</option>
      </SelectField>
      <SelectField label="Ordenar por" value={value.sort} onChange={(e) => onChange({ ...value, sort: e.target.value as MemberFilters['sort'] })}>
        <option value="recentes">Mais recentes</option>
        <option value="nome">Nome (A–Z)</option>
        <option value="pontos">Pontos</option>
      </SelectField>
    </form>
  );
}
