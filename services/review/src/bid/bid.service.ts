import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, likePattern, pageOf } from '@cmp/common';
import type { Bid, BidItem, BidPageQuery, Page, RpcRequest } from '@cmp/contracts';

/**
 * Bidding (竞标): before the automatic pass, an expert of a round that allows it marks the works of their group's
 * events as eager, willing or unwilling; the assignment weighs the bids into the affinity. An expert sees titles,
 * events and keywords only, never people, so bidding leaks nothing in a blind round either.
 */
@Injectable()
export class BidService {
  constructor(private readonly ds: DataSource) {}

  /** The caller's expert profile in the round's group, or not found (another organisation's round, no group). */
  private async expertIn(req: RpcRequest, roundId: number): Promise<{ expertId: number; eventIds: number[]; bidding: boolean; status: string }> {
    const [row] = await this.ds.query(
      `SELECT e.id AS "expertId", g.event_ids AS "eventIds", r.bidding_allowed AS bidding, r.status
       FROM group_experts x JOIN experts e ON e.id = x.expert_id JOIN review_groups g ON g.id = x.group_id JOIN rounds r ON r.id = x.round_id
       WHERE x.round_id = $1 AND e.user_id = $2 AND e.deleted_at IS NULL AND r.deleted_at IS NULL`,
      [roundId, callerOf(req).userId],
    );
    if (!row) throw AppError.notFound('review.roundNotFound', { id: roundId });
    return row;
  }

  async page(req: RpcRequest<BidPageQuery>): Promise<Page<BidItem>> {
    const q = req.payload;
    const me = await this.expertIn(req, q.roundId);
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = `w.round_id = $1 AND (cardinality($2::int[]) = 0 OR w.event_id = ANY($2)) AND ($3::text IS NULL OR w.title ILIKE $3)`;
    const params = [q.roundId, me.eventIds, likePattern(q.keyword)];
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT w.work_id AS "workId", w.title, w.event_id AS "eventId", w.keywords, b.bid
         FROM round_works w LEFT JOIN bids b ON b.round_id = w.round_id AND b.work_id = w.work_id AND b.expert_id = $4
         WHERE ${where} ORDER BY w.work_id LIMIT $5 OFFSET $6`,
        [...params, me.expertId, pageSize, offset],
      ),
      this.ds.query(`SELECT count(*)::int AS total FROM round_works w WHERE ${where}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** Sets or (bid null) clears the caller's bid on one work; only while the round allows bids and is not closed. */
  async save(req: RpcRequest<{ roundId: number; workId: number; bid: Bid | null }>): Promise<null> {
    const p = req.payload;
    const me = await this.expertIn(req, p.roundId);
    if (!me.bidding) throw AppError.badRequest('review.biddingOff');
    if (me.status === 'closed') throw AppError.conflict('review.roundClosed');
    const [work] = await this.ds.query(`SELECT 1 FROM round_works WHERE round_id = $1 AND work_id = $2`, [p.roundId, p.workId]);
    if (!work) throw AppError.notFound('review.workNotInRound', { id: p.workId });
    if (p.bid === null) {
      await this.ds.query(`DELETE FROM bids WHERE round_id = $1 AND work_id = $2 AND expert_id = $3`, [p.roundId, p.workId, me.expertId]);
    } else {
      await this.ds.query(
        `INSERT INTO bids (round_id, work_id, expert_id, bid) VALUES ($1, $2, $3, $4)
         ON CONFLICT (round_id, work_id, expert_id) DO UPDATE SET bid = EXCLUDED.bid, created_at = now()`,
        [p.roundId, p.workId, me.expertId, p.bid],
      );
    }
    return null;
  }
}
