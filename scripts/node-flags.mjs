// How the server process runs (npm start, and the benchmarks that start it as a process). Memory
// settings measured with bench/memory.ts (ADR 022):
// - an 8 MB young generation (semi-space; V8's default grows it to 16 MB): short-lived garbage of the
//   answers dies young. ADR 022 had 2 MB and --optimize-for-size, which halved the server's throughput
//   (auth/me 5,911 against 9,604 req/s, 229 against 113 µs of CPU per answer) and, with 100 clubs on the
//   embedded database, did not keep it under 250 MB after load either (292 against 280 MB): ADR 089;
// - --wasm-lazy-compilation compiles only the functions of the embedded PostgreSQL that run, at start
//   and in code memory (most of postgres never runs in one process);
// - two malloc arenas instead of one per thread (8 × cores) stop native memory from fanning out;
// - a fixed mmap threshold (128 KB, glibc's starting value) gives every large native block back to
//   the system when it is freed. glibc otherwise raises the threshold to the largest block freed so far,
//   and from then on keeps such blocks in its arenas: each password check (argon2, 19 MB on a libuv
//   thread) left about 50 MB of a thread arena resident for the life of the process.
export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8', '--wasm-lazy-compilation'];

/** Environment defaults of the server process; the caller's environment wins. */
export const SERVER_ENV_DEFAULTS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
