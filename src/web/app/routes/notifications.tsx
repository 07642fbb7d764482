import { NotificationsPage } from '../../features/notifications/pages/notifications-page';
import { useCurrentClub } from '@web/lib/session/use-current-club';
import { setSelectedClubId } from '@web/lib/session/selected-club-store';

/** /dashboard/avisos: the current club's notifications; opening one of another club switches to it first. */
export function Component() {
  const { clubId } = useCurrentClub();
  return <NotificationsPage clubId={clubId} onOpen={(n) => { if (n.club_id && n.club_id !== clubId) setSelectedClubId(n.club_id); }} />;
}
