import 'reflect-metadata';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { DEFAULT_LANG, ErrorCode, translate } from '@cmp/contracts';
import { addReadinessCheck, createLogger, natsReachable, RPC, startMetrics, type NatsRpcClient, type Redis } from '@cmp/common';
import { AppModule, CONTROLLERS } from './app.module';
import { registerAudit } from './audit/register-audit';
import { auditedReads, routeTitles } from './audit/audit';
import { loadGatewayConfig } from './config';
import { metrics } from './metrics';
import { REDIS } from './redis.provider';
import { undeclaredRoutes } from './http/access.decorators';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { ErrorFilter } from './http/error.filter';
import { registerFormParser, registerJsonParser } from './http/json-parser';
import { registerRateLimit } from './http/rate-limit';
import { listenOnProxySocket } from './http/proxy-socket';
import { cachedReadPaths, PublicCache } from './http/public-cache';
import { registerSecurityHeaders } from './http/security-headers';
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

  const adapter = new FastifyAdapter({
    logger: { level: config.logLevel === 'log' ? 'info' : config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Every call gets the server's own id: it de-duplicates the call's operation-log event, so a caller must not
    // choose it (issue 27). A caller's X-Request-Id is only logged beside it (clientRequestIdOf).
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    logger: createLogger('gateway', config),
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

  registerSecurityHeaders(fastify, [`/${API_PREFIX}/docs`, QUEUE_BOARD_PATH]);
  await app.register(cors, { origin: config.corsOrigins, credentials: true, exposedHeaders: ['content-disposition', 'x-request-id'] });
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 1, fields: 20 } });
  registerRateLimit(fastify, config.rateLimitPerMinute, [ALIPAY_NOTIFY]);
  app.get(PublicCache).register(fastify, cachedReadPaths(CONTROLLERS, API_PREFIX));
  const titles = routeTitles(CONTROLLERS, API_PREFIX);
  registerAudit(fastify, app.get<NatsRpcClient>(RPC).connection, titles, auditedReads(CONTROLLERS, API_PREFIX), [ALIPAY_NOTIFY]);
  await registerQueueBoard(fastify, app.get(PlatformQueues), app.get(Sessions), titles);
  fastify.addHook('onSend', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  fastify.addHook('onResponse', async (req, reply) => {
    metrics.requestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.setGlobalPrefix(API_PREFIX);
  // Control characters are refused before validation, numbers beyond their columns after it (query text is a number by then).
  app.useGlobalPipes(textPipe, validationPipe, rangePipe);
  app.useGlobalFilters(new ErrorFilter(config));
  app.useGlobalInterceptors(new EnvelopeInterceptor());
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
  createLogger('gateway', config).log(`listening on http://${config.host}:${config.port}/${API_PREFIX}`);
  if (config.proxySocket) {
    proxySocket = await listenOnProxySocket(fastify.server, config.proxySocket);
    createLogger('gateway', config).log(`listening for the web proxy on ${config.proxySocket}`);
  }
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
