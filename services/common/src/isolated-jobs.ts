import { Logger } from '@nestjs/common';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ErrorPayload } from '@cmp/contracts';
import { AppError, isErrorPayload } from './app-error';

/** How much one job may take, and how many run at once. */
export interface IsolationLimits {
  /** The thread's old-generation heap (worker_threads resourceLimits.maxOldGenerationSizeMb). */
  memoryMb: number;
  /** The thread is stopped after this long. */
  timeoutMs: number;
  /** Threads at once; further jobs wait their turn. */
  concurrency: number;
}

/** What a job's thread posts back: its result, or the AppError it refused the input with. */
type Reply<O> = { value: O } | { error: ErrorPayload } | { failure: string };

const log = new Logger('IsolatedJobs');

/**
 * Heavy work on untrusted input (parsing an uploaded file) in worker threads, off the process's event loop: each job
 * gets a fresh thread with a memory cap and a time limit, so a file that is slow or grows without end delays nobody
 * else's request and takes no memory with it. A job that hits either limit answers `tooHeavy()`; the AppError a job
 * throws reaches the caller as it was. The script serves one job with serveIsolatedJob.
 */
export class IsolatedJobs<I, O> {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly script: string,
    private readonly limits: IsolationLimits,
    private readonly tooHeavy: () => AppError,
  ) {}

  async run(input: I): Promise<O> {
    if (this.running >= this.limits.concurrency) await new Promise<void>((turn) => this.queue.push(turn));
    this.running++;
    try {
      return await this.inThread(input);
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }

  private inThread(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const worker = new Worker(this.script, { workerData: input, resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb } });
      let settled = false;
      // A thread that answered ends by itself, its log lines written out; one that did not is stopped.
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const timer = setTimeout(() => {
        log.warn(`${this.script}: stopped after ${this.limits.timeoutMs} ms`);
        void worker.terminate();
        settle(() => reject(this.tooHeavy()));
      }, this.limits.timeoutMs);
      worker.on('message', (reply: Reply<O>) =>
        settle(() => {
          if ('value' in reply) resolve(reply.value);
          else if ('error' in reply) reject(AppError.fromPayload(reply.error));
          else reject(new Error(reply.failure));
        }),
      );
      worker.on('error', (e: Error & { code?: string }) =>
        settle(() => {
          if (e.code !== 'ERR_WORKER_OUT_OF_MEMORY') return reject(e);
          log.warn(`${this.script}: stopped at its memory cap of ${this.limits.memoryMb} MB`);
          reject(this.tooHeavy());
        }),
      );
      worker.on('exit', (code) => settle(() => reject(new Error(`${this.script}: thread exited (${code}) without an answer`))));
    });
  }
}

/** In a job's thread: runs `handle` on the job's input and posts its result (or the AppError it threw) back. */
export function serveIsolatedJob<I, O>(handle: (input: I) => Promise<O>): void {
  if (isMainThread || !parentPort) throw new Error('serveIsolatedJob runs in a worker thread');
  const port = parentPort;
  handle(workerData as I).then(
    (value) => port.postMessage({ value } satisfies Reply<O>),
    (e: unknown) => {
      const payload = e instanceof AppError ? e.toPayload() : null;
      port.postMessage((payload && isErrorPayload(payload) ? { error: payload } : { failure: (e as Error)?.stack ?? String(e) }) satisfies Reply<O>);
    },
  );
}
