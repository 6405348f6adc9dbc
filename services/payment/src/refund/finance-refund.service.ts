import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, likePattern, pageOf, Scopes } from '@cmp/common';
import type { OrderDetail, Page, PageQuery, RefundRequest, RefundView, RpcRequest } from '@cmp/contracts';
import { FinanceService } from '../order/finance.service';
import { RefundSender } from './refund.service';
import { createRefund, REFUND_COLUMNS } from './refund.sql';

/** Finance staff: refunds of their organisations' orders, and a refund made by hand. */
@Injectable()
export class FinanceRefundService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly finance: FinanceService,
    private readonly refunds: RefundSender,
  ) {}

  async create(req: RpcRequest<RefundRequest>): Promise<OrderDetail> {
    const o = await this.finance.scoped(req, req.payload.orderId);
    if (!req.payload.reason?.trim()) throw AppError.badRequest('payment.reasonRequired');
    const created = await this.ds.transaction((m) =>
      createRefund(m, { orderId: o.id, amountFen: req.payload.amountFen, reason: req.payload.reason.trim(), requestedBy: callerOf(req).username }),
    );
    // Sent now; an answer lost on the way leaves it pending for the worker, which sends it again under the same number.
    await this.refunds.send(created.id);
    return this.finance.detail({ ...req, payload: { id: o.id } });
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
