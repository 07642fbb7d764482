import { useEffect } from 'react';
import type { TMyClub } from '@shared/clubs';
import { useMe } from '../auth/api/get-me';
import { useMyClubs } from './api/list-my-clubs';
import { setSelectedClubId, useSelectedClubId } from './selected-club-store';

export interface CurrentClub {
  /** The selected club, or null when the user has none (screens show 'Selecione um clube para …'). */
  club: TMyClub | null;
  clubId: string | null;
  /** Club admin (role 'admin') or super admin. */
  isAdmin: boolean;
  clubs: TMyClub[];
  isLoading: boolean;
}

/**
 * The club every club screen works on. Spec 4: kept in browser storage; when the user has clubs and
 * none is selected, or the stored one is not among them, the first club is chosen.
 */
export function useCurrentClub(): CurrentClub {
  const me = useMe();
  const clubsQuery = useMyClubs(Boolean(me.data));
  const selectedId = useSelectedClubId();
  const clubs = clubsQuery.data ?? [];
  const selected = clubs.find((c) => c.id === selectedId) ?? clubs[0] ?? null;

  useEffect(() => {
    if (clubsQuery.isSuccess && selected && selected.id !== selectedId) setSelectedClubId(selected.id);
  }, [clubsQuery.isSuccess, selected, selectedId]);

  const superAdmin = me.data?.user_type === 'super_admin';
  return {
    club: selected,
    clubId: selected?.id ?? null,
    isAdmin: Boolean(selected && (selected.is_admin || superAdmin)),
    clubs,
    isLoading: me.isLoading || clubsQuery.isLoading,
  };
}
