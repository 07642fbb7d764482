import { useEffect, useMemo } from 'react';
import type { TMyClub } from '@shared/clubs';
import { CLUB_PERMISSION_KEYS, permissionScope, permissionsOf, type TClubPermission } from '@shared/permissions';
import { useMe } from './me';
import { useClub } from './club';
import { useMyClubs } from './my-clubs';
import { setSelectedClubId, useSelectedClubId } from './selected-club-store';

export interface CurrentClub {
  /** The selected club, or null when the user has none (screens show 'Selecione um clube para …'). */
  club: TMyClub | null;
  clubId: string | null;
  /** Director (role 'admin') or super admin. */
  isAdmin: boolean;
  /**
   * Whether my function in the selected club holds the permission (issue 14). Comfort only: the
   * server enforces the same table; a counsellor's permissions reach only their unit.
   */
  can: (permission: TClubPermission) => boolean;
  /** Whether I hold the permission for the whole club, not only for my unit (a counsellor's). */
  canClubWide: (permission: TClubPermission) => boolean;
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
  const superAdmin = me.data?.user_type === 'super_admin';
  const memberships = useMemo(() => clubsQuery.data ?? [], [clubsQuery.data]);
  // A super admin may have opened a club they are not a member of ('Abrir como admin', issue 7):
  // it stays selectable, as admin, while it is the selected one.
  const openedId = superAdmin && clubsQuery.isSuccess && selectedId && !memberships.some((c) => c.id === selectedId) ? selectedId : null;
  const opened = useClub(openedId);
  const clubs = useMemo(
    () => (openedId && opened.data ? [...memberships, { ...opened.data, role: 'admin', is_admin: true }] : memberships),
    [memberships, openedId, opened.data],
  );
  const selected = clubs.find((c) => c.id === selectedId) ?? clubs[0] ?? null;
  const openedPending = openedId !== null && opened.isLoading;

  useEffect(() => {
    if (clubsQuery.isSuccess && !openedPending && selected && selected.id !== selectedId) setSelectedClubId(selected.id);
  }, [clubsQuery.isSuccess, openedPending, selected, selectedId]);

  const permissions = useMemo(() => {
    if (!selected) return new Set<TClubPermission>();
    if (superAdmin) return new Set(CLUB_PERMISSION_KEYS);
    return new Set(selected.permissions ?? permissionsOf(selected.role));
  }, [selected, superAdmin]);

  return {
    club: selected,
    clubId: selected?.id ?? null,
    isAdmin: Boolean(selected && (selected.is_admin || superAdmin)),
    can: (permission) => permissions.has(permission),
    canClubWide: (permission) => Boolean(selected && (superAdmin || permissionScope(selected.role, permission) === 'club')),
    clubs,
    isLoading: me.isLoading || clubsQuery.isLoading || openedPending,
  };
}

/** The current club on a club screen, where there always is one. */
export type SelectedClub = CurrentClub & { club: TMyClub; clubId: string };

/**
 * A club screen's club. The router declares the screen a club screen (`handle: clubScreen(…)`) and
 * its guard renders the page only once a club is selected, so the page never checks again.
 */
export function useSelectedClub(): SelectedClub {
  const current = useCurrentClub();
  if (!current.club || !current.clubId) throw new Error('Esta tela precisa de um clube selecionado (rota sem clubScreen no roteador).');
  return current as SelectedClub;
}
