import 'reflect-metadata';
import { bootWorker } from '@cmp/common';
import { ReviewQueue, Service, type FinalScoreJob } from '@cmp/contracts';
import { loadReviewConfig, REVIEW_SCHEMA } from './config';
import { reviewDataSource } from './data-source';
import { computeVersion, finalScoreJobOf } from './results/final-score.job';
import { tallyVotes, VOTE_TALLY_MS } from './results/vote-tallies.job';

/**
 * The review worker: computes final score versions from the BullMQ queue, outside any request, and tallies the votes
 * for the statistics every few seconds. Jobs are
 * idempotent (a finished version is left alone), so a job taken up again after a worker died costs only a re-run.
 */
const config = loadReviewConfig();
bootWorker({
  service: Service.review,
  config,
  database: { schema: REVIEW_SCHEMA, dataSource: reviewDataSource, poolSize: 4 },
  queue: { name: ReviewQueue.name, concurrency: 2, schedules: { [ReviewQueue.voteTallies]: { every: VOTE_TALLY_MS } } },
  // Versions queued or running whose job Redis lost are queued again (the sweeper in bootWorker).
  expectedJobs: async (ds) => {
    const rows: { id: number; createdAt: Date }[] = await ds.query(`SELECT id, created_at AS "createdAt" FROM score_versions WHERE status IN ('queued', 'running')`);
    return rows.map(finalScoreJobOf);
  },
  open: async (ds) => ({
    jobs: {
      [ReviewQueue.voteTallies]: () => tallyVotes(ds),
      [ReviewQueue.finalScore]: async (job) => {
        const { versionId } = job.data as FinalScoreJob;
        try {
          return await computeVersion(ds, versionId, (p) => job.updateProgress(p));
        } catch (e) {
          const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
          if (last) await ds.query(`UPDATE score_versions SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status <> 'done'`, [versionId, String((e as Error).message).slice(0, 500)]);
          throw e;
        }
      },
    },
  }),
}).catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
