import { api } from '@web/lib/api';
import { NOTIFICATION_MSG } from '@shared/notifications';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** VAPID keys travel as base64url; the browser wants the bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Asks the browser's permission, subscribes this device and hands the subscription to the server. */
export async function enablePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Permissão negada. Libere as notificações do Trilha nas configurações do navegador.');
  const { public_key: key } = await api<{ public_key: string | null }>('GET', '/api/notifications/push/key');
  if (!key) throw new Error(NOTIFICATION_MSG.pushUnavailable);
  const reg = await navigator.serviceWorker.ready;
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await api('POST', '/api/notifications/push/subscriptions', sub.toJSON());
}

/** Stops push on this device (the server forgets the subscription, the browser drops it). */
export async function disablePush(): Promise<void> {
  const sub = await currentPushSubscription();
  if (!sub) return;
  await api('POST', '/api/notifications/push/subscriptions/remove', { endpoint: sub.endpoint });
  await sub.unsubscribe();
}
