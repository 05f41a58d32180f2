import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { dialectOf, pgPoolOf, type Db, type PgPool } from '../db/database';

/*
 * Prometheus metrics of this node (METRICS_ENABLED), scraped at GET /metrics on the API port. The path
 * is outside /v3api and needs no session, so it must not be public: the nginx site of deploy/nginx
 * refuses it, and the node itself answers it only to a request that came through no proxy (one with
 * X-Forwarded-For, Forwarded or X-Real-IP is treated as an unknown path). Prometheus scrapes each node
 * (or pod) directly, which sends none of them; a proxy or ingress in front of the nodes sends them all.
 *
 * Labels are bounded: the route's pattern (`/v3api/transactions/:id`), never the URL a client sent, and
 * the status class; a scheduled job's name.
 */

export const METRICS_PATH = '/metrics';

/** One registry per process: the jobs count their runs here whether or not the app serves /metrics. */
const registry = new Registry();

/** 5 ms to 2 minutes: a streamed export of a million rows takes about a minute. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const HTTP_LABELS = ['method', 'route', 'status_class'] as const;

const httpRequests = new Counter({
  name: 'mbo_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status class',
  labelNames: HTTP_LABELS,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'mbo_http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by method, route pattern and status class',
  labelNames: HTTP_LABELS,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});
const jobRuns = new Counter({
  name: 'mbo_job_runs_total',
  help: 'Runs of a scheduled job on this node (the node that takes the job lease runs it)',
  labelNames: ['job'] as const,
  registers: [registry],
});
const jobFailures = new Counter({
  name: 'mbo_job_failures_total',
  help: 'Runs of a scheduled job on this node that failed',
  labelNames: ['job'] as const,
  registers: [registry],
});
const jobLastSuccess = new Gauge({
  name: 'mbo_job_last_success_timestamp_seconds',
  help: 'When a run of the job last succeeded on this node (Unix time)',
  labelNames: ['job'] as const,
  registers: [registry],
});
const databaseInfo = new Gauge({
  name: 'mbo_database_info',
  help: 'The database this node uses (1 for its dialect: sqlite or postgres)',
  labelNames: ['dialect'] as const,
  registers: [registry],
});

/** Pools of the apps of this process (one in production; tests build several). */
const pools = new Set<PgPool>();
let poolGauges = false;

/** PostgreSQL pool gauges, registered with the first pool: a node on SQLite (one connection, no pool) has none. */
function registerPoolGauges(): void {
  if (poolGauges) return;
  poolGauges = true;
  const sum = (read: (pool: PgPool) => number) => [...pools].reduce((total, pool) => total + read(pool), 0);
  new Gauge({
    name: 'mbo_db_pool_connections',
    help: 'PostgreSQL connections of the pool: in_use (lent to a query or transaction) and idle',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set(
        { state: 'in_use' },
        sum((p) => p.totalCount - p.idleCount),
      );
      this.set(
        { state: 'idle' },
        sum((p) => p.idleCount),
      );
    },
  });
  new Gauge({
    name: 'mbo_db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL connection of the pool (all in use)',
    registers: [registry],
    collect() {
      this.set(sum((p) => p.waitingCount));
    },
  });
  new Gauge({
    name: 'mbo_db_pool_max',
    help: 'PostgreSQL connections the pool may open (DATABASE_POOL_MAX)',
    registers: [registry],
    collect() {
      this.set(sum((p) => p.options.max ?? 0));
    },
  });
}

let defaultMetrics = false;

/** A run of a scheduled job started on this node (platform/job-lease.ts). */
export function recordJobStart(job: string): void {
  jobRuns.inc({ job });
  // The failure count exists from the first run, at 0, so that an alert on its increase sees the first failure.
  jobFailures.inc({ job }, 0);
}

/** The end of a run started with recordJobStart. */
export function recordJobEnd(job: string, failed: boolean, at: number): void {
  if (failed) jobFailures.inc({ job });
  else jobLastSuccess.set({ job }, Math.floor(at / 1000));
}

/** Whether the request passed through a proxy (nginx, an ingress, a load balancer) on its way here. */
function cameThroughProxy(request: FastifyRequest): boolean {
  const h = request.headers;
  return h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined;
}

/**
 * Counts every answer of the app and serves GET /metrics: the counters above, the database pool, and
 * Node's process metrics (CPU, memory, event loop delay, garbage collection).
 */
export function installMetrics(app: FastifyInstance, db: Db, databaseUrl: string): void {
  if (!defaultMetrics) {
    defaultMetrics = true;
    collectDefaultMetrics({ register: registry });
  }
  databaseInfo.set({ dialect: dialectOf(databaseUrl) }, 1);
  const pool = pgPoolOf(db);
  if (pool) {
    registerPoolGauges();
    pools.add(pool);
    app.addHook('onClose', async () => {
      pools.delete(pool);
    });
  }

  // A callback hook: an async one costs each answer a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      // The pattern the router matched; a path no route matched is one label, whatever was asked.
      route: request.routeOptions.url ?? 'unmatched',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get(METRICS_PATH, async (request, reply) => {
    if (cameThroughProxy(request)) return reply.callNotFound();
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
