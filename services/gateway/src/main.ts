import 'reflect-metadata';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { DEFAULT_LANG, ErrorCode, translate } from '@cmp/contracts';
import { addReadinessCheck, createLogger, natsReachable, requestLinesEnabled, RPC, startMetrics, writeRequestLine, type NatsRpcClient, type Redis } from '@cmp/common';
import { AppModule, CONTROLLERS } from './app.module';
import { registerAudit } from './audit/register-audit';
import { auditedReads, routeTitles } from './audit/audit';
import { loadGatewayConfig } from './config';
import { metrics } from './metrics';
import { REDIS } from './redis.provider';
import { undeclaredRoutes } from './http/access.decorators';
import { EnvelopeAdapter } from './http/envelope';
import { ErrorFilter } from './http/error.filter';
import { registerFormParser, registerJsonParser } from './http/json-parser';
import { registerRateLimit } from './http/rate-limit';
import { listenOnProxySocket } from './http/proxy-socket';
import { cachedReadPaths, PublicCache } from './http/public-cache';
import { clientRequestIdOf, type GatewayRequest } from './http/request-context';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSitePages, SITE_PAGE_PREFIX } from './http/site-pages';
import { Sessions } from './http/sessions';
import { PlatformQueues, QUEUE_BOARD_PATH, registerQueueBoard } from './system/queue-board';
import { NOTIFY_BODY_LIMIT_BYTES, rangePipe, textPipe } from './http/input-limits';
import { validationPipe } from './http/validation';

export const API_PREFIX = 'prod-api';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  // Metrics and readiness on the internal port only (METRICS_PORT), never under /prod-api.
  startMetrics('gateway');
  const missing = undeclaredRoutes(CONTROLLERS);
  if (missing.length) throw new Error(`Routes without an access rule: ${missing.join(', ')}`);

  const logger = createLogger('gateway', config);
  // Successful results get the envelope in the adapter's reply (EnvelopeAdapter), errors in the ErrorFilter.
  const adapter = new EnvelopeAdapter({
    // Fastify's own two lines per request give way to one (logRequests); what Fastify itself warns of goes to our log.
    loggerInstance: fastifyLogger() as never,
    disableRequestLogging: true,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Every call gets the server's own id: it de-duplicates the call's operation-log event, so a caller must not
    // choose it (issue 27). A caller's X-Request-Id is only logged beside it (clientRequestIdOf).
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    logger,
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  registerJsonParser(fastify);
  const ALIPAY_NOTIFY = `/${API_PREFIX}/alipay/payment/notify`;
  registerFormParser(fastify, [ALIPAY_NOTIFY]);
  // The notify address is public and outside the rate limit: it takes only what a real notification needs.
  fastify.addHook('onRoute', (route) => {
    if (route.url === ALIPAY_NOTIFY) route.bodyLimit = NOTIFY_BODY_LIMIT_BYTES;
  });

  registerSecurityHeaders(fastify, [`/${API_PREFIX}/docs`, QUEUE_BOARD_PATH], [`/${API_PREFIX}${SITE_PAGE_PREFIX}/`]);
  await app.register(cors, { origin: config.corsOrigins, credentials: true, exposedHeaders: ['content-disposition', 'x-request-id'] });
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 20 } });
  registerRateLimit(fastify, config.rateLimitPerMinute, [ALIPAY_NOTIFY]);
  app.get(PublicCache).register(fastify, cachedReadPaths(CONTROLLERS, API_PREFIX));
  registerSitePages(fastify, API_PREFIX, app.get(PublicCache), fastify.log);
  const titles = routeTitles(CONTROLLERS, API_PREFIX);
  registerAudit(fastify, app.get<NatsRpcClient>(RPC).connection, titles, auditedReads(CONTROLLERS, API_PREFIX), [ALIPAY_NOTIFY]);
  await registerQueueBoard(fastify, app.get(PlatformQueues), app.get(Sessions), titles);
  fastify.addHook('onResponse', (req, reply, done) => {
    metrics.requestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (requestLinesEnabled()) logRequests(fastify);

  app.setGlobalPrefix(API_PREFIX);
  // Control characters are refused before validation, numbers beyond their columns after it (query text is a number by then).
  app.useGlobalPipes(textPipe, validationPipe, rangePipe);
  app.useGlobalFilters(new ErrorFilter(config));
  app.enableShutdownHooks();

  const doc = new DocumentBuilder()
    .setTitle('Competition management platform API')
    .setDescription('Every response is { code, msg, data }; code 0 is success. Send the token as "Authorization: Bearer <token>".')
    .setVersion('0.1.0')
    .addBearerAuth()
    .build();
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => SwaggerModule.createDocument(app, doc));

  let proxySocket: Server | undefined;
  fastify.addHook('onClose', async () => void proxySocket?.close());

  addReadinessCheck('nats', () => natsReachable(app.get<NatsRpcClient>(RPC).connection));
  addReadinessCheck('redis', () => app.get<Redis>(REDIS).ping());
  await app.listen(config.port, config.host);
  logger.log(`listening on http://${config.host}:${config.port}/${API_PREFIX}`);
  if (config.proxySocket) {
    proxySocket = await listenOnProxySocket(fastify.server, config.proxySocket);
    logger.log(`listening for the web proxy on ${config.proxySocket}`);
  }
}

/**
 * One JSON line per request, when it is answered (LOG_LEVEL info or finer): the server's request id (the same id travels
 * to the services and workers in NATS headers and job data), what was asked, the answer, and who asked. The path is
 * logged without its query, which can carry personal data; a matched route is logged as its pattern.
 */
function logRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (req, reply, done) => {
    const identity = (req as GatewayRequest).identity;
    const q = req.url.indexOf('?');
    writeRequestLine({
      time: Date.now(),
      level: 'log',
      context: 'gateway',
      requestId: req.id,
      method: req.method,
      route: req.routeOptions.url ?? null,
      url: (q < 0 ? req.url : req.url.slice(0, q)).slice(0, 200),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: req.ip,
      userId: identity?.userId,
      groupId: identity?.groupId,
      clientRequestId: clientRequestIdOf(req) ?? undefined,
    });
    done();
  });
}

/** Fastify's logger: its warnings and errors go to the process's log; its per-request children are itself (no cost). */
function fastifyLogger() {
  const nest = new Logger('fastify');
  const text = (a: unknown, b?: unknown): string => {
    if (typeof a === 'string') return a;
    const o = (a ?? {}) as { err?: Error; msg?: string };
    const err = a instanceof Error ? a : o.err;
    const msg = typeof b === 'string' ? b : (o.msg ?? err?.message ?? '');
    return err?.stack ? `${msg}\n${err.stack}` : msg;
  };
  const noop = () => undefined;
  const logger = {
    level: 'warn',
    trace: noop,
    debug: noop,
    info: noop,
    silent: noop,
    warn: (a: unknown, b?: unknown) => nest.warn(text(a, b)),
    error: (a: unknown, b?: unknown) => nest.error(text(a, b)),
    fatal: (a: unknown, b?: unknown) => nest.fatal(text(a, b)),
    child: () => logger,
  };
  return logger;
}

/**
 * A request Node's HTTP parser refuses before any route sees it (an address or headers over 16 KB, a malformed
 * request line) still gets the envelope. The caller's language is unknown here: the default language answers.
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({ code: ErrorCode.BAD_REQUEST, msg: translate(tooLarge ? 'error.headersTooLarge' : 'error.malformedRequest', DEFAULT_LANG), data: null });
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
