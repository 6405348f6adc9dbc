import { Logger } from '@nestjs/common';
import { Queue, Worker, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { Env, type BaseConfig } from './config';
import { ensureDatabase, migrate } from './database';
import { startHeartbeat } from './heartbeat';
import { addReadinessCheck, addScrapeText, databaseReachable, jobDuration, startMetrics } from './metrics';
import { createLogger } from './logger';
import { carriedRequestId, requestLinesEnabled, requestScope, writeRequestLine, type RequestScope } from './request-context';
import { signInAsWorker } from './nats-rpc';
import { bullOptions } from './redis';

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
  /**
   * The jobs the database says should exist: one per row that is queued or running (a calculation, a batch), with
   * the deterministic job id the service queued it under. The sweeper adds the ones missing from Redis.
   */
  expectedJobs?: (ds: DataSource) => Promise<ExpectedJob[]>;
}

/** A job that should be in the queue, as the service adds it (same name, data, options and id). */
export interface ExpectedJob {
  name: string;
  data: object;
  jobId: string;
  opts?: Omit<JobsOptions, 'jobId'>;
}

/**
 * The sweeper (every worker replica, at start and every WORKER_SWEEP_SECONDS): a job lost with Redis (a restart
 * without persistence, a flush, a job taken by another deployment on the same keys) is added again, and a lost
 * schedule upserted again, so nothing stays queued for ever. Adding is idempotent: BullMQ ignores a job id it holds,
 * so replicas sweeping at once add each job once, and a job for a row that finished meanwhile finds nothing to do.
 * Only a missing job is added: a failed one stays failed (its row says so), a poison job does not loop.
 */
async function sweep(queue: Queue, ds: DataSource, o: WorkerDefinition, log: Logger): Promise<void> {
  for (const job of (await o.expectedJobs?.(ds)) ?? []) {
    if (await queue.getJob(job.jobId)) continue;
    await queue.add(job.name, job.data, { ...job.opts, jobId: job.jobId });
    log.warn(`sweeper: job ${job.jobId} was missing from the queue; queued it again`);
  }
  for (const [job, repeat] of Object.entries(o.queue.schedules ?? {})) {
    if (await queue.getJobScheduler(job)) continue;
    await queue.upsertJobScheduler(job, repeat, { name: job });
    log.warn(`sweeper: schedule ${job} was missing; upserted it again`);
  }
}

/**
 * Runs one job in the request scope of the id its data carries (queued inside a request: withRequestId), so the job's
 * log lines and what it sends on carry it; times it by queue and job name (metrics) and writes one line per job: job
 * name, id, try, ms, outcome.
 */
async function runJob(worker: string, queue: string, job: Job, jobs: Record<string, JobHandler>): Promise<unknown> {
  const scope: RequestScope = { requestId: carriedRequestId(job.data) };
  const started = performance.now();
  const line = (outcome: string) => {
    jobDuration.observe({ queue, name: job.name, result: outcome === 'ok' ? 'completed' : 'failed' }, (performance.now() - started) / 1000);
    if (!requestLinesEnabled()) return;
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
  };
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
 * them and gives a dead worker's job to another, so jobs are idempotent. Its metrics (METRICS_PORT): the queue's job counts
 * by state (BullMQ's own exportPrometheusMetrics, read from Redis on each scrape) and the run time of each job.
 */
export async function bootWorker(o: WorkerDefinition): Promise<void> {
  const name = `${o.service}-worker`;
  Logger.overrideLogger(createLogger(name, o.config));
  const log = new Logger(name);
  startMetrics(o.service, name);
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
  // Schedules and the sweeper's additions go through this queue handle.
  const queueConnection = bullOptions(o.config);
  const queue = new Queue(queueName, queueConnection);
  // Upserted at each start: a changed schedule replaces the old one (one scheduler per name, however many replicas).
  for (const [job, repeat] of Object.entries(schedules ?? {})) await queue.upsertJobScheduler(job, repeat, { name: job });
  const env = new Env();
  const sweepEvery = env.int('WORKER_SWEEP_SECONDS', 60, 1, 3600);
  env.done();
  let sweeping: Promise<void> | undefined;
  const sweepNow = () => {
    sweeping ??= sweep(queue, ds, o, log)
      .catch((e: Error) => log.warn(`sweeper: ${e.message}`))
      .finally(() => (sweeping = undefined));
  };
  const sweeper = setInterval(sweepNow, sweepEvery * 1000);
  sweepNow();
  // BullMQ leaves a connection it was handed open: it is closed at shutdown below.
  const { connection, prefix } = bullOptions(o.config);
  const worker = new Worker(queueName, (job) => runJob(name, queueName, job, jobs), { connection, prefix, concurrency, ...options });
  worker.on('failed', (job, e) => log.error(`job ${job?.name} ${job?.id} failed: ${e.message}`));
  worker.on('error', (e) => log.error(e.message));
  // Waiting, active, delayed, prioritized, failed... as BullMQ counts them (KEDA scales the workers on these).
  addScrapeText((labels) => queue.exportPrometheusMetrics(labels));
  addReadinessCheck('postgres', databaseReachable);
  addReadinessCheck('redis', () => connection.ping());
  startHeartbeat(name);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweeper);
    await sweeping;
    await queue.close().catch(() => undefined);
    queueConnection.connection.disconnect();
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
