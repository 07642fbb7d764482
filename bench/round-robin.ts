import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A keep-alive round-robin proxy over the given instances, as a load balancer would be. */
export async function roundRobin(upstreams: Array<{ base: string }>, connections: number): Promise<{ base: string; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  const proxy = http.createServer((req, res) => {
    const target = new URL(upstreams[next++ % upstreams.length].base);
    const out = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => { agent.destroy(); proxy.closeAllConnections(); proxy.close(() => resolve()); }),
  };
}
