// Web Push in the service worker (issue 36). Workbox's generated sw.js loads this file
// (vite.config.ts, workbox.importScripts). The payload is what the server's push queue sends:
// { id, title, body, link, club_id }.
/* global self, clients */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Trilha', body: event.data ? event.data.text() : '' };
  }
  const link = typeof data.link === 'string' && data.link.startsWith('/') ? data.link : '/dashboard/avisos';
  event.waitUntil(self.registration.showNotification(data.title || 'Trilha', {
    body: data.body || '',
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    lang: 'pt-BR',
    tag: data.id,
    data: { link, clubId: data.club_id || null },
  }));
});

// A tap opens the screen the notification is about: an open Trilha window is focused and moved there,
// else a new one opens. The club goes along so the app selects it first.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { link, clubId } = event.notification.data || {};
  const target = new URL(link || '/dashboard/avisos', self.location.origin);
  if (clubId) target.searchParams.set('clube', clubId);
  event.waitUntil((async () => {
    const open = await clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const c of open) {
      if (new URL(c.url).origin === self.location.origin && 'navigate' in c) {
        await c.focus();
        return c.navigate(target.href);
      }
    }
    return clients.openWindow(target.href);
  })());
});
