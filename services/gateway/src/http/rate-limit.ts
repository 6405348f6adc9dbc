import type { FastifyInstance } from 'fastify';
import { ErrorCode, translate, type Envelope } from '@cmp/contracts';
import { metrics } from '../metrics';
import { metaOf, type GatewayRequest } from './request-context';

/**
 * Per-address request ceiling per minute, kept in this process's memory: a flood guard that costs
 * nothing on the hot path. Login attempts have their own, shared limits in the auth service. Exempt paths are
 * those a partner's few servers call in bulk and that prove themselves otherwise (Alipay's signed notifications).
 */
export function registerRateLimit(app: FastifyInstance, perMinute: number, exempt: string[] = []): void {
  let windowStart = Date.now();
  let counts = new Map<string, number>();
  // A callback hook: no promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    if (exempt.some((path) => req.url.startsWith(path))) return done();
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      counts = new Map();
    }
    const n = (counts.get(req.ip) ?? 0) + 1;
    counts.set(req.ip, n);
    if (n <= perMinute) return done();
    metrics.rateLimited.inc();
    const seconds = Math.ceil((windowStart + 60_000 - now) / 1000);
    const body: Envelope = { code: ErrorCode.TOO_MANY_REQUESTS, msg: translate('error.tooManyRequests', metaOf(req).lang, { seconds }), data: null };
    (req as GatewayRequest).outcome = { code: body.code, msg: body.msg };
    void reply.status(429).header('retry-after', String(seconds)).send(body);
  });
}
