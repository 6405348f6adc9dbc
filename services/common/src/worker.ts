import { Logger } from '@nestjs/common';
import { Queue, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { BaseConfig } from './config';
import { ensureDatabase, migrate } from './database';
import { startHeartbeat } from './heartbeat';
import { createLogger } from './logger';
import { carriedRequestId, requestLinesEnabled, requestScope, writeRequestLine, type RequestScope } from './request-context';
import { signInAsWorker } from './nats-rpc';
import { bullConnection } from './redis';

/** What a job of one name does; its answer is the job's return value (BullMQ keeps it). */
export type JobHandler = (job: Job) => Promise<unknown>;

/** What a worker's jobs run on, opened once the database is migrated. */
export interface WorkerJobs {
  /** Handlers by job name (names from contracts); a job of another name finishes with null. */
  jobs: Record<string, JobHandler>;
  /** Closes what was opened for the jobs besides the database (a browser, a Nest context, NATS), after the last job. */
  close?: () => Promise<void>;
}

export interface WorkerDefinition {
  /** The owning service: names the heartbeat (`<service>-worker`) and the log lines. */
  service: string;
  config: BaseConfig;
  database: {
    schema: string;
    /** The service's DataSource (its data-source.ts): migrations get a pool of two, the jobs `poolSize`. */
    dataSource: (c: { databaseUrl: string; dbPoolSize: number }) => DataSource;
    poolSize: number;
  };
  queue: {
    /** The queue's name, from contracts. */
    name: string;
    concurrency: number;
    /** BullMQ's lock and stall settings, where the defaults do not fit the jobs. */
    options?: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;
    /** Repeatable jobs by job name, upserted at each start (a changed schedule replaces the old one). */
    schedules?: Record<string, Parameters<Queue['upsertJobScheduler']>[1]>;
  };
  /** Opens what the jobs need on the migrated database and answers their handlers. */
  open: (ds: DataSource) => Promise<WorkerJobs>;
}

/**
 * Runs one job in the request scope of the id its data carries (queued inside a request: withRequestId), so the job's
 * log lines and what it sends on carry it, and writes one line per job: queue job name, id, try, ms, outcome.
 */
async function runJob(worker: string, job: Job, jobs: Record<string, JobHandler>): Promise<unknown> {
  const scope: RequestScope = { requestId: carriedRequestId(job.data) };
  const started = performance.now();
  const line = (outcome: string) =>
    requestLinesEnabled() &&
    writeRequestLine({
      time: Date.now(),
      level: 'log',
      context: worker,
      requestId: scope.requestId,
      job: job.name,
      jobId: job.id,
      attempt: job.attemptsMade + 1,
      ms: Math.round(performance.now() - started),
      outcome,
    });
  return requestScope.run(scope, async () => {
    try {
      const result = Object.hasOwn(jobs, job.name) ? await jobs[job.name](job) : null;
      line('ok');
      return result;
    } catch (e) {
      line(`failed: ${(e as Error)?.message ?? String(e)}`.slice(0, 200));
      throw e;
    }
  });
}

/**
 * The start-up and shutdown every BullMQ worker (`src/worker.ts`) shares: create the database if missing and migrate
 * it (replicas take turns), open the jobs' database, upsert the schedules, take jobs, beat the liveness heartbeat.
 * On SIGTERM or SIGINT it stops taking jobs, lets the running ones finish, then closes Redis, what the jobs opened
 * (NATS with them) and the database, and exits. Run as many workers as the machine allows: BullMQ hands each job to one of
 * them and gives a dead worker's job to another, so jobs are idempotent. Ops metrics of workers belong here.
 */
export async function bootWorker(o: WorkerDefinition): Promise<void> {
  const name = `${o.service}-worker`;
  Logger.overrideLogger(createLogger(name, o.config));
  const log = new Logger(name);
  await ensureDatabase(o.config.databaseUrl);
  const dataSource = (dbPoolSize: number) => o.database.dataSource({ databaseUrl: o.config.databaseUrl, dbPoolSize });
  const migrations = dataSource(2);
  await migrate(migrations, o.database.schema).catch((e: Error) => {
    throw new Error(`${name}: migrations failed (${e.message})`);
  });
  await migrations.destroy();
  const ds = await dataSource(o.database.poolSize).initialize();
  // What the jobs open (a Nest context with the service's NATS client) signs in to NATS as the worker's own user.
  signInAsWorker();
  const { jobs, close } = await o.open(ds);

  const { name: queueName, concurrency, options, schedules } = o.queue;
  if (schedules) {
    // Schedules live in Redis: the queue is only needed to write them.
    const redis = bullConnection(o.config.redisUrl);
    const queue = new Queue(queueName, { connection: redis });
    for (const [job, repeat] of Object.entries(schedules)) await queue.upsertJobScheduler(job, repeat, { name: job });
    await queue.close();
    redis.disconnect();
  }
  // BullMQ leaves a connection it was handed open: it is closed at shutdown below.
  const connection = bullConnection(o.config.redisUrl);
  const worker = new Worker(queueName, (job) => runJob(name, job, jobs), { connection, concurrency, ...options });
  worker.on('failed', (job, e) => log.error(`job ${job?.name} ${job?.id} failed: ${e.message}`));
  worker.on('error', (e) => log.error(e.message));
  startHeartbeat(name);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // close() waits for the running jobs; a job it cuts off (a second signal, a kill) is stalled and taken up again.
    await worker.close().catch(() => undefined);
    connection.disconnect();
    await close?.().catch((e: Error) => log.warn(`closing failed: ${e.message}`));
    await ds.destroy().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
