import { useMemo, type ReactNode } from 'react';

const NO_UNIT = 'Sem unidade';

/** What the picker needs of a member: who they are and their unit (none: null). */
export interface PickableMember {
  profile_id: string;
  unit_id: string | null;
  unit_name: string | null;
}

export interface UnitGroup<M> {
  /** The unit's id; '' for the members with no unit. */
  key: string;
  name: string;
  members: M[];
}

/** Members grouped by unit (units by name, 'Sem unidade' last), each unit keeping the order given. */
export function groupByUnit<M extends PickableMember>(members: M[]): UnitGroup<M>[] {
  const groups = new Map<string, UnitGroup<M>>();
  for (const m of members) {
    const key = m.unit_id ?? '';
    const g = groups.get(key) ?? { key, name: m.unit_name ?? NO_UNIT, members: [] };
    g.members.push(m);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => (a.key === '' ? 1 : b.key === '' ? -1 : a.name.localeCompare(b.name, 'pt-BR')));
}

const ROW_HEIGHT = { md: 'min-h-11', lg: 'min-h-12' } as const;

/**
 * Members to tick, one box per unit: 'Selecionar unidade …' ticks (or clears) the whole unit, then a
 * row per member. `renderMember` draws what a row says beside its box; `size` 'lg' makes the rows
 * taller, for screens built for one thumb.
 */
export function UnitMemberPicker<M extends PickableMember>({ members, selected, onChange, renderMember, size = 'md' }: {
  members: M[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  renderMember: (m: M) => ReactNode;
  size?: keyof typeof ROW_HEIGHT;
}) {
  const groups = useMemo(() => groupByUnit(members), [members]);
  const height = ROW_HEIGHT[size];
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) if (on) next.add(id); else next.delete(id);
    onChange(next);
  };
  return (
    <>
      {groups.map((g) => {
        const ids = g.members.map((m) => m.profile_id);
        const all = ids.every((id) => selected.has(id));
        return (
          <fieldset key={g.key} className="rounded-lg border border-slate-200">
            <legend className="sr-only">{g.name}</legend>
            <label className={`flex ${height} cursor-pointer items-center gap-3 rounded-t-lg bg-slate-50 px-3 py-2 font-semibold text-slate-900`}>
              <input type="checkbox" className="h-5 w-5 rounded border-slate-400 text-emerald-700" checked={all} onChange={(e) => toggle(ids, e.target.checked)} aria-label={`Selecionar unidade ${g.name}`} />
              <span aria-hidden="true">{g.name}</span>
              <span className="ml-auto text-xs font-normal text-slate-600" aria-hidden="true">{g.members.length}</span>
            </label>
            <ul className="divide-y divide-slate-100">
              {g.members.map((m) => (
                <li key={m.profile_id}>
                  <label className={`flex ${height} cursor-pointer items-center gap-3 px-3 py-2`}>
                    <input type="checkbox" className="h-5 w-5 shrink-0 rounded border-slate-400 text-emerald-700" checked={selected.has(m.profile_id)} onChange={(e) => toggle([m.profile_id], e.target.checked)} />
                    {renderMember(m)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
    </>
  );
}
