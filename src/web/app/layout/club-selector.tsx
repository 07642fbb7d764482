import { useId } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { CurrentClub } from '@web/lib/session/use-current-club';
import { setSelectedClubId } from '@web/lib/session/selected-club-store';
import { useUnreadCounts } from '../../features/notifications/api/get-unread';

function ClubAvatar({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  if (logoUrl) return <img src={logoUrl} alt="" className="h-9 w-9 shrink-0 rounded-lg object-cover" />;
  return (
    <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-emerald-700 text-sm font-bold text-white">
      {name.slice(0, 2).toUpperCase()}
    </span>
  );
}

/** The current-club selector: lists clubs where the user has an active membership. */
export function ClubSelector({ current, collapsed }: { current: CurrentClub; collapsed: boolean }) {
  const id = useId();
  const unread = useUnreadCounts();
  const unreadOf = (clubId: string) => unread.data?.clubs.find((c) => c.club_id === clubId)?.unread ?? 0;
  if (current.clubs.length === 0) {
    if (collapsed) return null;
    return (
      <Link to="/dashboard/clubes/novo" className="flex items-center gap-2 rounded-lg border border-dashed border-emerald-400 px-3 py-2 text-sm text-emerald-100 hover:bg-emerald-800">
        <Plus aria-hidden="true" className="h-4 w-4" /> Criar clube
      </Link>
    );
  }
  const club = current.club;
  const othersUnread = current.clubs.reduce((sum, c) => sum + (c.id === current.clubId ? 0 : unreadOf(c.id)), 0);
  return (
    <div className="flex items-center gap-2">
      {club ? <ClubAvatar name={club.name} logoUrl={club.logo_url} /> : null}
      {collapsed ? null : (
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block text-xs text-emerald-100">
            Clube atual
            {othersUnread > 0 ? <span className="ml-1 font-semibold text-amber-300">· {othersUnread} {othersUnread === 1 ? 'aviso' : 'avisos'} em outro clube</span> : null}
          </label>
          <select
            id={id}
            value={current.clubId ?? ''}
            onChange={(e) => setSelectedClubId(e.target.value)}
            className="w-full truncate rounded-md border border-emerald-600 bg-emerald-800 px-2 py-1 text-sm text-white focus:outline-none focus:ring-2 focus:ring-white/60"
          >
            {current.clubs.map((c) => (
              <option key={c.id} value={c.id}>{c.name}{unreadOf(c.id) > 0 ? ` • ${unreadOf(c.id)} ${unreadOf(c.id) === 1 ? 'aviso novo' : 'avisos novos'}` : ''}</option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
