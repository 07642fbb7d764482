import type { FastifyInstance } from 'fastify';
import type * as Prom from 'prom-client';
import type { Db, PoolStats, ReadRouter } from '../db/index.js';
import { requireLazily } from '../lazy-module.js';
import type { BulkheadStats } from '../core/bulkhead-stats.js';

/** Seconds: the answers of a kept read (ms) up to an export or a report (several s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The work waiting in the database's queues, read at each scrape (indexed by status). */
const QUEUES_SQL = `SELECT (SELECT count(*) FROM mail_queue WHERE status IN ('pending', 'sending'))::int AS mail,
       (SELECT count(*) FROM push_deliveries WHERE status IN ('pending', 'sending'))::int AS push,
       (SELECT count(*) FROM badge_award_queue WHERE done_at IS NULL)::int AS badge_awards,
       (SELECT count(*) FROM job_failures)::int AS job_failures`;

/** One Prometheus registry per app (tests build several apps in a process): requests, the pools, the replica and the queues. */
export interface AppMetrics {
  readonly contentType: string;
  /** The whole registry in the Prometheus text format. */
  text(): Promise<string>;
}

/**
 * Counts every answered request by route pattern (never the raw URL: one series per route, not per
 * id), its latency and the 5xx; at each scrape reads the pools, the replica's state and lag and the
 * queues' depths. prom-client is loaded only here, by a server that has METRICS_TOKEN.
 */
export function createAppMetrics(app: FastifyInstance, db: Db, reads: ReadRouter, bulkhead: BulkheadStats | null = null): AppMetrics {
  const prom = requireLazily('prom-client') as typeof Prom;
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, prefix: 'trilha_' });

  const requests = new prom.Counter({ name: 'trilha_http_requests_total', help: 'Requisições respondidas, por método, rota e status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const errors = new prom.Counter({ name: 'trilha_http_errors_total', help: 'Respostas 5xx, por método e rota', labelNames: ['method', 'route'], registers: [registry] });
  const latency = new prom.Histogram({
    name: 'trilha_http_request_duration_seconds', help: 'Tempo até a resposta, por método e rota', labelNames: ['method', 'route'], buckets: LATENCY_BUCKETS, registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // Unknown addresses share one series: a scan of random paths must not grow the registry.
    const route = req.routeOptions.url ?? 'desconhecida';
    const method = req.method;
    requests.inc({ method, route, status: String(reply.statusCode) });
    latency.observe({ method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method, route });
  });

  const pools = (): Array<[string, PoolStats]> => {
    const out: Array<[string, PoolStats]> = [];
    const primary = db.poolStats?.();
    if (primary) out.push(['primary', primary]);
    const replica = reads.status().pool;
    if (replica) out.push(['replica', replica]);
    return out;
  };
  new prom.Gauge({
    name: 'trilha_db_pool_connections', help: 'Conexões do pool por banco (primary, replica) e estado: total, idle, max', labelNames: ['db', 'state'], registers: [registry],
    collect() {
      this.reset();
      for (const [name, s] of pools()) {
        this.set({ db: name, state: 'total' }, s.total);
        this.set({ db: name, state: 'idle' }, s.idle);
        this.set({ db: name, state: 'max' }, s.max);
      }
    },
  });
  new prom.Gauge({
    name: 'trilha_db_pool_waiting', help: 'Pedidos esperando uma conexão livre do pool', labelNames: ['db'], registers: [registry],
    collect() {
      this.reset();
      for (const [name, s] of pools()) this.set({ db: name }, s.waiting);
    },
  });

  // The per-route gate in front of the pool (http/bulkhead.ts): requests queued for a slot of their
  // route, how many had to wait, for how long in all, and how many gave up with a 503.
  if (bulkhead) {
    new prom.Gauge({
      name: 'trilha_bulkhead_waiting', help: 'Pedidos esperando a vez da sua rota agora (limite por rota abaixo do pool)', registers: [registry],
      collect() {
        this.set(bulkhead.waiting);
      },
    });
    const perRoute = (name: string, help: string, pick: (r: { waits: number; timeouts: number; waitSeconds: number }) => number) => new prom.Counter({
      name, help, labelNames: ['method', 'route'], registers: [registry],
      collect() {
        this.reset();
        for (const [key, r] of bulkhead.routes) {
          const [method, route] = key.split(' ', 2);
          this.inc({ method, route }, pick(r));
        }
      },
    });
    perRoute('trilha_bulkhead_waits_total', 'Pedidos que esperaram a vez da sua rota', (r) => r.waits);
    perRoute('trilha_bulkhead_wait_seconds_total', 'Segundos esperados pela vez da rota, somados', (r) => r.waitSeconds);
    perRoute('trilha_bulkhead_timeouts_total', 'Pedidos que desistiram de esperar (503)', (r) => r.timeouts);
  }

  new prom.Gauge({
    name: 'trilha_replica_up', help: '1 quando a réplica de leitura está em uso (DATABASE_REPLICA_URL); 0 fora de uso ou sem réplica', registers: [registry],
    collect() {
      this.set(reads.status().state === 'up' ? 1 : 0);
    },
  });
  new prom.Gauge({
    name: 'trilha_replica_lag_seconds', help: 'Atraso de replay da réplica na última sondagem (-1: desconhecido)', registers: [registry],
    collect() {
      const lag = reads.status().lagMs;
      this.set(lag === null ? -1 : lag / 1000);
    },
  });
  new prom.Gauge({
    name: 'trilha_replica_lag_bytes', help: 'WAL escrito no primário e ainda não aplicado na réplica (-1: desconhecido)', registers: [registry],
    collect() {
      const lag = reads.status().lagBytes;
      this.set(lag === null ? -1 : lag);
    },
  });
  new prom.Counter({
    name: 'trilha_reads_total', help: 'Leituras que podem atrasar, por onde foram: replica, ou primary e por quê', labelNames: ['target', 'reason'], registers: [registry],
    collect() {
      const s = reads.status();
      this.reset();
      this.inc({ target: 'replica', reason: 'caught_up' }, s.replicaReads);
      for (const [reason, n] of Object.entries(s.primaryReads)) this.inc({ target: 'primary', reason }, n);
    },
  });

  new prom.Gauge({
    name: 'trilha_queue_depth', help: 'Trabalho esperando: e-mails, pushes, concessões de badge e tarefas automáticas com falha', labelNames: ['queue'], registers: [registry],
    async collect() {
      const [row] = await db.query<Record<string, number>>(QUEUES_SQL).catch(() => []);
      this.reset();
      if (row) for (const [queue, n] of Object.entries(row)) this.set({ queue }, Number(n));
    },
  });

  return { contentType: registry.contentType, text: () => registry.metrics() };
}
