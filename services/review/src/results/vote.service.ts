import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, preparedQuery, Scopes } from '@cmp/common';
import type { RpcRequest, VoteBoard, VoteBoardRow, VoteCastReply, VoteOpenRequest, VoteWindow } from '@cmp/contracts';
import { RoundService } from '../round/round.service';
import { eventNameIn } from '../round/round.sql';

const WINDOW_COLUMNS = `v.id, v.round_id AS "roundId", rd.name AS "roundName", rd.competition_id AS "competitionId", v.opens_at AS "opensAt",
  v.closes_at AS "closesAt", v.daily_limit AS "dailyLimit", v.created_at AS "createdAt"`;

/** cast_vote (migration Publication) decides and records a vote in one statement; its refusals as errors. */
const REFUSALS: Record<string, (windowId: number) => AppError> = {
  notFound: (id) => AppError.notFound('vote.notFound', { id }),
  notOpen: () => AppError.conflict('vote.notOpen'),
  workNotFound: () => AppError.notFound('vote.workNotFound'),
};

/**
 * 投票: an organiser opens voting on a round's works for a time window; a logged-in account votes once per work per
 * Beijing day, for at most the window's daily limit of works. The count is exact under concurrency (the database
 * decides each vote); votes of accounts created after the window opened are kept apart (organisers see both).
 */
@Injectable()
export class VoteService {
  constructor(
    private readonly ds: DataSource,
    private readonly rounds: RoundService,
    private readonly scopes: Scopes,
  ) {}

  /** Opens (or changes) the round's voting window. */
  async open(req: RpcRequest<VoteOpenRequest>): Promise<VoteWindow> {
    const p = req.payload;
    const round = await this.rounds.scoped(req, p.roundId);
    if (!(Date.parse(p.closesAt) > Date.parse(p.opensAt))) throw AppError.badRequest('vote.badWindow');
    const [made] = await this.ds.query(
      `INSERT INTO vote_windows (round_id, opens_at, closes_at, daily_limit, created_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (round_id) DO UPDATE SET opens_at = $2, closes_at = $3, daily_limit = $4 RETURNING id`,
      [round.id, p.opensAt, p.closesAt, p.dailyLimit, callerOf(req).username.slice(0, 64)],
    );
    return (await this.windows({ id: made.id }))[0];
  }

  /** Windows by id, competition or a work they hold, newest first. */
  private windows(by: { id?: number; competitionId?: number; workId?: number; scope?: number[] | null }): Promise<VoteWindow[]> {
    return this.ds.query(
      `SELECT ${WINDOW_COLUMNS} FROM vote_windows v JOIN rounds rd ON rd.id = v.round_id
       WHERE rd.deleted_at IS NULL AND ($1::int IS NULL OR v.id = $1) AND ($2::int IS NULL OR rd.competition_id = $2) AND ($3::int[] IS NULL OR rd.group_id = ANY($3))
         AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM round_works w WHERE w.round_id = v.round_id AND w.work_id = $4))
       ORDER BY v.opens_at DESC, v.id DESC`,
      [by.id ?? null, by.competitionId ?? null, by.scope ?? null, by.workId ?? null],
    );
  }

  /** The caller's voting windows of a competition (back office). */
  async mine(req: RpcRequest<{ competitionId: number }>): Promise<VoteWindow[]> {
    return this.windows({ competitionId: req.payload.competitionId, scope: await this.scopes.of(req) });
  }

  async cast(req: RpcRequest<{ windowId: number; workId: number; address: string }>): Promise<VoteCastReply> {
    const me = callerOf(req);
    const { windowId, workId, address } = req.payload;
    const [r] = await preparedQuery<{ outcome: string; votes: number }>(this.ds, {
      name: 'review.castVote',
      text: `SELECT outcome, votes FROM cast_vote($1, $2, $3, $4, $5)`,
      values: [windowId, workId, me.userId, me.createdAt ?? null, address ?? ''],
    });
    if (r.outcome === 'dailyLimit') {
      const [w] = await this.ds.query(`SELECT daily_limit AS "limit" FROM vote_windows WHERE id = $1`, [windowId]);
      throw AppError.conflict('vote.dailyLimit', { limit: w.limit });
    }
    const refusal = REFUSALS[r.outcome];
    if (refusal) throw refusal(windowId);
    return { counted: r.outcome === 'counted', votes: r.votes };
  }

  /**
   * The public board of a competition's latest window (or the one named, or the latest holding a work): its works
   * by votes of accounts that existed when voting opened. With `report` (organisers, scoped) each row also counts the later accounts' votes.
   * A blind round's public board names no schools until its results are published.
   */
  async board(req: RpcRequest<{ competitionId?: number; windowId?: number; workId?: number }>, report = false): Promise<VoteBoard> {
    const scope = report ? await this.scopes.of(req) : null;
    const { windowId, competitionId, workId } = req.payload;
    const [window] = await this.windows({ id: windowId, competitionId, workId: competitionId || windowId ? undefined : workId, scope });
    if (!window) {
      if (report) throw AppError.notFound('vote.notFound', { id: windowId ?? '' });
      return { window: null, rows: [] };
    }
    const rows: VoteBoardRow[] = await this.ds.query(
      `SELECT w.work_id AS "workId", w.title, ${eventNameIn(req.meta?.lang)} AS "eventName", w.school_names AS "schoolNames",
         count(v.user_id) FILTER (WHERE NOT v.late)::int AS votes ${report ? `, count(v.user_id) FILTER (WHERE v.late)::int AS "lateVotes"` : ''}
       FROM round_works w LEFT JOIN votes v ON v.window_id = $1 AND v.work_id = w.work_id
       WHERE w.round_id = $2 AND ($3::int IS NULL OR w.work_id = $3)
       GROUP BY w.work_id, w.title, w.event_name, w.event_name_en, w.school_names ORDER BY votes DESC, w.work_id`,
      [window.id, window.roundId, req.payload.workId ?? null],
    );
    if (report || !(await this.hidesAuthors(window.roundId))) return { window, rows };
    // No school field at all (not an empty one): the public must not tell a blind round's works apart by who made them.
    return { window, rows: rows.map(({ schoolNames: _hidden, ...row }) => row) };
  }

  /** A blind round keeps who made its works from the public until its results are published. */
  private async hidesAuthors(roundId: number): Promise<boolean> {
    const [r] = await this.ds.query(
      `SELECT rd.blind AND NOT EXISTS (SELECT 1 FROM publications p WHERE p.round_id = rd.id) AS hides FROM rounds rd WHERE rd.id = $1`,
      [roundId],
    );
    return !!r?.hides;
  }
}
