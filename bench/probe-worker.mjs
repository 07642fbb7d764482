// For bench/run.ts's fan-out measurement, in a process of its own (a probe in the server's process would
// stall with its event loop and miss the very waits it is there to see):
// - a push service sink: answers 201 to every push, counting them (the devices of the big club point here);
// - a latency probe: GET <url> one after the other, a few ms apart, from 'probe' until 'stop', then
//   answers the latencies' p50, p95, p99 and max and how many answers.
// Messages: { sink: true } -> { port }; { probe: url } then { stop: true } -> { n, p50, p95, p99, max }; { count: true } -> { pushes }.
import http from 'node:http';

let pushes = 0;
let probing = false;
let done = null;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function probe(url) {
  const times = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  while (probing) {
    const t0 = performance.now();
    await new Promise((resolve) => {
      http.get(url, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      }).on('error', resolve);
    });
    times.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times[times.length - 1] ?? 0 };
}

process.on('message', (m) => {
  if (m.sink) {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        pushes += 1;
        res.writeHead(201).end();
      });
    });
    server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
  } else if (m.probe) {
    probing = true;
    done = probe(m.probe);
  } else if (m.stop) {
    probing = false;
    void done?.then((r) => process.send?.(r));
  } else if (m.count) {
    process.send?.({ pushes });
  }
});
