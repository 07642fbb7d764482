// The load generator of bench/run.ts, in its own process: autocannon sharing the server's process
// would take its event loop and CPU, and the figures would measure both. Plain JavaScript so it
// starts with `node` alone. The parent sends { url, cookies (or cookie), acceptEncoding, connections, duration } over IPC and
// gets back { rps, total, p50, p95, p99, non2xx, errors, bytes } for each (p95 from every answer's time).
// Writes: { url (the origin), connections, posts: [{ path, cookie, body, method? }] } sends each once (POST unless method says, JSON,
// as the web app does), `connections` at a time, and answers the same figures.
import autocannon from 'autocannon';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

process.on('message', (job) => {
  const headersFor = (cookie) => ({ ...(cookie ? { cookie } : {}), ...(job.acceptEncoding ? { 'accept-encoding': job.acceptEncoding } : {}) });
  const cookies = job.cookies ?? [job.cookie];
  let next = 0;
  const opts = job.posts
    ? {
      url: job.url,
      // autocannon refuses more connections than requests: a short list of writes goes with fewer.
      connections: Math.min(job.connections, job.posts.length),
      amount: job.posts.length,
      requests: [{
        method: 'POST',
        setupRequest: (req) => {
          const post = job.posts[next++ % job.posts.length];
          return { ...req, method: post.method ?? 'POST', path: post.path, body: post.body, headers: { ...headersFor(post.cookie), 'content-type': 'application/json', 'x-trilha-client': 'web' } };
        },
      }],
    }
    : {
      url: job.url,
      connections: job.connections,
      duration: job.duration,
      headers: headersFor(cookies[0]),
      // Several sessions: each connection sends them one after the other.
      ...(cookies.length > 1 ? { requests: cookies.map((cookie) => ({ method: 'GET', headers: headersFor(cookie) })) } : {}),
    };
  const times = [];
  const instance = autocannon(opts, (err, r) => {
    if (err) {
      process.send?.({ rps: 0, total: 0, p50: 0, p95: 0, p99: 0, non2xx: 0, errors: 1, bytes: 0 });
      return;
    }
    if (r.requests.total === 0) console.error('load-worker: no answers', JSON.stringify({ url: job.url, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, resets: r.resets, statusCodeStats: r.statusCodeStats, duration: r.duration }));
    times.sort((a, b) => a - b);
    process.send?.({
      // A fixed number of writes: the rate over the whole run (autocannon's average is per whole second).
      rps: job.posts ? r.requests.total / Math.max(0.001, r.duration) : r.requests.average,
      total: r.requests.total, p50: r.latency.p50, p95: percentile(times, 95), p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors,
      bytes: r.throughput.total / Math.max(1, r.requests.total),
    });
  });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
});
