import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NatsConnection } from 'nats';
import { ensureStream, publishEvent } from '@cmp/common';
import { EventStream, EventSubject } from '@cmp/contracts';
import { clientRequestIdOf, type GatewayRequest } from '../http/request-context';
import { MUTATING_METHODS, operationEvent } from './audit';

/**
 * Records every finished mutating call, and every call of a route marked @AuditedRead(), in the operation log:
 * after the response is sent, an event goes to the AUDIT stream with the request id as message id (a repeat is
 * dropped), and the auth service stores it. That id is the gateway's own for every call, never the caller's
 * X-Request-Id, which would let a caller merge two calls into one entry or hide one behind an older id.
 * The caller never waits for it and never sees it fail: a failure is only logged. `unaudited` routes keep their own
 * record (Alipay's notifications, each stored raw with its verdict by the payment service) and are left out.
 */
export function registerAudit(fastify: FastifyInstance, nc: NatsConnection, titles: Map<string, string>, reads: Set<string>, unaudited: string[] = []): void {
  const logger = new Logger('Audit');
  // The stream may not exist yet on a fresh NATS; the auth service creates it too, so a failure here is not fatal.
  ensureStream(nc, EventStream.audit).catch((e: Error) => logger.warn(`cannot ensure stream ${EventStream.audit.name}: ${e.message}`));

  // A callback hook: no promise per request; a read that is not recorded costs one lookup.
  fastify.addHook('onResponse', (req, reply, done) => {
    try {
      record(req, reply);
    } catch (e) {
      logger.error(`operation log entry of ${req.id} failed: ${(e as Error).message}`);
    }
    done();
  });
  const record = (req: FastifyRequest, reply: FastifyReply) => {
    const auditedRead = !MUTATING_METHODS.has(req.method) && reads.has(`${req.method} ${req.routeOptions.url}`);
    if ((!auditedRead && !MUTATING_METHODS.has(req.method)) || unaudited.includes(req.routeOptions.url ?? '')) return;
    const r = req as GatewayRequest;
    const event = operationEvent(
      {
        requestId: String(req.id),
        clientRequestId: clientRequestIdOf(req),
        method: req.method,
        route: req.routeOptions.url,
        url: req.url,
        statusCode: reply.statusCode,
        durationMs: reply.elapsedTime,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        identity: r.identity,
        body: req.body,
        query: req.query,
        auditedRead,
        outcome: r.outcome,
      },
      titles,
    );
    if (event) void publishEvent(nc, EventSubject.operationLogged, event, { msgId: event.requestId, logger, requestId: event.requestId });
  };
}
