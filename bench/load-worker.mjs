// The load generator of bench/run.ts, in its own process: autocannon sharing the server's process
// would take its event loop and CPU, and the figures would measure both. Plain JavaScript so it
// starts with `node` alone. The parent sends { url, cookies (or cookie), acceptEncoding, connections, duration } over IPC and
// gets back { rps, total, p50, p99, non2xx, errors, bytes } for each.
import autocannon from 'autocannon';

process.on('message', async (job) => {
  const headersFor = (cookie) => ({ ...(cookie ? { cookie } : {}), ...(job.acceptEncoding ? { 'accept-encoding': job.acceptEncoding } : {}) });
  const cookies = job.cookies ?? [job.cookie];
  const r = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.duration,
    headers: headersFor(cookies[0]),
    // Several sessions: each connection sends them one after the other.
    ...(cookies.length > 1 ? { requests: cookies.map((cookie) => ({ method: 'GET', headers: headersFor(cookie) })) } : {}),
  });
  if (r.requests.total === 0) console.error('load-worker: no answers', JSON.stringify({ url: job.url, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, resets: r.resets, statusCodeStats: r.statusCodeStats, duration: r.duration }));
  process.send?.({
    rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors,
    bytes: r.throughput.total / Math.max(1, r.requests.total),
  });
});
