import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppError, bullOptions, callerOf, likePattern, pageOf, withRequestId } from '@cmp/common';
import {
  ErrorCode,
  ReviewQueue,
  type CompetitionScoreReply,
  type CompetitionScoreRequest,
  type ExpertCalibrationView,
  type FinalScoreJob,
  type FinalScoreReply,
  type FinalScoreRequest,
  type MissingSheet,
  type Page,
  type ResultPageQuery,
  type RpcRequest,
  type ScoreParams,
  type ScoreVersion,
  type WorkResult,
} from '@cmp/contracts';
import { REVIEW_CONFIG, type ReviewConfig } from '../config';
import { RoundService } from '../round/round.service';
import { finalScoreJobOf, inputChecksum } from './final-score.job';

const VERSION_COLUMNS = `v.id, v.round_id AS "roundId", v.number, v.params, v.checksum, v.status, v.progress, v.missing_count AS "missingCount",
  v.work_count AS "workCount", v.error, v.created_at AS "createdAt", v.finished_at AS "finishedAt", v.published_at AS "publishedAt",
  CASE WHEN v.params->>'method' = 'trimmed' THEN (SELECT count(*)::int FROM work_results r WHERE r.version_id = v.id AND r.count >= greatest((v.params->>'trimFrom')::int, 3))
  END AS "trimmedWorks"`;

const DEFAULTS: Omit<ScoreParams, 'method'> = { trimFrom: 5, prior: 3, disputeSpread: 20 };

/**
 * Final scores (issue 16): a calculation request checks the round's sheets, keeps a version with its parameters
 * and inputs' checksum, and queues the computation for the review worker; a request with the same inputs as a
 * queued, running or finished version gets that version (joined). Versions and their results are read here.
 */
@Injectable()
export class ResultsService implements OnApplicationShutdown {
  private readonly queue: Queue<FinalScoreJob>;

  constructor(
    private readonly ds: DataSource,
    private readonly rounds: RoundService,
    @Inject(REVIEW_CONFIG) config: ReviewConfig,
  ) {
    this.queue = new Queue<FinalScoreJob>(ReviewQueue.name, bullOptions(config));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }

  /** Live assignments without a submitted sheet. */
  private missing(roundId: number): Promise<MissingSheet[]> {
    return this.ds.query(
      `SELECT a.work_id AS "workId", w.title AS "workTitle", a.expert_id AS "expertId", e.name AS "expertName", COALESCE(s.status, 'notStarted') AS status
       FROM assignments a JOIN round_works w ON w.round_id = a.round_id AND w.work_id = a.work_id JOIN experts e ON e.id = a.expert_id
       LEFT JOIN score_sheets s ON s.assignment_id = a.id
       WHERE a.round_id = $1 AND NOT a.declined AND (s.status IS NULL OR s.status <> 'submitted') ORDER BY a.work_id, a.expert_id`,
      [roundId],
    );
  }

  async calculate(req: RpcRequest<FinalScoreRequest>): Promise<FinalScoreReply> {
    const p = req.payload;
    const round = await this.rounds.scoped(req, p.roundId);
    const params: ScoreParams = {
      method: p.method ?? 'mean',
      trimFrom: p.trimFrom ?? DEFAULTS.trimFrom,
      prior: p.prior ?? DEFAULTS.prior,
      disputeSpread: p.disputeSpread ?? DEFAULTS.disputeSpread,
    };
    const missing = await this.missing(round.id);
    if (missing.length && !p.allowMissing) throw new AppError(ErrorCode.CONFLICT, 'result.missingSheets', { count: missing.length }, { missing });
    const { checksum, sheets } = await inputChecksum(this.ds, round.id, params);
    if (!sheets) throw AppError.badRequest('result.noScores');
    const { version, joined } = await this.ds.transaction(async (m) => {
      await m.query(`SELECT id FROM rounds WHERE id = $1 FOR UPDATE`, [round.id]);
      // The same inputs already queued, running or computed: that version, not another copy of it.
      const [same] = await m.query(
        `SELECT ${VERSION_COLUMNS} FROM score_versions v WHERE v.round_id = $1 AND v.checksum = $2 AND v.status <> 'failed' ORDER BY v.number DESC LIMIT 1`,
        [round.id, checksum],
      );
      if (same) return { version: same as ScoreVersion, joined: true };
      const [made] = await m.query(
        `INSERT INTO score_versions (round_id, number, params, checksum, missing_count, created_by)
         SELECT $1, COALESCE(max(number), 0) + 1, $2, $3, $4, $5 FROM score_versions WHERE round_id = $1 RETURNING id`,
        [round.id, JSON.stringify(params), checksum, missing.length, callerOf(req).userId],
      );
      return { version: (await this.version(m, made.id))!, joined: false };
    });
    // The job id names the version: queueing it again (a retry of this call) adds nothing.
    if (version.status === 'queued') {
      const job = finalScoreJobOf(version);
      await this.queue.add(job.name as typeof ReviewQueue.finalScore, withRequestId(job.data), { ...job.opts, jobId: job.jobId });
    }
    return { version, joined };
  }

  private async version(m: DataSource['manager'], id: number): Promise<ScoreVersion | undefined> {
    const [v] = await m.query(`SELECT ${VERSION_COLUMNS} FROM score_versions v WHERE v.id = $1`, [id]);
    return v;
  }

  /** A version of a round in the caller's scope, or not found. */
  async scopedVersion(req: RpcRequest, id: number): Promise<ScoreVersion> {
    const v = await this.version(this.ds.manager, id);
    if (!v) throw AppError.notFound('result.versionNotFound', { id });
    await this.rounds.scoped(req, v.roundId).catch(() => {
      throw AppError.notFound('result.versionNotFound', { id });
    });
    return v;
  }

  async versions(req: RpcRequest<{ roundId: number }>): Promise<ScoreVersion[]> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    return this.ds.query(`SELECT ${VERSION_COLUMNS} FROM score_versions v WHERE v.round_id = $1 ORDER BY v.number DESC`, [round.id]);
  }

  detail(req: RpcRequest<{ id: number }>): Promise<ScoreVersion> {
    return this.scopedVersion(req, req.payload.id);
  }

  /** A version's works by score (highest first), each beside its score in the round's previous finished version. */
  async scores(req: RpcRequest<ResultPageQuery>): Promise<Page<WorkResult>> {
    const q = req.payload;
    const v = await this.scopedVersion(req, q.versionId);
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = `r.version_id = $1 AND ($2::text IS NULL OR w.title ILIKE $2) AND (NOT $3 OR r.disputed)`;
    const from = `work_results r JOIN round_works w ON w.round_id = $4 AND w.work_id = r.work_id`;
    const params = [v.id, likePattern(q.keyword), q.disputedOnly === true, v.roundId];
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT r.work_id AS "workId", w.title, w.event_id AS "eventId", r.score::float8 AS score, r.raw_mean::float8 AS "rawMean", r.count,
           r.range::float8 AS range, r.disputed,
           (SELECT p.score::float8 FROM work_results p JOIN score_versions pv ON pv.id = p.version_id
             WHERE pv.round_id = $4 AND pv.status = 'done' AND pv.number < $5 AND p.work_id = r.work_id ORDER BY pv.number DESC LIMIT 1) AS "previousScore",
           (SELECT COALESCE(json_agg(x.e || jsonb_build_object('name', e.name) ORDER BY (x.e->>'expertId')::int), '[]')
             FROM jsonb_array_elements(r.experts) x(e) JOIN experts e ON e.id = (x.e->>'expertId')::int) AS experts
         FROM ${from} WHERE ${where} ORDER BY r.score DESC, r.work_id LIMIT $6 OFFSET $7`,
        [...params, v.number, pageSize, offset],
      ),
      this.ds.query(`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** A competition's final score: each work's weighted round scores (published versions first), best first. */
  async competitionScore(req: RpcRequest<CompetitionScoreRequest>): Promise<CompetitionScoreReply> {
    const { competitionId, weights } = req.payload;
    for (const w of weights) {
      const r = await this.rounds.scoped(req, w.roundId);
      if (r.competitionId !== competitionId) throw AppError.badRequest('result.roundOtherCompetition', { id: w.roundId });
    }
    const picked = `WITH w AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x("roundId" int, weight float8)),
      v AS (SELECT w."roundId", w.weight, rd.name, COALESCE((SELECT p.version_id FROM publications p WHERE p.round_id = w."roundId"),
              (SELECT s.id FROM score_versions s WHERE s.round_id = w."roundId" AND s.status = 'done' ORDER BY s.number DESC LIMIT 1)) AS version_id
            FROM w JOIN rounds rd ON rd.id = w."roundId")`;
    const json = JSON.stringify(weights);
    const [rounds, rows] = await Promise.all([
      this.ds.query(`${picked} SELECT "roundId", name, weight, version_id AS "versionId" FROM v`, [json]),
      this.ds.query(
        `${picked}
         SELECT r.work_id AS "workId", max(rw.title) AS title, json_object_agg(v."roundId", r.score::float8) AS scores,
           CASE WHEN count(*) = (SELECT count(*) FROM v) THEN round((sum(r.score * v.weight::numeric) / sum(v.weight::numeric)), 2)::float8 END AS final
         FROM v JOIN work_results r ON r.version_id = v.version_id JOIN round_works rw ON rw.round_id = v."roundId" AND rw.work_id = r.work_id
         GROUP BY r.work_id ORDER BY final DESC NULLS LAST, r.work_id`,
        [json],
      ),
    ]);
    return { rounds, rows };
  }

  async calibration(req: RpcRequest<{ versionId: number }>): Promise<ExpertCalibrationView[]> {
    const v = await this.scopedVersion(req, req.payload.versionId);
    return this.ds.query(
      `SELECT c.expert_id AS "expertId", e.name, c.count, c.mean, c.spread, c.shrunk_mean AS "shrunkMean", c.shrunk_spread AS "shrunkSpread", c.outlier,
         c.offset_to_others AS "offsetToOthers", c.shared_works AS "sharedWorks", c.round_spread AS "roundSpread"
       FROM expert_calibrations c JOIN experts e ON e.id = c.expert_id WHERE c.version_id = $1 ORDER BY c.outlier DESC, e.name`,
      [v.id],
    );
  }
}
