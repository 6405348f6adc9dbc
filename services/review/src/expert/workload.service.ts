import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, likePattern, NatsRpcClient, pageOf, RPC, Scopes } from '@cmp/common';
import {
  EnrollmentSubject,
  translate,
  type ExpertMessagePayload,
  type ExpertReassignReply,
  type ExpertWorkload,
  type ExpertWorkloadQuery,
  type Page,
  type RpcRequest,
} from '@cmp/contracts';
import { DistributionService } from '../distribution/distribution.service';
import { ExpertService } from './expert.service';

/**
 * 专家管理: an organiser's view of how each expert reviews, and what they can do about one: pause them (the library's
 * status), hand their unscored works to others by the assignment's rules, or send them a site message.
 */
@Injectable()
export class ExpertWorkloadService {
  private readonly logger = new Logger(ExpertWorkloadService.name);

  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly experts: ExpertService,
    private readonly distribution: DistributionService,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async page(req: RpcRequest<ExpertWorkloadQuery>): Promise<Page<ExpertWorkload>> {
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const args: unknown[] = [];
    const arg = (v: unknown) => (args.push(v), `$${args.length}`);
    const where = ['e.deleted_at IS NULL'];
    const scope = await this.scopes.of(req);
    if (scope) where.push(`e.group_id = ANY(${arg(scope)})`);
    const kw = likePattern(q.keyword);
    if (kw) {
      const k = arg(kw);
      where.push(`(e.name ILIKE ${k} OR e.unit ILIKE ${k} OR e.phone ILIKE ${k})`);
    }
    if (q.status) where.push(`e.status = ${arg(q.status)}`);
    // Figures from one competition's rounds when filtered (and then only the experts who reviewed in it).
    const competition = arg(q.competitionId ?? null);
    const inRounds = `(${competition}::int IS NULL OR r.competition_id = ${competition})`;
    if (q.competitionId) where.push(`st.assigned + st.declined > 0`);
    if (q.outlier) where.push(`cal.outlier`);
    const from = `FROM experts e
      CROSS JOIN LATERAL (
        SELECT count(DISTINCT a.round_id) FILTER (WHERE NOT a.declined)::int AS rounds,
               count(*) FILTER (WHERE NOT a.declined)::int AS assigned,
               count(*) FILTER (WHERE s.status = 'submitted')::int AS scored,
               count(*) FILTER (WHERE NOT a.declined AND s.status IS DISTINCT FROM 'submitted')::int AS pending,
               count(*) FILTER (WHERE a.declined)::int AS declined,
               round(avg(extract(epoch FROM s.submitted_at - a.created_at) / 3600) FILTER (WHERE s.status = 'submitted')::numeric, 1)::float AS "avgHours",
               COALESCE(sum((SELECT count(*) FROM sheet_history h WHERE h.sheet_id = s.id AND h.action = 'return')), 0)::int AS returned
          FROM assignments a JOIN rounds r ON r.id = a.round_id AND r.deleted_at IS NULL
          LEFT JOIN score_sheets s ON s.assignment_id = a.id
         WHERE a.expert_id = e.id AND ${inRounds}) st
      LEFT JOIN LATERAL (
        SELECT r.name AS "roundName", c.offset_to_others AS offset, c.shared_works AS "sharedWorks", c.outlier
          FROM expert_calibrations c JOIN score_versions v ON v.id = c.version_id AND v.status = 'done'
          JOIN rounds r ON r.id = v.round_id AND r.deleted_at IS NULL
         WHERE c.expert_id = e.id AND ${inRounds}
         ORDER BY v.finished_at DESC NULLS LAST, v.id DESC LIMIT 1) cal ON true`;
    const cond = where.join(' AND ');
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total ${from} WHERE ${cond}`, args);
    const list: ExpertWorkload[] = await this.ds.query(
      `SELECT e.id, e.name, e.unit, e.title, e.status, e.user_id IS NOT NULL AS "hasAccount", st.*,
              (SELECT count(*)::int FROM expert_conflicts c WHERE c.expert_id = e.id) AS conflicts,
              CASE WHEN cal."roundName" IS NULL THEN NULL ELSE json_build_object('roundName', cal."roundName", 'offset', cal.offset, 'sharedWorks', cal."sharedWorks", 'outlier', cal.outlier) END AS calibration
         ${from} WHERE ${cond}
        ORDER BY st.pending DESC, e.id DESC LIMIT ${arg(pageSize)} OFFSET ${arg(offset)}`,
      args,
    );
    return { list, total, pageNum, pageSize };
  }

  /**
   * Hands each of the expert's unscored works in rounds still open to the best other expert of its group, as a
   * declined work is (the pair stays forbidden, so a later run does not give it back). One work at a time, each in
   * its own transaction: a work nobody can take says why and the others still move.
   */
  async reassign(req: RpcRequest<{ id: number }>): Promise<ExpertReassignReply> {
    const expert = await this.experts.visible(req, req.payload.id);
    const lang = req.meta?.lang ?? 'zh-CN';
    const open: { id: number; roundName: string; workTitle: string }[] = await this.ds.query(
      `SELECT a.id, r.name AS "roundName", w.title AS "workTitle"
         FROM assignments a JOIN rounds r ON r.id = a.round_id AND r.deleted_at IS NULL AND r.status <> 'closed'
         JOIN round_works w ON w.round_id = a.round_id AND w.work_id = a.work_id
        WHERE a.expert_id = $1 AND NOT a.declined AND NOT EXISTS (SELECT 1 FROM score_sheets s WHERE s.assignment_id = a.id AND s.status = 'submitted')
        ORDER BY a.round_id, a.id`,
      [expert.id],
    );
    const reply: ExpertReassignReply = { moved: [], stuck: [] };
    const reason = translate('expert.reassignReason', lang);
    for (const a of open) {
      try {
        const done = await this.distribution.decline({ ...req, payload: { id: a.id, reason } });
        if (done.replacement) reply.moved.push({ roundName: a.roundName, workTitle: a.workTitle, to: done.replacement.name });
        else reply.stuck.push({ roundName: a.roundName, workTitle: a.workTitle, why: done.why ?? '' });
      } catch (e) {
        reply.stuck.push({ roundName: a.roundName, workTitle: a.workTitle, why: e instanceof AppError ? translate(e.key, lang, e.params) : String(e) });
      }
    }
    return reply;
  }

  /** A site message from the organiser to the chosen experts who have accounts. */
  async message(req: RpcRequest<ExpertMessagePayload>): Promise<{ sent: number; withoutAccount: number }> {
    const { ids, text } = req.payload;
    const scope = await this.scopes.of(req);
    const rows: { user_id: number | null }[] = await this.ds.query(
      `SELECT user_id FROM experts WHERE id = ANY($1::int[]) AND deleted_at IS NULL AND ($2::int[] IS NULL OR group_id = ANY($2))`,
      [ids, scope],
    );
    if (!rows.length) throw AppError.notFound('expert.notFound', { id: ids.join(', ') });
    const userIds = rows.flatMap((r) => (r.user_id ? [r.user_id] : []));
    const caller = callerOf(req);
    if (userIds.length) {
      await this.rpc.request(EnrollmentSubject.messageSend, { ...req, payload: { userIds, key: 'message.fromOrganiser', params: { sender: caller.username, text: text.trim() } } });
    }
    this.logger.log(`message to ${userIds.length} experts from ${caller.username}`);
    return { sent: userIds.length, withoutAccount: rows.length - userIds.length };
  }
}
