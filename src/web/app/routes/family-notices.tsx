import { NotificationsPage } from '../../features/notifications/pages/notifications-page';
import { NotificationPreferencesCard } from '../../features/notifications/components/notification-preferences-card';

/** /familia/avisos: a guardian's notices of every club, and how they arrive (categories, quiet hours). */
export function Component() {
  return (
    <main className="mx-auto max-w-5xl space-y-8 px-4 py-6">
      <NotificationsPage clubId={null} />
      <div id="preferencias" className="mx-auto max-w-3xl scroll-mt-4"><NotificationPreferencesCard /></div>
    </main>
  );
}
