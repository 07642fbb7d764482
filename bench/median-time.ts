// One timing rule for the query benches: a warm-up call, then the median of `runs` calls, printed with
// the fastest and slowest. Returns the median in milliseconds.
export async function medianTime(label: string, engine: string, fn: () => Promise<unknown>, runs = 9): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)] ?? 0;
  console.log(`[${engine}] ${label.padEnd(52)} median ${median.toFixed(1)} ms (min ${(times[0] ?? 0).toFixed(1)}, max ${(times[runs - 1] ?? 0).toFixed(1)})`);
  return median;
}
