import * as http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';
import type { Pool } from 'pg';

/**
 * Every process's Prometheus metrics, on its own internal port (METRICS_PORT, bound to METRICS_HOST: loopback
 * unless a container sets 0.0.0.0), never on the public API. `GET /metrics` is the exposition text, `GET /ready` the
 * readiness checks (NATS, PostgreSQL, Redis: whatever the process registered), `GET /live` that the process answers. Started once per process by the
 * common bootstraps (bootService, bootWorker) and the gateway; every line carries the labels service and process.
 *
 * Hot-path metrics cost a few additions: RPC subjects keep their own counters in plain arrays (no label objects, no
 * closures per request), turned into text only on a scrape. Lag, queue depth, outbox rows and pools are sampled on a
 * scrape, never per message.
 */
export const metricsRegistry = new Registry();

/** Label values are code-defined (subjects, queue and job names, verdicts), never ids: the series stay few. */
export const newCounter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Counter<L>({ name, help, labelNames, registers: [metricsRegistry] });
export const newGauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Gauge<L>({ name, help, labelNames, registers: [metricsRegistry] });
export const newHistogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
  new Histogram<L>({ name, help, labelNames, buckets, registers: [metricsRegistry] });

let identity: { service: string; process: string } | undefined;
const scrapeTexts: (() => Promise<string>)[] = [];
const readinessChecks = new Map<string, () => Promise<unknown>>();
const CHECK_TIMEOUT_MS = 2000;

/** Extra exposition text produced on each scrape (BullMQ's own exportPrometheusMetrics), given the process labels. */
export function addScrapeText(produce: (labels: { service: string; process: string }) => Promise<string>): void {
  scrapeTexts.push(() => produce(identity ?? { service: 'unknown', process: 'unknown' }));
}

/** A dependency /ready waits for: the check throws (or takes over 2 s) when it is unreachable. */
export function addReadinessCheck(name: string, check: () => Promise<unknown>): void {
  readinessChecks.set(name, check);
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });

export async function readiness(): Promise<{ ready: boolean; checks: Record<string, 'ok' | 'down'> }> {
  const entries = await Promise.all(
    [...readinessChecks].map(async ([name, check]) => [name, await withTimeout(check(), CHECK_TIMEOUT_MS).then(() => 'ok' as const, () => 'down' as const)] as const),
  );
  return { ready: entries.every(([, s]) => s === 'ok'), checks: Object.fromEntries(entries) };
}

/** The exposition text of this process (what /metrics answers). */
export async function metricsText(): Promise<string> {
  const parts = await Promise.all([metricsRegistry.metrics(), ...scrapeTexts.map((f) => f().catch(() => ''))]);
  return parts.filter(Boolean).join('\n').replace(/\n*$/, '\n');
}

/**
 * Names the process's metrics and serves them on METRICS_PORT (none when unset: a unit test, a CLI). Idempotent: the
 * first call wins. A port already taken is logged, not fatal: a process without metrics still serves its users.
 */
export function startMetrics(service: string, processName = service, env: NodeJS.ProcessEnv = process.env): http.Server | undefined {
  if (identity) return undefined;
  identity = { service, process: processName };
  metricsRegistry.setDefaultLabels(identity);
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
  const port = Number(env.METRICS_PORT ?? '');
  if (!env.METRICS_PORT || !Number.isInteger(port) || port <= 0) return undefined;
  const host = env.METRICS_HOST || '127.0.0.1';
  const server = http.createServer((req, res) => void answer(req, res));
  server.on('error', (e) => console.error(`${processName}: metrics endpoint on ${host}:${port} failed: ${e.message}`));
  server.listen(port, host);
  // Never the reason a process stays up after its work is done.
  server.unref();
  return server;
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return void res.writeHead(405).end();
    if (path === '/metrics') {
      const text = await metricsText();
      return void res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text);
    }
    // Liveness: the event loop answers; unlike /ready it does not depend on NATS, PostgreSQL or Redis.
    if (path === '/live') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (path === '/ready' || path === '/health') {
      const r = await readiness();
      return void res.writeHead(r.ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(r));
    }
    res.writeHead(404).end();
  } catch (e) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end((e as Error).message);
  }
}

// ---- NATS request/reply, per subject handled -------------------------------------------------------------------------

/** Upper bounds in seconds; a service answers in milliseconds, a heavy import in seconds. */
export const RPC_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

class SubjectStats {
  count = 0;
  sum = 0;
  readonly buckets = new Float64Array(RPC_BUCKETS.length);
  readonly errors = new Map<number, number>();
}
const bySubject = new Map<string, SubjectStats>();
const statsOf = (subject: string): SubjectStats => {
  let s = bySubject.get(subject);
  if (!s) bySubject.set(subject, (s = new SubjectStats()));
  return s;
};

/** One request handled on `subject` in `seconds` (the server's start and end hooks). */
export function observeRpc(subject: string, seconds: number): void {
  const s = statsOf(subject);
  s.count++;
  s.sum += seconds;
  for (let i = 0; i < RPC_BUCKETS.length; i++) {
    if (seconds <= RPC_BUCKETS[i]) {
      s.buckets[i]++;
      break;
    }
  }
}

/** One request on `subject` answered with an error code (RpcErrorFilter). */
export function countRpcError(subject: string, code: number): void {
  const s = statsOf(subject);
  s.errors.set(code, (s.errors.get(code) ?? 0) + 1);
}

type Value = { labels?: Record<string, string | number>; value: number; metricName?: string };
/** A metric prom-client prints from values computed at scrape time. */
function registerComputed(name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]): void {
  metricsRegistry.registerMetric({
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset: () => undefined,
  } as never);
}

registerComputed('cmp_rpc_requests_total', 'NATS requests handled, by subject', 'counter', () =>
  [...bySubject].map(([subject, s]) => ({ labels: { subject }, value: s.count })),
);
registerComputed('cmp_rpc_errors_total', 'NATS requests answered with an error, by subject and error code', 'counter', () =>
  [...bySubject].flatMap(([subject, s]) => [...s.errors].map(([code, value]) => ({ labels: { subject, code }, value }))),
);
registerComputed('cmp_rpc_duration_seconds', 'Time from a NATS request arriving to its answer, by subject', 'histogram', () =>
  [...bySubject].flatMap(([subject, s]) => {
    let acc = 0;
    const rows: Value[] = RPC_BUCKETS.map((le, i) => ({ metricName: 'cmp_rpc_duration_seconds_bucket', labels: { subject, le }, value: (acc += s.buckets[i]) }));
    rows.push(
      { metricName: 'cmp_rpc_duration_seconds_bucket', labels: { subject, le: '+Inf' }, value: s.count },
      { metricName: 'cmp_rpc_duration_seconds_sum', labels: { subject }, value: s.sum },
      { metricName: 'cmp_rpc_duration_seconds_count', labels: { subject }, value: s.count },
    );
    return rows;
  }),
);

// ---- PostgreSQL pools ------------------------------------------------------------------------------------------------

const dataSources = new Map<DataSource, string>();
/** Reports the DataSource's pg pool (in use, idle, waiting) under `pool` while it is initialised (createServiceDataSource). */
export function watchDataSource(ds: DataSource, pool: string): void {
  dataSources.set(ds, pool);
}
const poolOf = (ds: DataSource): Pool | undefined => (ds.isInitialized ? (ds.driver as unknown as { master?: Pool }).master : undefined);

const poolGauge = (name: string, help: string, read: (p: Pool) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['pool'],
    registers: [metricsRegistry],
    collect() {
      this.reset();
      const sums = new Map<string, number>();
      for (const [ds, pool] of dataSources) {
        const p = poolOf(ds);
        if (p) sums.set(pool, (sums.get(pool) ?? 0) + read(p));
      }
      for (const [pool, v] of sums) this.set({ pool }, v);
    },
  });
poolGauge('cmp_db_pool_in_use', 'PostgreSQL connections checked out of the pool', (p) => p.totalCount - p.idleCount);
poolGauge('cmp_db_pool_idle', 'PostgreSQL connections open and idle in the pool', (p) => p.idleCount);
poolGauge('cmp_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', (p) => p.waitingCount);

/** A PostgreSQL readiness check on any of the process's initialised DataSources. */
export async function databaseReachable(): Promise<void> {
  const ds = [...dataSources.keys()].find((d) => d.isInitialized);
  if (!ds) throw new Error('no database open');
  await ds.query('SELECT 1');
}

// ---- JetStream consumers and the outbox -------------------------------------------------------------------------------

const consumers = new Map<string, { nc: NatsConnection; stream: string; durable: string }>();
/** Samples the durable consumer's num_pending and num_ack_pending on each scrape (runDurableConsumer). */
export function watchConsumer(nc: NatsConnection, stream: string, durable: string): () => void {
  const key = `${stream}/${durable}`;
  consumers.set(key, { nc, stream, durable });
  return () => void consumers.delete(key);
}

const consumerInfo = async () =>
  (
    await Promise.all(
      [...consumers.values()].map(async (c) => {
        try {
          const jsm = await c.nc.jetstreamManager({ timeout: CHECK_TIMEOUT_MS });
          const info = await jsm.consumers.info(c.stream, c.durable);
          return { labels: { stream: c.stream, durable: c.durable }, pending: info.num_pending, ackPending: info.num_ack_pending };
        } catch {
          return undefined; // NATS away: no figure rather than a stale one
        }
      }),
    )
  ).filter((x) => x !== undefined);

let lagSample: Promise<Awaited<ReturnType<typeof consumerInfo>>> | undefined;
/** Both gauges read one round of consumer infos per scrape. */
const sampleLag = () => (lagSample ??= consumerInfo().finally(() => setImmediate(() => (lagSample = undefined))));

new Gauge({
  name: 'cmp_consumer_pending',
  help: 'Events in the stream the durable consumer has not been delivered yet (JetStream num_pending)',
  labelNames: ['stream', 'durable'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const c of await sampleLag()) this.set(c.labels, c.pending);
  },
});
new Gauge({
  name: 'cmp_consumer_ack_pending',
  help: 'Events delivered to the durable consumer and not acknowledged yet (JetStream num_ack_pending)',
  labelNames: ['stream', 'durable'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const c of await sampleLag()) this.set(c.labels, c.ackPending);
  },
});

const outboxes = new Map<string, DataSource>();
/** Counts the service's outbox rows not yet published on each scrape (OutboxRelay). */
export function watchOutbox(ds: DataSource, service: string): void {
  outboxes.set(service, ds);
}
new Gauge({
  name: 'cmp_outbox_waiting',
  help: 'Outbox rows written and not yet published to JetStream',
  labelNames: ['outbox'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [outbox, ds] of outboxes) {
      if (!ds.isInitialized) continue;
      // The partial index outbox_unpublished keeps this a count of the waiting rows only.
      const rows: { n: string }[] = await withTimeout(ds.query(`SELECT count(*)::text AS n FROM outbox WHERE published_at IS NULL`), CHECK_TIMEOUT_MS).catch(() => []);
      if (rows[0]) this.set({ outbox }, Number(rows[0].n));
    }
  },
});

// ---- BullMQ jobs ------------------------------------------------------------------------------------------------------

export const jobDuration = newHistogram(
  'cmp_job_duration_seconds',
  'BullMQ job run time in the worker, by queue, job name and result',
  ['queue', 'name', 'result'],
  [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
);
