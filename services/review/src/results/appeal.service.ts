import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, pageOf, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import { EnrollmentSubject, type Appeal, type SignupDetail, type AppealCreate, type AppealHandle, type AppealQuery, type Page, type RpcRequest } from '@cmp/contracts';
import { RoundService } from '../round/round.service';

const APPEAL_COLUMNS = `ap.id, ap.round_id AS "roundId", rd.name AS "roundName", ap.work_id AS "workId", w.title, ap.reason, ap.status, ap.reply,
  ap.appellant_name AS "appellantName", ap.old_score::float8 AS "oldScore", ap.new_score::float8 AS "newScore", ap.created_at AS "createdAt", ap.handled_at AS "handledAt"`;
const APPEAL_FROM = `appeals ap JOIN rounds rd ON rd.id = ap.round_id JOIN round_works w ON w.round_id = ap.round_id AND w.work_id = ap.work_id`;

/**
 * 复议: within the window after publication a member of a work appeals once per round with a reason; the organiser
 * rejects it with a reply, or sends the work to re-review (its submitted sheets go back to the experts). The first
 * version computed after every sheet came back resolves it (final-score.job), recording the new score beside the old.
 */
@Injectable()
export class AppealService {
  private readonly logger = new Logger(AppealService.name);

  constructor(
    private readonly ds: DataSource,
    private readonly rounds: RoundService,
    private readonly scopes: Scopes,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async create(req: RpcRequest<AppealCreate>): Promise<Appeal> {
    const me = callerOf(req);
    const { roundId, workId } = req.payload;
    const [w] = await this.ds.query(
      `SELECT p.appeal_until > now() AS open, $3 = ANY(w.member_user_ids) AS mine, r.score::float8 AS score, w.signup_id AS "signupId"
       FROM publications p JOIN round_works w ON w.round_id = p.round_id AND w.work_id = $2
       LEFT JOIN work_results r ON r.version_id = p.version_id AND r.work_id = w.work_id WHERE p.round_id = $1`,
      [roundId, workId, me.userId],
    );
    if (!w?.mine) throw AppError.notFound('appeal.notYours');
    if (!w.open) throw AppError.conflict('appeal.closed');
    const [made] = await this.ds.query(
      `INSERT INTO appeals (round_id, work_id, user_id, appellant_name, reason, old_score) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (round_id, work_id) DO NOTHING RETURNING id`,
      [roundId, workId, me.userId, (await this.appellantName(req, w.signupId)).slice(0, 64), req.payload.reason.trim(), w.score],
    );
    if (!made) throw AppError.conflict('appeal.exists');
    return this.one(made.id);
  }

  /** The appellant as the organiser knows them: their real name on the sign-up, else the account's name. */
  private async appellantName(req: RpcRequest, signupId: number | null): Promise<string> {
    const me = callerOf(req);
    if (signupId) {
      const signup = await this.rpc
        .request<SignupDetail>(EnrollmentSubject.teamMembers, { ...req, payload: { id: signupId } })
        .catch((e: Error) => this.logger.warn(`appellant's name of sign-up ${signupId}: ${e.message}`));
      const realName = String(signup?.members?.find((m) => m.userId === me.userId)?.profile.realName ?? '').trim();
      if (realName) return realName;
    }
    return me.username;
  }

  /** The appeals on the caller's works. */
  mine(req: RpcRequest): Promise<Appeal[]> {
    return this.ds.query(`SELECT ${APPEAL_COLUMNS} FROM ${APPEAL_FROM} WHERE $1 = ANY(w.member_user_ids) ORDER BY ap.created_at DESC`, [callerOf(req).userId]);
  }

  async list(req: RpcRequest<AppealQuery>): Promise<Page<Appeal>> {
    const q = req.payload;
    const scope = await this.scopes.of(req);
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = `rd.deleted_at IS NULL AND ($1::int[] IS NULL OR rd.group_id = ANY($1)) AND ($2::int IS NULL OR ap.round_id = $2) AND ($3::text IS NULL OR ap.status = $3)`;
    const params = [scope, q.roundId ?? null, q.status ?? null];
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(`SELECT ${APPEAL_COLUMNS} FROM ${APPEAL_FROM} WHERE ${where} ORDER BY ap.status = 'pending' DESC, ap.created_at DESC LIMIT $4 OFFSET $5`, [
        ...params, pageSize, offset,
      ]),
      this.ds.query(`SELECT count(*)::int AS total FROM ${APPEAL_FROM} WHERE ${where}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  async handle(req: RpcRequest<AppealHandle>): Promise<Appeal> {
    const { id, action } = req.payload;
    const reply = req.payload.reply.trim();
    const me = callerOf(req);
    const notice = await this.ds.transaction(async (m) => {
      const [ap] = await m.query(`SELECT round_id AS "roundId", work_id AS "workId", user_id AS "userId", status FROM appeals WHERE id = $1 FOR UPDATE`, [id]);
      if (!ap) throw AppError.notFound('appeal.notFound', { id });
      const round = await this.rounds.scoped(req, ap.roundId, m).catch(() => {
        throw AppError.notFound('appeal.notFound', { id });
      });
      if (ap.status !== 'pending') throw AppError.conflict('appeal.handled');
      const experts: number[] = [];
      if (action === 'rereview') {
        const closed = round.status !== 'open' || (round.closesAt && Date.parse(round.closesAt) <= Date.now());
        if (closed) throw AppError.conflict('appeal.roundClosed');
        // The work's submitted sheets go back to their experts with the reply as the reason (audited like any return).
        const returned: { id: number; userId: number | null; before: unknown }[] = await m.query(
          `WITH back AS (
             UPDATE score_sheets s SET status = 'returned', return_reason = $3, version = s.version + 1, updated_at = now()
             FROM assignments a WHERE a.id = s.assignment_id AND a.round_id = $1 AND a.work_id = $2 AND NOT a.declined AND s.status = 'submitted'
             RETURNING s.id, a.expert_id, s.scores, s.comment)
           SELECT b.id, e.user_id AS "userId", json_build_object('scores', b.scores, 'comment', b.comment, 'status', 'submitted') AS before
           FROM back b JOIN experts e ON e.id = b.expert_id`,
          [ap.roundId, ap.workId, reply],
        );
        for (const r of returned) {
          await m.query(`INSERT INTO sheet_history (sheet_id, actor_id, action, reason, before, after) VALUES ($1, $2, 'return', $3, $4, $4::jsonb || '{"status":"returned"}')`, [
            r.id, me.userId, reply, JSON.stringify(r.before),
          ]);
          if (r.userId) experts.push(r.userId);
        }
        await m.query(`UPDATE review_groups g SET confirmed_at = NULL, confirmed_by = NULL FROM round_works w WHERE w.round_id = $1 AND w.work_id = $2 AND g.id = w.review_group_id`, [
          ap.roundId, ap.workId,
        ]);
      }
      await m.query(`UPDATE appeals SET status = $2, reply = $3, handled_by = $4, handled_at = now() WHERE id = $1`, [
        id, action === 'reject' ? 'rejected' : 'reviewing', reply, me.username.slice(0, 64),
      ]);
      const [w] = await m.query(`SELECT title FROM round_works WHERE round_id = $1 AND work_id = $2`, [ap.roundId, ap.workId]);
      return { appellant: ap.userId as number, experts, params: { round: round.name, title: w?.title ?? '', reply, reason: reply } };
    });
    // The decision stands; the messages are a courtesy.
    const send = (userIds: number[], key: string) =>
      userIds.length
        ? this.rpc.request(EnrollmentSubject.messageSend, { ...req, payload: { userIds, key, params: notice.params } }).catch((e) => this.logger.warn(`appeal message: ${(e as Error).message}`))
        : undefined;
    await send([notice.appellant], action === 'reject' ? 'message.appealRejected' : 'message.appealReviewing');
    await send(notice.experts, 'message.sheetReturned');
    return this.one(id);
  }

  private async one(id: number): Promise<Appeal> {
    const [a] = await this.ds.query(`SELECT ${APPEAL_COLUMNS} FROM ${APPEAL_FROM} WHERE ap.id = $1`, [id]);
    return a;
  }
}
