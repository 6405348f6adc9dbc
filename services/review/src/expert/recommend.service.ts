import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, changedRows, inScope, isUniqueViolation, pageOf, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import {
  AuthSubject,
  type Page,
  type RecommendationQuery,
  type RecommendationView,
  type RecommendPayload,
  type RpcRequest,
} from '@cmp/contracts';
import { ExpertService } from './expert.service';

const VIEW_SQL = `
  SELECT r.id, r.expert_id AS "expertId", e.name AS "expertName", e.title AS "expertTitle", e.unit AS "expertUnit",
         r.from_group_id AS "fromGroupId", r.from_group_name AS "fromGroupName", r.to_group_id AS "toGroupId", r.status, r.note,
         r.accepted_expert_id AS "acceptedExpertId", r.created_at AS "createdAt"
    FROM expert_recommendations r JOIN experts e ON e.id = r.expert_id`;

/**
 * Recommendation (专家推荐): an organiser of a subordinate organisation recommends an expert of its library to
 * its parent organisation, whose organisers accept (the same account joins the parent's library, source
 * 'recommended') or decline.
 */
@Injectable()
export class RecommendService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly experts: ExpertService,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async recommend(req: RpcRequest<RecommendPayload>): Promise<{ id: number }> {
    const caller = callerOf(req);
    const expert = await this.experts.visible(req, req.payload.expertId);
    const [from] = await this.rpc.request<{ id: number; name: string; parentId: number | null }[]>(AuthSubject.groupNames, {
      meta: req.meta,
      payload: { ids: [expert.groupId] },
    });
    if (!from?.parentId) throw AppError.badRequest('recommend.noParent');
    try {
      const [row] = await this.ds.query(
        `INSERT INTO expert_recommendations (expert_id, from_group_id, from_group_name, to_group_id, note, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [expert.id, expert.groupId, from.name, from.parentId, req.payload.note ?? '', caller.userId],
      );
      return { id: row.id };
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict('recommend.exists');
      throw e;
    }
  }

  /** 'in': to organisations the caller manages; 'out': sent from them. */
  async page(req: RpcRequest<RecommendationQuery>): Promise<Page<RecommendationView>> {
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const col = q.direction === 'in' ? 'r.to_group_id' : 'r.from_group_id';
    const cond = `($1::int[] IS NULL OR ${col} = ANY($1)) AND ($2::text IS NULL OR r.status = $2)`;
    const args: unknown[] = [await this.scopes.of(req), q.status ?? null];
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM expert_recommendations r WHERE ${cond}`, args);
    const list = await this.ds.query(`${VIEW_SQL} WHERE ${cond} ORDER BY r.id DESC LIMIT $3 OFFSET $4`, [...args, pageSize, offset]);
    return { list, total, pageNum, pageSize };
  }

  async decide(req: RpcRequest<{ id: number; accept: boolean; note?: string }>): Promise<{ expertId: number | null }> {
    const caller = callerOf(req);
    const p = req.payload;
    const [r] = await this.ds.query(`SELECT id, expert_id, to_group_id, status FROM expert_recommendations WHERE id = $1`, [p.id]);
    if (!r || !inScope(await this.scopes.of(req), r.to_group_id)) throw AppError.notFound('recommend.notFound', { id: p.id });
    return this.ds.transaction(async (m) => {
      const res = await m.query(
        `UPDATE expert_recommendations SET status = $2, decided_by = $3, decided_at = now(), decision_note = $4 WHERE id = $1 AND status = 'pending'`,
        [r.id, p.accept ? 'accepted' : 'declined', caller.userId, p.note ?? ''],
      );
      if (!changedRows(res)) throw AppError.conflict('recommend.decided');
      if (!p.accept) return { expertId: null };
      const [e] = await m.query(`SELECT * FROM experts WHERE id = $1`, [r.expert_id]);
      // Already in the parent's library (same account): the recommendation links to that profile.
      const [existing] = await m.query(`SELECT id FROM experts WHERE group_id = $1 AND user_id = $2 AND deleted_at IS NULL`, [r.to_group_id, e.user_id]);
      const expertId: number =
        existing?.id ??
        (await this.experts.insert(m, {
          userId: e.user_id,
          username: e.username,
          groupId: r.to_group_id,
          name: e.name,
          title: e.title,
          unit: e.unit,
          phone: e.phone,
          email: e.email,
          subjects: e.subjects,
          keywords: e.keywords,
          itemIds: [],
          source: 'recommended',
        }));
      await m.query(`UPDATE expert_recommendations SET accepted_expert_id = $2 WHERE id = $1`, [r.id, expertId]);
      return { expertId };
    });
  }
}
