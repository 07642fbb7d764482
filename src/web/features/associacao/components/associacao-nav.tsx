import { NavLink } from 'react-router';

const LINKS = [
  { to: '/dashboard/associacao', label: 'SGC e seguro' },
  { to: '/dashboard/associacao/diretoria', label: 'Diretoria' },
  { to: '/dashboard/associacao/planejamento', label: 'Planejamento anual' },
  { to: '/dashboard/associacao/relatorios', label: 'Relatórios' },
  { to: '/dashboard/associacao/regional', label: 'Coordenação regional' },
];

/** The Associação's screens, side by side. */
export function AssociacaoNav() {
  return (
    <nav aria-label="Associação" className="mb-4 flex flex-wrap gap-2">
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} end className={({ isActive }) => `rounded-full px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-emerald-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
