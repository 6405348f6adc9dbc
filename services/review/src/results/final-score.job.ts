import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '@cmp/common';
import type { ScoreParams } from '@cmp/contracts';
import { aggregate, round2, type ExpertScore } from './aggregate';

/** The submitted totals a round's calculation reads: live assignments only, in a stable order. */
export async function submittedScores(m: EntityManager | DataSource, roundId: number): Promise<ExpertScore[]> {
  const rows: { workId: number; expertId: number; total: string }[] = await m.query(
    `SELECT a.work_id AS "workId", a.expert_id AS "expertId", s.total
     FROM assignments a JOIN score_sheets s ON s.assignment_id = a.id
     WHERE a.round_id = $1 AND NOT a.declined AND s.status = 'submitted' AND s.total IS NOT NULL ORDER BY a.id`,
    [roundId],
  );
  return rows.map((r) => ({ workId: r.workId, expertId: r.expertId, score: Number(r.total) }));
}

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
  return { checksum: createHash('sha256').update(`${JSON.stringify(params)}|${row.digest}`).digest('hex'), sheets: row.sheets };
}

/**
 * Computes one score version (the review worker's job): reads the submitted totals, aggregates them by the
 * version's method, flags disputed works and out-of-line experts, and stores everything in one transaction.
 * Safe to run twice: a finished version is left alone, and the results are replaced, not added to.
 */
export async function computeVersion(ds: DataSource, versionId: number, onProgress: (p: number) => Promise<unknown> | void = () => undefined): Promise<{ works: number } | null> {
  // The screen polls the version row; BullMQ's own progress is for operators.
  const progress = async (p: number) => {
    await ds.query(`UPDATE score_versions SET progress = $2 WHERE id = $1 AND status = 'running'`, [versionId, p]);
    await onProgress(p);
  };
  const [v] = await returnedRows<{ roundId: number; params: ScoreParams }>(
    ds,
    `UPDATE score_versions SET status = 'running' WHERE id = $1 AND status IN ('queued', 'running') RETURNING round_id AS "roundId", params`,
    [versionId],
  );
  if (!v) return null;
  const params: ScoreParams = v.params;
  const scores = await submittedScores(ds, v.roundId);
  await progress(30);
  const result = aggregate(scores, params);
  await progress(60);
  const sigma = result.round.spread;
  // An expert is out of line when their mean differs from what the other experts gave the same works by more
  // than the round's spread (and they scored at least two works: one score says little).
  const others = new Map<number, number[]>();
  for (const s of scores) others.set(s.workId, [...(others.get(s.workId) ?? []), s.score]);
  const offset = new Map<number, number[]>();
  for (const s of scores) {
    const rest = others.get(s.workId)!.length - 1;
    if (!rest) continue;
    const restMean = (others.get(s.workId)!.reduce((a, b) => a + b, 0) - s.score) / rest;
    offset.set(s.expertId, [...(offset.get(s.expertId) ?? []), s.score - restMean]);
  }
  const outlier = (expertId: number) => {
    const xs = offset.get(expertId) ?? [];
    return xs.length >= 2 && sigma > 0 && Math.abs(xs.reduce((a, b) => a + b, 0) / xs.length) > sigma;
  };
  await ds.transaction(async (m) => {
    await m.query(`DELETE FROM work_results WHERE version_id = $1`, [versionId]);
    await m.query(`DELETE FROM expert_calibrations WHERE version_id = $1`, [versionId]);
    await m.query(
      `INSERT INTO work_results (version_id, work_id, score, raw_mean, count, range, disputed, experts)
       SELECT $1, x.work_id, x.score, x.raw_mean, x.count, x.range, x.range > $2, x.experts
       FROM jsonb_to_recordset($3::jsonb) AS x(work_id int, score numeric, raw_mean numeric, count int, range numeric, experts jsonb)`,
      [
        versionId,
        params.disputeSpread,
        JSON.stringify(result.works.map((w) => ({ work_id: w.workId, score: w.score, raw_mean: w.rawMean, count: w.count, range: w.range, experts: w.used }))),
      ],
    );
    await m.query(
      `INSERT INTO expert_calibrations (version_id, expert_id, count, mean, spread, shrunk_mean, shrunk_spread, outlier)
       SELECT $1, x.expert_id, x.count, x.mean, x.spread, x.shrunk_mean, x.shrunk_spread, x.outlier
       FROM jsonb_to_recordset($2::jsonb) AS x(expert_id int, count int, mean float8, spread float8, shrunk_mean float8, shrunk_spread float8, outlier boolean)`,
      [
        versionId,
        JSON.stringify(
          result.experts.map((e) => ({
            expert_id: e.expertId, count: e.count, mean: round2(e.mean), spread: round2(e.spread), shrunk_mean: round2(e.shrunkMean),
            shrunk_spread: round2(e.shrunkSpread), outlier: outlier(e.expertId),
          })),
        ),
      ],
    );
    // An appeal sent to re-review is resolved by the first version computed after every sheet of its work came back.
    await m.query(
      `UPDATE appeals ap SET status = 'resolved', new_score = r.score, outcome_version_id = $1
       FROM work_results r WHERE r.version_id = $1 AND r.work_id = ap.work_id AND ap.round_id = $2 AND ap.status = 'reviewing'
         AND NOT EXISTS (SELECT 1 FROM assignments a LEFT JOIN score_sheets s ON s.assignment_id = a.id
                         WHERE a.round_id = ap.round_id AND a.work_id = ap.work_id AND NOT a.declined AND s.status IS DISTINCT FROM 'submitted')`,
      [versionId, v.roundId],
    );
    await m.query(
      `UPDATE score_versions SET status = 'done', progress = 100, work_count = $2, checksum = $3, finished_at = now() WHERE id = $1`,
      [versionId, result.works.length, (await inputChecksum(m, v.roundId, params)).checksum],
    );
  });
  return { works: result.works.length };
}
