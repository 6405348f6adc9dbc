import * as net from 'node:net';
import { addReadinessCheck, countRpcError, metricsText, observeRpc, startMetrics } from './metrics';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('metrics', () => {
  let base: string;
  let ok = true;

  beforeAll(async () => {
    const port = await freePort();
    const server = startMetrics('review', 'review-worker', { METRICS_PORT: String(port) });
    await new Promise((r) => server!.once('listening', r));
    base = `http://127.0.0.1:${port}`;
    addReadinessCheck('postgres', async () => {
      if (!ok) throw new Error('down');
    });
  });

  it('serves process metrics labelled with the service and the process, on its own port only once', async () => {
    expect(startMetrics('other')).toBeUndefined();
    const res = await fetch(`${base}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^process_cpu_seconds_total\{service="review",process="review-worker"\} \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{service="review",process="review-worker"\}/m);
    expect((await fetch(`${base}/prod-api/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/live`)).status).toBe(200);
  });

  it('counts requests per subject into cumulative buckets, and errors by code', async () => {
    observeRpc('review.x.get', 0.002);
    observeRpc('review.x.get', 0.2);
    observeRpc('review.x.get', 60);
    countRpcError('review.x.get', 10400);
    countRpcError('review.x.get', 10400);
    const text = await metricsText();
    const line = (re: RegExp) => re.exec(text)?.[1];
    expect(line(/^cmp_rpc_requests_total\{subject="review.x.get",service="review",process="review-worker"\} (\S+)$/m)).toBe('3');
    expect(line(/^cmp_rpc_errors_total\{subject="review.x.get",code="10400",service="review",process="review-worker"\} (\S+)$/m)).toBe('2');
    expect(line(/^cmp_rpc_duration_seconds_bucket\{subject="review.x.get",le="0.001".*\} (\S+)$/m)).toBe('0');
    expect(line(/^cmp_rpc_duration_seconds_bucket\{subject="review.x.get",le="0.0025".*\} (\S+)$/m)).toBe('1');
    expect(line(/^cmp_rpc_duration_seconds_bucket\{subject="review.x.get",le="0.25".*\} (\S+)$/m)).toBe('2');
    expect(line(/^cmp_rpc_duration_seconds_bucket\{subject="review.x.get",le="10".*\} (\S+)$/m)).toBe('2');
    expect(line(/^cmp_rpc_duration_seconds_bucket\{subject="review.x.get",le="\+Inf".*\} (\S+)$/m)).toBe('3');
    expect(Number(line(/^cmp_rpc_duration_seconds_sum\{subject="review.x.get".*\} (\S+)$/m))).toBeCloseTo(60.202);
    expect(text).toMatch(/^# TYPE cmp_rpc_duration_seconds histogram$/m);
  });

  it('answers /ready with 503 while a dependency is down', async () => {
    const up = await fetch(`${base}/ready`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ ready: true, checks: { postgres: 'ok' } });
    ok = false;
    const down = await fetch(`${base}/ready`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ ready: false, checks: { postgres: 'down' } });
    ok = true;
  });
});
