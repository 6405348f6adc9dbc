import type { Provider } from '@nestjs/common';
import { Queue } from 'bullmq';
import { bullOptions, withRequestId } from '@cmp/common';
import { CertificateQueue, type RenderBatchJob } from '@cmp/contracts';
import { CERTIFICATES_CONFIG, type CertificatesConfig } from './config';

export const RENDER_QUEUE = Symbol('RENDER_QUEUE');
export type RenderQueue = Queue<RenderBatchJob>;


/** Job options shared by every render job: retried after a crash, kept briefly for inspection. */
export const RENDER_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
} as const;

export const queueProvider: Provider = {
  provide: RENDER_QUEUE,
  inject: [CERTIFICATES_CONFIG],
  useFactory: (c: CertificatesConfig): RenderQueue => new Queue<RenderBatchJob>(CertificateQueue.name, bullOptions(c)),
};

/**
 * Queues a batch's render job. The job id names the batch (with its creation time, so a reset database reusing
 * ids never meets the finished jobs of its predecessor) and a run number: adding the same run twice is a no-op
 * in BullMQ, and the job itself only touches unnumbered and pending certificates. The job carries the request id.
 */
export async function enqueueBatch(queue: RenderQueue, batch: { id: number; created_at: Date }, run: number): Promise<void> {
  const job = renderJobOf(batch, run);
  await queue.add(CertificateQueue.renderBatch, withRequestId(job.data), { ...job.opts, jobId: job.jobId });
}

/** The render job of a batch's run, as enqueueBatch adds it and the worker's sweeper adds it again when Redis lost it. */
export const renderJobOf = (batch: { id: number; created_at: Date }, run: number) => ({
  name: CertificateQueue.renderBatch,
  data: { batchId: batch.id } satisfies RenderBatchJob,
  jobId: `batch-${batch.id}-${batch.created_at.getTime()}-${run}`,
  opts: RENDER_JOB_OPTIONS,
});
