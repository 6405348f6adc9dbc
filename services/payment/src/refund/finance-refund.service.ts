import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { actorOf, AppError, inScope, likePattern, pageOf, returnedRows, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import type { OrderDetail, Page, PageQuery, RefundDecision, RefundRequest, RefundView, RpcRequest } from '@cmp/contracts';
import { FinanceService } from '../order/finance.service';
import { refundApprovalFen } from '../settings/settings.service';
import { RefundSender } from './refund.service';
import { createRefund, markRefunding, REFUND_COLUMNS } from './refund.sql';

/**
 * Finance staff: refunds of their organisations' orders, and a refund made by hand. One above the organisation's
 * approval amount waits for a second finance person (four eyes, as offline payments do): a different person
 * approves it, and only then is it sent to Alipay; the one who asked can neither approve nor reject it.
 */
@Injectable()
export class FinanceRefundService {
  private readonly log = new Logger('FinanceRefundService');

  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly finance: FinanceService,
    private readonly refunds: RefundSender,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async create(req: RpcRequest<RefundRequest>): Promise<OrderDetail> {
    const o = await this.finance.scoped(req, req.payload.orderId);
    if (!req.payload.reason?.trim()) throw AppError.badRequest('payment.reasonRequired');
    const me = await actorOf(this.rpc, req);
    const created = await this.ds.transaction(async (m) =>
      createRefund(m, {
        orderId: o.id,
        amountFen: req.payload.amountFen,
        reason: req.payload.reason.trim(),
        requestedBy: me,
        needsApproval: req.payload.amountFen > (await refundApprovalFen(m, o.groupId)),
      }),
    );
    // Sent now (unless it waits for approval); an answer lost on the way leaves it pending for the worker, which sends it again under the same number.
    await this.refunds.send(created.id);
    return this.finance.detail({ ...req, payload: { id: o.id } });
  }

  /**
   * Approves (then sends) or rejects, with a note, a refund waiting for approval. The status moves by a conditional
   * update, so of two decisions at once one wins and the other is told it was decided; the refund is sent once.
   */
  async decide(req: RpcRequest<RefundDecision>): Promise<OrderDetail> {
    const [refund] = await this.ds.query(
      `SELECT f.id, f.order_id::int AS "orderId", f.requested_by_id AS "requestedById", f.status, o.group_id AS "groupId"
       FROM refunds f JOIN orders o ON o.id = f.order_id WHERE f.id = $1`,
      [req.payload.id],
    );
    if (!refund || !inScope(await this.scopes.of(req), refund.groupId)) throw AppError.notFound('payment.refundNotFound', { id: req.payload.id });
    const me = await actorOf(this.rpc, req);
    if (refund.requestedById === me.userId) throw AppError.badRequest('payment.refundSameAccount');
    if (refund.status !== 'awaitingApproval') throw AppError.badRequest('payment.refundNotAwaiting');
    const note = req.payload.note?.trim().slice(0, 200) || null;
    if (!req.payload.approve && !note) throw AppError.badRequest('payment.reasonRequired');
    const decided = await this.ds.transaction(async (m) => {
      const rows = await returnedRows(
        m,
        `UPDATE refunds SET status = $2::varchar, decided_by = $3, decided_by_name = $4, decision_note = $5, decided_at = now(),
           finished_at = CASE WHEN $2::varchar = 'rejected' THEN now() END
         WHERE id = $1 AND status = 'awaitingApproval' RETURNING id`,
        [refund.id, req.payload.approve ? 'pending' : 'rejected', me.username.slice(0, 64), me.realName.slice(0, 50), note],
      );
      if (rows.length && req.payload.approve) await markRefunding(m, refund.orderId);
      return rows.length > 0;
    });
    if (!decided) throw AppError.badRequest('payment.refundNotAwaiting');
    if (req.payload.approve) {
      this.log.log(`refund ${refund.id} approved by ${me.username}`);
      await this.refunds.send(refund.id);
    }
    return this.finance.detail({ ...req, payload: { id: refund.orderId } });
  }

  async page(req: RpcRequest<PageQuery & { keyword?: string; status?: string }>): Promise<Page<RefundView>> {
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const params = [await this.scopes.of(req), likePattern(req.payload.keyword), req.payload.status ?? null];
    const sql = `($1::int[] IS NULL OR o.group_id = ANY($1)) AND ($2::text IS NULL OR f.refund_no ILIKE $2 OR o.order_no ILIKE $2 OR o.payer_name ILIKE $2)
      AND ($3::text IS NULL OR f.status = $3)`;
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(`SELECT ${REFUND_COLUMNS} FROM refunds f JOIN orders o ON o.id = f.order_id WHERE ${sql} ORDER BY f.id DESC LIMIT ${pageSize} OFFSET ${offset}`, params),
      this.ds.query(`SELECT count(*)::int AS total FROM refunds f JOIN orders o ON o.id = f.order_id WHERE ${sql}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }
}
