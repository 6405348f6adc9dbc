import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { pageOf, RPC, type NatsRpcClient } from '@cmp/common';
import { EnrollmentSubject, type Page, type RoundProgress, type RpcRequest, type ScoreTableRow } from '@cmp/contracts';
import { RoundService } from '../round/round.service';

const COUNTS = `count(a.id)::int AS assigned, count(s.id)::int AS scored, count(s.id) FILTER (WHERE s.status = 'submitted')::int AS submitted`;
const LIVE = `assignments a JOIN group_experts x ON x.round_id = a.round_id AND x.expert_id = a.expert_id
  LEFT JOIN score_sheets s ON s.assignment_id = a.id WHERE a.round_id = $1 AND NOT a.declined`;

/** The organiser's view of a round's scoring: progress per group and expert, reminders, the raw score table. */
@Injectable()
export class ProgressService {
  constructor(
    private readonly ds: DataSource,
    private readonly rounds: RoundService,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async progress(req: RpcRequest<{ roundId: number }>): Promise<RoundProgress> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    const [[total], groups, experts] = await Promise.all([
      this.ds.query(`SELECT 0 AS key, '' AS name, ${COUNTS} FROM ${LIVE}`, [round.id]),
      this.ds.query(
        `SELECT g.id AS key, g.name, ${COUNTS} FROM review_groups g LEFT JOIN group_experts x ON x.group_id = g.id
         LEFT JOIN assignments a ON a.round_id = g.round_id AND a.expert_id = x.expert_id AND NOT a.declined LEFT JOIN score_sheets s ON s.assignment_id = a.id
         WHERE g.round_id = $1 GROUP BY g.id ORDER BY g.id`,
        [round.id],
      ),
      this.ds.query(
        `SELECT e.id AS key, e.name, x.group_id AS "reviewGroupId", ${COUNTS} FROM group_experts x JOIN experts e ON e.id = x.expert_id
         LEFT JOIN assignments a ON a.round_id = x.round_id AND a.expert_id = x.expert_id AND NOT a.declined LEFT JOIN score_sheets s ON s.assignment_id = a.id
         WHERE x.round_id = $1 GROUP BY e.id, x.group_id ORDER BY x.group_id, e.id`,
        [round.id],
      ),
    ]);
    return { roundId: round.id, total, groups, experts };
  }

  /** A site message to every expert of the round (or the ones named) with sheets still to submit. */
  async remind(req: RpcRequest<{ roundId: number; expertIds?: number[] }>): Promise<{ sent: number }> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    const lagging: { userId: number; open: number }[] = await this.ds.query(
      `SELECT e.user_id AS "userId", count(*) FILTER (WHERE s.status IS DISTINCT FROM 'submitted')::int AS open
       FROM ${LIVE.replace('JOIN group_experts x ON x.round_id = a.round_id AND x.expert_id = a.expert_id', 'JOIN experts e ON e.id = a.expert_id')}
         AND e.user_id IS NOT NULL AND (cardinality($2::int[]) = 0 OR a.expert_id = ANY($2))
       GROUP BY e.user_id HAVING count(*) FILTER (WHERE s.status IS DISTINCT FROM 'submitted') > 0`,
      [round.id, req.payload.expertIds ?? []],
    );
    // One message each, since each counts their own works; the deadline in Beijing time, as the venue reads it.
    const at = round.closesAt ? new Date(Date.parse(round.closesAt) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : null;
    for (const l of lagging) {
      await this.rpc.request(EnrollmentSubject.messageSend, {
        ...req,
        payload: { userIds: [l.userId], key: at ? 'message.reviewReminderDue' : 'message.reviewReminder', params: { round: round.name, count: l.open, ...(at ? { at } : {}) } },
      });
    }
    return { sent: lagging.length };
  }

  private async rows(roundId: number, limit: number | null, offset = 0): Promise<ScoreTableRow[]> {
    return this.ds.query(
      `SELECT w.work_id AS "workId", w.title AS "workTitle", e.id AS "expertId", e.name AS "expertName", w.review_group_id AS "reviewGroupId",
         COALESCE(s.status, 'notStarted') AS status, COALESCE(s.scores, '[]') AS scores, s.total::float8 AS total, COALESCE(s.comment, '') AS comment,
         s.submitted_at AS "submittedAt"
       FROM assignments a JOIN experts e ON e.id = a.expert_id JOIN round_works w ON w.round_id = a.round_id AND w.work_id = a.work_id
       LEFT JOIN score_sheets s ON s.assignment_id = a.id WHERE a.round_id = $1 AND NOT a.declined
       ORDER BY w.work_id, e.id LIMIT $2 OFFSET $3`,
      [roundId, limit, offset],
    );
  }

  async scoreTable(req: RpcRequest<{ roundId: number; pageNum?: number; pageSize?: number }>): Promise<Page<ScoreTableRow>> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const [list, [{ total }]] = await Promise.all([
      this.rows(round.id, pageSize, offset),
      this.ds.query(`SELECT count(*)::int AS total FROM assignments WHERE round_id = $1 AND NOT declined`, [round.id]),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** Every row of the table with the round's columns, for the gateway's .xlsx export. */
  async exportRows(req: RpcRequest<{ roundId: number }>): Promise<{ roundName: string; columns: string[]; rows: ScoreTableRow[] }> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    return { roundName: round.name, columns: round.scoreColumns.map((c) => c.name), rows: await this.rows(round.id, null) };
  }
}
