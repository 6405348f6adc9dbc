import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '@cmp/common';
import { ReviewQueue, type FinalScoreJob, type ScoreParams } from '@cmp/contracts';
import { SCORE_STATEMENT } from './score-statement';

/**
 * What a version is computed from: every submitted sheet (its assignment, total and version) digested in the
 * database, so a request never carries the round's sheets into the service, and the parameters.
 */
export async function inputChecksum(m: EntityManager | DataSource, roundId: number, params: ScoreParams): Promise<{ checksum: string; sheets: number }> {
  const [row] = await m.query(
    `SELECT count(*)::int AS sheets, COALESCE(encode(sha256(convert_to(string_agg(a.id || ':' || s.total || ':' || s.version, '|' ORDER BY a.id), 'UTF8')), 'hex'), '') AS digest
     FROM assignments a JOIN score_sheets s ON s.assignment_id = a.id
     WHERE a.round_id = $1 AND NOT a.declined AND s.status = 'submitted' AND s.total IS NOT NULL`,
    [roundId],
  );
  // Keys sorted: the request's object and the stored jsonb (which reorders keys) digest the same.
  const canonical = JSON.stringify(params, Object.keys(params).sort());
  return { checksum: createHash('sha256').update(`${canonical}|${row.digest}`).digest('hex'), sheets: row.sheets };
}

/**
 * Computes one score version (the review worker's job): one transaction computes and stores every work's score and
 * every expert's calibration (score-statement.ts), resolves the appeals it settles, and records the checksum of the
 * sheets it read (the same snapshot). Safe to run twice: a finished version is left alone, and the results are
 * replaced, not added to.
 */
export async function computeVersion(ds: DataSource, versionId: number, onProgress: (p: number) => Promise<unknown> | void = () => undefined): Promise<{ works: number } | null> {
  const [v] = await returnedRows<{ roundId: number; params: ScoreParams }>(
    ds,
    `UPDATE score_versions SET status = 'running', progress = 10 WHERE id = $1 AND status IN ('queued', 'running') RETURNING round_id AS "roundId", params`,
    [versionId],
  );
  if (!v) return null;
  const p: ScoreParams = v.params;
  await onProgress(10);
  // Repeatable read: the scores and the checksum come from the same snapshot of the sheets.
  const works = await ds.transaction('REPEATABLE READ', async (m) => {
    await m.query(`DELETE FROM work_results WHERE version_id = $1`, [versionId]);
    await m.query(`DELETE FROM expert_calibrations WHERE version_id = $1`, [versionId]);
    const [{ works }] = await m.query(SCORE_STATEMENT, [versionId, v.roundId, p.method, p.trimFrom, p.prior, p.disputeSpread]);
    // An appeal sent to re-review is resolved by the first version computed after every sheet of its work came back.
    await m.query(
      `UPDATE appeals ap SET status = 'resolved', new_score = r.score, outcome_version_id = $1
       FROM work_results r WHERE r.version_id = $1 AND r.work_id = ap.work_id AND ap.round_id = $2 AND ap.status = 'reviewing'
         AND NOT EXISTS (SELECT 1 FROM assignments a LEFT JOIN score_sheets s ON s.assignment_id = a.id
                         WHERE a.round_id = ap.round_id AND a.work_id = ap.work_id AND NOT a.declined AND s.status IS DISTINCT FROM 'submitted')`,
      [versionId, v.roundId],
    );
    await m.query(`UPDATE score_versions SET status = 'done', progress = 100, work_count = $2, checksum = $3, finished_at = now() WHERE id = $1`, [
      versionId, works, (await inputChecksum(m, v.roundId, p)).checksum,
    ]);
    return works as number;
  });
  await onProgress(100);
  return { works };
}

/**
 * The queue job of a version: the id names the version and its creation time (a reset database reusing ids never
 * meets its predecessor's jobs), so the service and the worker's sweeper add the same job.
 */
export function finalScoreJobOf(version: { id: number; createdAt: Date | string }): { name: string; data: FinalScoreJob; jobId: string; opts: { attempts: number; removeOnComplete: { age: number }; removeOnFail: { age: number } } } {
  return {
    name: ReviewQueue.finalScore,
    data: { versionId: version.id },
    jobId: `final-score-${version.id}-${new Date(version.createdAt).getTime()}`,
    opts: { attempts: 3, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86400 } },
  };
}
