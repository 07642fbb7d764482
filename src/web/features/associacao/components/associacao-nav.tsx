import { NavLink } from 'react-router';
import type { TClubPermission } from '@shared/permissions';
import { useSelectedClub } from '@web/lib/session/use-current-club';

const LINKS: Array<{ to: string; label: string; permission?: TClubPermission }> = [
  { to: '/dashboard/associacao', label: 'SGC e seguro', permission: 'associacao.manage' },
  { to: '/dashboard/associacao/diretoria', label: 'Diretoria', permission: 'associacao.manage' },
  { to: '/dashboard/associacao/planejamento', label: 'Planejamento anual', permission: 'associacao.manage' },
  { to: '/dashboard/associacao/relatorios', label: 'Relatórios', permission: 'associacao.manage' },
  { to: '/dashboard/associacao/avaliacao', label: 'Avaliação' },
  { to: '/dashboard/associacao/regional', label: 'Coordenação regional', permission: 'associacao.manage' },
];

/** The Associação's screens, side by side. */
export function AssociacaoNav() {
  const current = useSelectedClub();
  return (
    <nav aria-label="Associação" className="mb-4 flex flex-wrap gap-2">
      {LINKS.filter((l) => !l.permission || current.can(l.permission)).map((l) => (
        <NavLink key={l.to} to={l.to} end className={({ isActive }) => `rounded-full px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-emerald-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
