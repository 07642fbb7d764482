// Free TCP ports for the tests that start servers, PostgreSQL, PgBouncer or a proxy as child processes.
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

const handedOut = new Set<number>();

/**
 * A port nothing listens on right now, and never one this process handed out before: a test may hold a
 * port it listens on later (a proxy that comes up after the server, a replica started after its primary),
 * and the OS may offer that same port again in the meantime.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
