import * as fs from 'node:fs';
import * as path from 'node:path';
import { AuthSubject, ReviewQueue } from '@cmp/contracts';
import { api, freshIp } from './support/api';
import { BASE, metricsPort, REPO, SERVICES, WEB_URL, WORKERS } from './support/platform';

/**
 * Every process serves Prometheus metrics on its own internal port (infra/metrics-ports.js), none on the public API,
 * and the Grafana dashboard (infra/grafana/platform.json) queries only what they export.
 */
type ProcessName = (typeof SERVICES)[number] | keyof typeof WORKERS;
const PROCESSES = [...SERVICES, ...(Object.keys(WORKERS) as (keyof typeof WORKERS)[])] as ProcessName[];
const BACKEND = SERVICES.filter((s) => s !== 'gateway');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Scrape {
  samples: Sample[];
  /** Every family the process declares (# TYPE), with the series names a histogram or summary prints. */
  names: Set<string>;
}

function parse(text: string): Scrape {
  const samples: Sample[] = [];
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) {
      names.add(type[1]);
      if (type[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(type[1] + s);
      if (type[2] === 'summary') for (const s of ['_sum', '_count']) names.add(type[1] + s);
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
    names.add(m[1]);
  }
  return { samples, names };
}

async function scrape(name: ProcessName): Promise<Scrape> {
  const res = await fetch(`http://127.0.0.1:${metricsPort(name)}/metrics`);
  expect({ name, status: res.status }).toEqual({ name, status: 200 });
  return parse(await res.text());
}

const valueOf = (s: Scrape, name: string, labels: Record<string, string>) =>
  s.samples.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v)).reduce((sum, x) => sum + x.value, 0);

describe('metrics', () => {
  it('are not on the public API, through the gateway or the web app', async () => {
    for (const base of [BASE, `${WEB_URL}/prod-api`]) {
      const res = await fetch(`${base}/metrics`);
      const text = await res.text();
      expect({ base, status: res.status }).toEqual({ base, status: 404 });
      expect(text).not.toMatch(/# (HELP|TYPE)|process_cpu|gateway_http/);
      // The envelope of an unknown route, with a non-zero code.
      expect((JSON.parse(text) as { code: number }).code).not.toBe(0);
    }
  });

  it('are exported by every process on its own port, each with what it does', async () => {
    // A request that reaches every service (/health asks each one) and an HTTP route for the gateway.
    expect((await api('/health')).code).toBe(0);
    for (const name of PROCESSES) {
      const s = await scrape(name);
      const own = { process: name };
      // Process metrics: CPU, memory, event-loop lag, labelled with the process.
      for (const m of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds']) {
        expect({ name, metric: m, labelled: s.samples.some((x) => x.name === m && x.labels.process === name) }).toEqual({ name, metric: m, labelled: true });
      }
      if ((BACKEND as readonly string[]).includes(name)) {
        expect({ name, handled: valueOf(s, 'cmp_rpc_requests_total', own) > 0, timed: valueOf(s, 'cmp_rpc_duration_seconds_count', own) > 0 }).toEqual({ name, handled: true, timed: true });
        expect(s.samples.some((x) => x.name === 'cmp_db_pool_in_use')).toBe(true);
      }
      if (name in WORKERS) {
        expect({ name, queue: s.samples.filter((x) => x.name === 'bullmq_job_count').map((x) => x.labels.state).sort() }).toEqual({
          name,
          queue: expect.arrayContaining(['active', 'delayed', 'failed', 'prioritized', 'waiting']),
        });
        expect(s.names.has('cmp_job_duration_seconds_bucket')).toBe(true);
        expect(s.samples.some((x) => x.name === 'cmp_db_pool_in_use')).toBe(true);
      }
      if (name === 'gateway') {
        expect(valueOf(s, 'gateway_http_request_duration_seconds_count', { route: '/prod-api/health' })).toBeGreaterThan(0);
        expect(s.samples.some((x) => x.name === 'gateway_kiosk_sockets' && x.labels.namespace === '/kiosk')).toBe(true);
        // The gateway consumes the scene events: its durable consumers' lag is read from JetStream.
        expect(s.samples.some((x) => x.name === 'cmp_consumer_pending')).toBe(true);
      }
    }
    const review = await scrape('review-worker');
    expect(review.samples.some((x) => x.name === 'bullmq_job_count' && x.labels.queue === ReviewQueue.name && x.labels.process === 'review-worker')).toBe(true);
  });

  it('answer readiness on the same port while NATS, PostgreSQL and Redis are reachable', async () => {
    for (const name of PROCESSES) {
      const res = await fetch(`http://127.0.0.1:${metricsPort(name)}/ready`);
      const body = (await res.json()) as { ready: boolean; checks: Record<string, string> };
      expect({ name, status: res.status, body }).toEqual({ name, status: 200, body: { ready: true, checks: expect.any(Object) } });
      const expected = name === 'gateway' ? ['nats', 'redis'] : name in WORKERS ? ['postgres', 'redis'] : ['nats', 'postgres'];
      expect({ name, checks: Object.keys(body.checks).sort() }).toEqual({ name, checks: expected });
    }
  });

  it('count a request through the gateway on the subject of the service that handled it, and its error by code', async () => {
    const subject = { process: 'auth', subject: AuthSubject.health };
    const before = await scrape('auth');
    expect((await api('/health')).code).toBe(0);
    const after = await scrape('auth');
    expect(valueOf(after, 'cmp_rpc_requests_total', subject)).toBeGreaterThanOrEqual(valueOf(before, 'cmp_rpc_requests_total', subject) + 1);
    expect(valueOf(after, 'cmp_rpc_duration_seconds_count', subject)).toBeGreaterThanOrEqual(valueOf(before, 'cmp_rpc_duration_seconds_count', subject) + 1);
    // No other service counted it.
    expect(valueOf(await scrape('review'), 'cmp_rpc_requests_total', { subject: AuthSubject.health })).toBe(0);

    // A wrong password: auth answers an error code, counted under that code.
    const wrong = await api('/auth/login/pwd', { body: { username: 'admin2', password: 'nope1234' }, ip: freshIp(), lang: 'en' });
    expect(wrong.code).not.toBe(0);
    const errors = (s: Scrape) => valueOf(s, 'cmp_rpc_errors_total', { process: 'auth', code: String(wrong.code) });
    expect(errors(await scrape('auth'))).toBeGreaterThanOrEqual(errors(after) + 1);
  });

  it('count the payment service\'s Alipay notifications by verdict', async () => {
    const refused = { process: 'payment', source: 'notify', verdict: 'badSignature' };
    const before = valueOf(await scrape('payment'), 'cmp_payment_notifications_total', refused);
    // Anybody's unsigned post to the notify address: refused, and counted as such.
    const res = await fetch(`${BASE}/alipay/payment/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', 'x-forwarded-for': freshIp() },
      body: new URLSearchParams({ out_trade_no: 'METRICS-NO-SUCH-ORDER', trade_status: 'TRADE_SUCCESS', sign: 'forged' }).toString(),
    });
    expect(await res.text()).toBe('failure');
    // At least: files running beside this one may post refused notifications too.
    expect(valueOf(await scrape('payment'), 'cmp_payment_notifications_total', refused)).toBeGreaterThanOrEqual(before + 1);
  });

  it('include every metric the Grafana dashboard queries', async () => {
    const dashboard = JSON.parse(fs.readFileSync(path.join(REPO, 'infra', 'grafana', 'platform.json'), 'utf8')) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const queried = new Set(dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => [...t.expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((m) => m[1]))));
    expect(queried.size).toBeGreaterThan(10);
    const exported = new Set<string>();
    for (const name of PROCESSES) for (const n of (await scrape(name)).names) exported.add(n);
    expect([...queried].filter((n) => !exported.has(n))).toEqual([]);
    // A row per service.
    const rows = dashboard.panels.filter((p) => (p as { type?: string }).type === 'row').map((p) => p.title);
    expect(rows.sort()).toEqual([...SERVICES].sort());
  });
});
