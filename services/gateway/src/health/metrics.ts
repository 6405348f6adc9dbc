import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'gateway_' });

export const metrics = {
  registry,
  requestDuration: new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'HTTP request duration by route and response code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
  publicCache: new Counter({
    name: 'gateway_public_cache_total',
    help: 'Public reads answered from the gateway cache (hit) or by a service (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  rateLimited: new Counter({
    name: 'gateway_rate_limited_total',
    help: 'Requests refused by the per-address rate limit',
    registers: [registry],
  }),
};
