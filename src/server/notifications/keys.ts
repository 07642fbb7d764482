import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type webpush from 'web-push';
import { requireLazily } from '../lazy-module.js';

/** The keys notifications need: VAPID (Web Push) and the secret that signs unsubscribe links. */
export interface NotificationKeys {
  vapidPublicKey: string;
  vapidPrivateKey: string;
  /** `mailto:` or https URL the push services may contact (VAPID `sub`). */
  vapidSubject: string;
  unsubscribeSecret: Buffer;
}

export const loadWebPush = () => requireLazily('web-push') as typeof webpush;

const KEY_FILE = 'notifications.key.json';

/**
 * From the environment (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, NOTIFY_SECRET), else from
 * DATA_DIR/notifications.key.json, created at the first start (owner-only). Several instances must
 * share them: set the variables, or the same DATA_DIR.
 */
export async function loadNotificationKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<NotificationKeys> {
  const file = path.join(dataDir, KEY_FILE);
  let stored: Partial<{ vapidPublicKey: string; vapidPrivateKey: string; unsubscribeSecret: string }> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as typeof stored;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const needsFile = !(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.NOTIFY_SECRET);
  if (needsFile && !(stored.vapidPublicKey && stored.vapidPrivateKey && stored.unsubscribeSecret)) {
    const vapid = loadWebPush().generateVAPIDKeys();
    stored = { vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey, unsubscribeSecret: randomBytes(32).toString('base64'), ...stored };
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  const vapidPublicKey = env.VAPID_PUBLIC_KEY || stored.vapidPublicKey || '';
  const vapidPrivateKey = env.VAPID_PRIVATE_KEY || stored.vapidPrivateKey || '';
  const secret = env.NOTIFY_SECRET || stored.unsubscribeSecret || '';
  return {
    vapidPublicKey,
    vapidPrivateKey,
    vapidSubject: env.VAPID_SUBJECT || 'mailto:nao-responda@trilha.local',
    unsubscribeSecret: Buffer.from(secret, 'base64'),
  };
}
