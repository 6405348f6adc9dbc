import 'reflect-metadata';
import { Worker } from 'bullmq';
import { bullConnection, ensureDatabase, migrate, startHeartbeat, storageBackend } from '@cmp/common';
import { CertificateQueue, Service, type RenderBatchJob } from '@cmp/contracts';
import { CERTIFICATES_SCHEMA, loadCertificatesConfig } from './config';
import { certificatesDataSource } from './data-source';
import { renderBatch } from './render/render-batch.job';
import { CertificateRenderer } from './render/renderer';

/** Times a batch may stall (worker died, lock not renewed in time) before it is marked failed. */
const MAX_STALLS = 10;

/**
 * The certificates worker: numbers and renders batches from the BullMQ queue, outside any request. Run as
 * many as the machine allows; BullMQ hands each job to one of them and gives a dead worker's job to another.
 */
async function main(): Promise<void> {
  const config = loadCertificatesConfig();
  await ensureDatabase(config.databaseUrl);
  await migrate(certificatesDataSource({ ...config, dbPoolSize: 2 }), CERTIFICATES_SCHEMA).catch((e) => {
    throw new Error(`certificates worker: migrations failed (${(e as Error).message})`);
  });
  const ds = await certificatesDataSource({ ...config, dbPoolSize: Math.max(4, config.renderPages + 2) }).initialize();
  const renderer = new CertificateRenderer({ chromiumPath: config.chromiumPath, pages: config.renderPages, previewScale: config.previewScale || 1 });
  const storage = storageBackend(config.storage);

  const worker = new Worker<RenderBatchJob>(
    CertificateQueue.name,
    async (job) => {
      if (job.name !== CertificateQueue.renderBatch) return null;
      return renderBatch(ds, renderer, storage, config, job.data.batchId, (p) => job.updateProgress(p));
    },
    {
      connection: bullConnection(config.redisUrl),
      concurrency: 1,
      lockDuration: config.workerLockMs,
      stalledInterval: Math.max(1000, config.workerLockMs / 2),
      // A job stalls when its worker dies, or when a loaded machine delays the lock's renewal: both only cost a
      // re-run, since rendering a batch is idempotent, so a stalled job is taken up again rather than failed.
      maxStalledCount: MAX_STALLS,
    },
  );
  worker.on('failed', (job, e) => console.error(`certificates worker: job ${job?.id} failed: ${e.message}`));
  worker.on('error', (e) => console.error(`certificates worker: ${e.message}`));
  startHeartbeat(`${Service.certificates}-worker`);
  // Test hook for crash recovery: SIGUSR2 kills Chromium under the running job.
  process.on('SIGUSR2', () => void renderer.crash());

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker.close().catch(() => undefined);
    await renderer.close();
    await ds.destroy().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
