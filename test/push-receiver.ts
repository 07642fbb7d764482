import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

interface Ece {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
// http_ece is web-push's own dependency: the receiver decrypts with the same RFC 8188 code a browser's spec follows.
const ece = createRequire(import.meta.url)('http_ece') as Ece;

export interface ReceivedPush {
  device: string;
  payload: { id: string; title: string; body: string; link: string; club_id: string | null };
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A local push service for tests (no outside call): each device is a path with its own ECDH key pair
 * and auth secret, as a browser makes them; received pushes are decrypted (aes128gcm, RFC 8291) as the
 * browser would. `statusFor` makes a device answer 410 (expired) or 503 (busy).
 */
export async function startPushReceiver() {
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const statusFor = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = (req.url ?? '/').slice(1);
      const status = statusFor.get(device) ?? 201;
      const keys = devices.get(device);
      if (status === 201 && keys) {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth });
        received.push({ device, payload: JSON.parse(plain.toString('utf8')) as ReceivedPush['payload'], headers: req.headers });
      }
      res.statusCode = keys ? status : 404;
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    received,
    statusFor,
    /** A new device's subscription, as PushSubscription.toJSON() gives it. */
    device(name: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth });
      return { endpoint: `http://127.0.0.1:${port}/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
