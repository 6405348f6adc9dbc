import { Catch, Logger, type ArgumentsHost, type INestMicroservice, type RpcExceptionFilter } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ServerNats, type MicroserviceOptions, type NatsContext, type OutgoingResponse } from '@nestjs/microservices';
import type { Msg, NatsConnection } from 'nats';
import { performance } from 'node:perf_hooks';
import { ErrorCode, type ErrorPayload } from '@cmp/contracts';
import { throwError, type Observable } from 'rxjs';
import { AppError, isUniqueViolation, sqlStateOf } from './app-error';
import type { DataSource } from 'typeorm';
import { ensureDatabase, migrate } from './database';
import { startHeartbeat } from './heartbeat';
import { createLogger } from './logger';
import { addReadinessCheck, countRpcError, databaseReachable, observeRpc, startMetrics } from './metrics';
import { natsCredentials } from './nats-rpc';
import { lostRedis } from './redis';
import { REQUEST_ID_HEADER, requestLinesEnabled, requestScope, writeRequestLine, type RequestScope } from './request-context';
import type { BaseConfig } from './config';

/** SQLSTATE class 08 (connection), 57P01-57P03 (shutting down, starting up), or the socket refused or cut. */
export function lostDatabase(exception: unknown, state = sqlStateOf(exception)): boolean {
  if (state && (state.startsWith('08') || ['57P01', '57P02', '57P03'].includes(state))) return true;
  const e = exception as { code?: string; message?: string } | null;
  const code = e?.code ?? (e as { driverError?: { code?: string } } | null)?.driverError?.code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || /Connection terminated|connection timeout/i.test(e?.message ?? '');
}

/** Turns whatever a handler threw into the ErrorPayload that travels back over NATS. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): Observable<ErrorPayload> {
    const subject: string = host.switchToRpc().getContext()?.getSubject?.() ?? 'unknown';
    const payload = this.payloadOf(exception, subject);
    // The one place every handler's error passes: counted by the code the caller gets, and said on the request's line.
    countRpcError(subject, payload.code);
    const scope = requestScope.getStore();
    if (scope) scope.outcome = String(payload.code);
    return throwError(() => payload);
  }

  private payloadOf(exception: unknown, subject: string): ErrorPayload {
    if (exception instanceof AppError) return exception.toPayload();
    if (isUniqueViolation(exception)) return { code: ErrorCode.CONFLICT, key: 'error.conflict' };
    // Input PostgreSQL refused (class 22: a value out of range, too long, not text) or a reference to a row that
    // is gone (23503) is the caller's to fix, not a fault; the gateway's checks should have caught it first.
    const state = sqlStateOf(exception);
    if (state?.startsWith('22') || state === '23503') {
      this.logger.warn(`${subject}: PostgreSQL refused the input (${state}): ${(exception as Error)?.message}`);
      return { code: state === '23503' ? ErrorCode.CONFLICT : ErrorCode.BAD_REQUEST, key: state === '23503' ? 'error.referenceMissing' : 'error.badValue' };
    }
    // PostgreSQL or Redis unreachable or restarting (both reconnect by themselves): unavailable for a moment, not
    // a fault of the request; the caller gets 503 and may try again, as when the service itself is down.
    if (lostDatabase(exception, state) || lostRedis(exception)) {
      this.logger.warn(`${subject}: ${lostRedis(exception) ? 'Redis' : 'database'} unavailable: ${(exception as Error)?.message}`);
      return { code: ErrorCode.SERVICE_UNAVAILABLE, key: 'error.serviceUnavailable', params: { service: subject.split('.')[0] } };
    }
    this.logger.error(`Unhandled error in ${subject}: ${(exception as Error)?.stack ?? String(exception)}`);
    return { code: ErrorCode.INTERNAL, key: 'error.system' };
  }
}

/** NATS answers a round trip (a flush) now: the connection is up, not reconnecting. */
export async function natsReachable(nc: NatsConnection | undefined | null): Promise<void> {
  if (!nc || nc.isClosed()) throw new Error('NATS connection closed');
  await nc.flush();
}

/**
 * Starts a service as a NATS microservice in a queue group named after the service, so that
 * more replicas share the load. Reconnects forever; shuts down gracefully on SIGTERM.
 */
export async function startRpcService(
  module: Parameters<typeof NestFactory.createMicroservice>[0],
  service: string,
  config: BaseConfig,
): Promise<INestMicroservice> {
  startMetrics(service);
  const server = new LeanServerNats({
    servers: [config.natsUrl],
    queue: service,
    name: `${service}-${process.pid}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    ...natsCredentials(service),
  });
  traceRequests(server, service);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, { strategy: server, logger: createLogger(service, config) });
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  await app.listen();
  addReadinessCheck('nats', () => natsReachable(server.unwrap<NatsConnection>()));
  addReadinessCheck('postgres', databaseReachable);
  new Logger(service).log(`listening on NATS ${config.natsUrl} in queue group "${service}"`);
  return app;
}

/** Replies waiting for the end of the event-loop turn. */
let replies: Array<() => void> = [];
const replyLogger = new Logger('ServerNats');

function sendReplies(): void {
  const due = replies;
  replies = [];
  for (const send of due) {
    try {
      send();
    } catch (e) {
      // A connection closed meanwhile: the caller times out and answers 503, as when the service is down.
      replyLogger.warn(`reply not sent: ${(e as Error).message}`);
    }
  }
}

/**
 * Nest's NATS server with two per-message costs taken out:
 * - the route of a subject is worked out once: Nest tries JSON.parse on every message's subject, which throws (and
 *   builds an error with its stack) for a plain subject such as "auth.user.info";
 * - replies go out at the end of the event-loop turn, all together: NATS writes what is pending in one system call,
 *   where replies to queries that finished in different callbacks (one per database connection) took one each.
 * What a reply holds, and when it is timed (metrics, the request line), is as in ServerNats.getPublisher.
 */
export class LeanServerNats extends ServerNats {
  private readonly routes = new Map<string, string>();

  protected override getRouteFromPattern(pattern: string): string {
    let route = this.routes.get(pattern);
    if (route === undefined) {
      route = super.getRouteFromPattern(pattern);
      // Patterns are the subjects this server subscribes to: a bounded set.
      this.routes.set(pattern, route);
    }
    return route;
  }

  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (response: OutgoingResponse) => void {
    if (!natsMsg.reply) return () => undefined;
    return (response) => {
      Object.assign(response, { id });
      const outgoing = this.serializer.serialize(response) as { data: Uint8Array; headers?: Msg['headers'] };
      this.onProcessingEndHook?.(this.transportId, ctx);
      if (replies.length === 0) setImmediate(sendReplies);
      replies.push(() => natsMsg.respond(outgoing.data, { headers: outgoing.headers }));
    };
  }
}

const SCOPE = Symbol('requestScope');
type TracedContext = NatsContext & { [SCOPE]?: RequestScope & { started: number } };

/**
 * Runs each handled request in the request scope of the id its NATS header carries (so its log lines, onward requests,
 * events and jobs carry it too); when it is answered, times it by subject (metrics) and writes one line for it:
 * subject, ms, outcome ('ok' or the error code). An answer sent in parts is counted once.
 */
function traceRequests(server: ServerNats, service: string): void {
  server.setOnProcessingStartHook((_transport, context, done) => {
    const ctx = context as TracedContext;
    const scope = { requestId: (ctx.getHeaders()?.get(REQUEST_ID_HEADER) as string | undefined) || undefined, started: performance.now() };
    ctx[SCOPE] = scope;
    return requestScope.run(scope, done);
  });
  server.setOnProcessingEndHook((_transport, context) => {
    const ctx = context as TracedContext;
    const scope = ctx[SCOPE];
    if (!scope) return;
    ctx[SCOPE] = undefined;
    const ms = performance.now() - scope.started;
    observeRpc(ctx.getSubject(), ms / 1000);
    if (!requestLinesEnabled()) return;
    writeRequestLine({
      time: Date.now(),
      level: 'log',
      context: service,
      requestId: scope.requestId,
      subject: ctx.getSubject(),
      ms: Math.round(ms * 10) / 10,
      outcome: scope.outcome ?? 'ok',
    });
  });
}

/**
 * The start-up every service shares: create its database if missing, bring its schema up to date
 * (replicas take turns), serve NATS requests, then beat the liveness heartbeat.
 */
export async function bootService(o: {
  service: string;
  module: Parameters<typeof NestFactory.createMicroservice>[0];
  config: BaseConfig;
  schema: string;
  /** A DataSource for the migrations; the migration lock holds one connection, so it needs a pool of two. */
  dataSource: () => DataSource;
  /** false: the module runs (its consumers, timers) but answers no requests: a replica that only applies events. */
  serveRequests?: boolean;
}): Promise<void> {
  await ensureDatabase(o.config.databaseUrl);
  const ds = o.dataSource();
  await migrate(ds, o.schema);
  await ds.destroy();
  await (o.serveRequests === false ? startWithoutRequests : startRpcService)(o.module, o.service, o.config).catch((e: Error) => {
    throw new Error(`${o.service}: cannot serve on NATS at ${o.config.natsUrl} (${e.message}); is nats-server running? (node infra/up.js starts it)`);
  });
  startHeartbeat(o.service);
}

/** The service's module without a NATS server: in no queue group, so requests go to its other replicas. */
async function startWithoutRequests(module: Parameters<typeof NestFactory.createApplicationContext>[0], service: string, config: BaseConfig): Promise<void> {
  startMetrics(service);
  const app = await NestFactory.createApplicationContext(module, { logger: createLogger(service, config) });
  app.enableShutdownHooks();
  await app.init();
  addReadinessCheck('postgres', databaseReachable);
  new Logger(service).log(`running on NATS ${config.natsUrl} without answering requests (in no queue group)`);
}
