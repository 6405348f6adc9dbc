import { Catch, Logger, type ArgumentsHost, type INestMicroservice, type RpcExceptionFilter } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ServerNats, type MicroserviceOptions, type NatsContext } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
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
    // The one place every handler's error passes: counted by the code the caller gets.
    countRpcError(subject, payload.code);
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
    // PostgreSQL unreachable or restarting (the pool reconnects on the next query): unavailable for a moment, not
    // a fault of the request; the caller gets 503 and may try again, as when the service itself is down.
    if (lostDatabase(exception, state)) {
      this.logger.warn(`${subject}: database unavailable: ${(exception as Error)?.message}`);
      return throwError(() => ({ code: ErrorCode.SERVICE_UNAVAILABLE, key: 'error.serviceUnavailable', params: { service: subject.split('.')[0] } }));
    }
    this.logger.error(`Unhandled error in ${subject}: ${(exception as Error)?.stack ?? String(exception)}`);
    return { code: ErrorCode.INTERNAL, key: 'error.system' };
  }
}

type Timed = NatsContext & { startedAt?: number };

/**
 * Times every request the server answers, by subject, through Nest's processing hooks: the start stamps the request's
 * own context object and the end (its answer sent) observes it, so a request costs two clock reads and a few additions.
 */
function timeRequests(server: ServerNats): void {
  server.setOnProcessingStartHook((_t, ctx, done) => {
    (ctx as Timed).startedAt = performance.now();
    return done();
  });
  server.setOnProcessingEndHook((_t, ctx) => {
    const c = ctx as Timed;
    // A request without a handler was never started; an answer sent in parts is timed once.
    if (c.startedAt === undefined) return;
    observeRpc(c.getSubject(), (performance.now() - c.startedAt) / 1000);
    c.startedAt = undefined;
  });
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
  const server = new ServerNats({
    servers: [config.natsUrl],
    queue: service,
    name: `${service}-${process.pid}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    ...natsCredentials(service),
  });
  timeRequests(server);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, { strategy: server, logger: createLogger(service, config) });
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  await app.listen();
  addReadinessCheck('nats', () => natsReachable(server.unwrap<NatsConnection>()));
  addReadinessCheck('postgres', databaseReachable);
  new Logger(service).log(`listening on NATS ${config.natsUrl} in queue group "${service}"`);
  return app;
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
}): Promise<void> {
  await ensureDatabase(o.config.databaseUrl);
  const ds = o.dataSource();
  await migrate(ds, o.schema);
  await ds.destroy();
  await startRpcService(o.module, o.service, o.config).catch((e: Error) => {
    throw new Error(`${o.service}: cannot serve on NATS at ${o.config.natsUrl} (${e.message}); is nats-server running? (node infra/up.js starts it)`);
  });
  startHeartbeat(o.service);
}
