import 'reflect-metadata';
import { bootWorker, storageBackend } from '@cmp/common';
import { CertificateQueue, Service, type RenderBatchJob } from '@cmp/contracts';
import { CERTIFICATES_SCHEMA, loadCertificatesConfig } from './config';
import { certificatesDataSource } from './data-source';
import { renderJobOf } from './queue';
import { renderBatch } from './render/render-batch.job';
import { CertificateRenderer } from './render/renderer';

/** Times a batch may stall (worker died, lock not renewed in time) before it is marked failed. */
const MAX_STALLS = 10;

/** The certificates worker: numbers and renders batches from the BullMQ queue, outside any request. */
const config = loadCertificatesConfig();
bootWorker({
  service: Service.certificates,
  config,
  // The renderer's pages each hold a connection while they work.
  database: { schema: CERTIFICATES_SCHEMA, dataSource: certificatesDataSource, poolSize: Math.max(4, config.renderPages + 2) },
  queue: {
    name: CertificateQueue.name,
    concurrency: 1,
    // A job stalls when its worker dies, or when a loaded machine delays the lock's renewal: both only cost a
    // re-run, since rendering a batch is idempotent, so a stalled job is taken up again rather than failed.
    options: { lockDuration: config.workerLockMs, stalledInterval: Math.max(1000, config.workerLockMs / 2), maxStalledCount: MAX_STALLS },
  },
  // Batches queued or running whose current run's job Redis lost are queued again (the sweeper in bootWorker).
  expectedJobs: async (ds) => {
    const rows: { id: number; created_at: Date; runs: number }[] = await ds.query(`SELECT id, created_at, runs FROM batches WHERE status IN ('queued', 'running')`);
    return rows.map((b) => renderJobOf(b, b.runs));
  },
  open: async (ds) => {
    const renderer = new CertificateRenderer({ chromiumPath: config.chromiumPath, pages: config.renderPages, previewScale: config.previewScale || 1 });
    const storage = storageBackend(config.storage);
    // Test hook for crash recovery: SIGUSR2 kills Chromium under the running job.
    process.on('SIGUSR2', () => void renderer.crash());
    return {
      jobs: {
        [CertificateQueue.renderBatch]: (job) => renderBatch(ds, renderer, storage, config, (job.data as RenderBatchJob).batchId, (p) => job.updateProgress(p)),
      },
      close: () => renderer.close(),
    };
  },
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
