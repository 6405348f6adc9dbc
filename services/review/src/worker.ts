import 'reflect-metadata';
import { Worker } from 'bullmq';
import { bullConnection, ensureDatabase, migrate, startHeartbeat } from '@cmp/common';
import { ReviewQueue, Service, type FinalScoreJob } from '@cmp/contracts';
import { loadReviewConfig, REVIEW_SCHEMA } from './config';
import { reviewDataSource } from './data-source';
import { computeVersion } from './results/final-score.job';

/**
 * The review worker: computes final score versions from the BullMQ queue, outside any request. Jobs are
 * idempotent (a finished version is left alone), so a job taken up again after a worker died costs only a re-run.
 */
async function main(): Promise<void> {
  const config = loadReviewConfig();
  await ensureDatabase(config.databaseUrl);
  await migrate(reviewDataSource({ ...config, dbPoolSize: 2 }), REVIEW_SCHEMA).catch((e) => {
    throw new Error(`review worker: migrations failed (${(e as Error).message})`);
  });
  const ds = await reviewDataSource({ ...config, dbPoolSize: 4 }).initialize();
  const worker = new Worker<FinalScoreJob>(
    ReviewQueue.name,
    async (job) => {
      if (job.name !== ReviewQueue.finalScore) return null;
      try {
        return await computeVersion(ds, job.data.versionId, (p) => job.updateProgress(p));
      } catch (e) {
        const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        if (last) await ds.query(`UPDATE score_versions SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status <> 'done'`, [job.data.versionId, String((e as Error).message).slice(0, 500)]);
        throw e;
      }
    },
    { connection: bullConnection(config.redisUrl), concurrency: 2 },
  );
  worker.on('failed', (job, e) => console.error(`review worker: job ${job?.id} failed: ${e.message}`));
  worker.on('error', (e) => console.error(`review worker: ${e.message}`));
  startHeartbeat(`${Service.review}-worker`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker.close().catch(() => undefined);
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
