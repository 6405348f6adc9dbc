import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { actorOf, AppError, inScope, likePattern, pageOf, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import { translate, yuanOf, type CallbackView, type OrderDetail, type OrderPage, type OrderPageQuery, type RefundView, type RpcRequest } from '@cmp/contracts';
import { REFUND_COLUMNS } from '../refund/refund.sql';
import { refundApprovalFen } from '../settings/settings.service';
import { ORDER_COLUMNS, ORDER_ROW, type OrderRow } from './order.sql';
import { OrderService } from './order.service';

const EXPORT_LIMIT = 10000;

/** Finance staff: every order of their organisations with its callbacks and refunds, closing and exporting them. */
@Injectable()
export class FinanceService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    private readonly orders: OrderService,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  private async where(req: RpcRequest<OrderPageQuery>): Promise<{ sql: string; params: unknown[] }> {
    const q = req.payload;
    const scope = await this.scopes.of(req);
    return {
      sql: `($1::int[] IS NULL OR o.group_id = ANY($1)) AND ($2::int IS NULL OR o.competition_id = $2) AND ($3::int IS NULL OR o.item_id = $3)
        AND ($4::text IS NULL OR o.status = $4) AND ($5::text IS NULL OR o.order_no ILIKE $5 OR o.trade_no ILIKE $5 OR o.payer_name ILIKE $5)
        AND ($6::timestamptz IS NULL OR o.created_at >= $6) AND ($7::timestamptz IS NULL OR o.created_at < $7)`,
      params: [scope, q.competitionId ?? null, q.itemId ?? null, q.status ?? null, likePattern(q.keyword), q.from ?? null, q.to ?? null],
    };
  }

  async page(req: RpcRequest<OrderPageQuery>): Promise<OrderPage> {
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const { sql, params } = await this.where(req);
    const [list, [totals]] = await Promise.all([
      this.ds.query(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${sql} ORDER BY o.id DESC LIMIT ${pageSize} OFFSET ${offset}`, params),
      this.ds.query(
        `SELECT count(*)::int AS total, COALESCE(sum(o.amount_fen), 0)::bigint AS "amountFen",
           COALESCE(sum(o.amount_fen) FILTER (WHERE o.paid_at IS NOT NULL), 0)::bigint AS "paidFen", COALESCE(sum(o.refunded_fen), 0)::bigint AS "refundedFen"
         FROM orders o WHERE ${sql}`,
        params,
      ),
    ]);
    return { list, total: totals.total, pageNum, pageSize, totals: { amountFen: Number(totals.amountFen), paidFen: Number(totals.paidFen), refundedFen: Number(totals.refundedFen) } };
  }

  /** An order of the caller's organisations; another organisation's is "not found", as if it did not exist. */
  async scoped(req: RpcRequest, id: number): Promise<OrderRow> {
    const [o]: OrderRow[] = await this.ds.query(`SELECT ${ORDER_ROW} FROM orders o WHERE o.id = $1`, [id]);
    if (!o || !inScope(await this.scopes.of(req), o.groupId)) throw AppError.notFound('payment.orderNotFound', { id });
    return o;
  }

  async detail(req: RpcRequest<{ id: number }>): Promise<OrderDetail> {
    const { groupId, ...order } = await this.scoped(req, req.payload.id);
    const [callbacks, refunds, [closed], approvalFen]: [CallbackView[], RefundView[], { name: string | null }[], number] = await Promise.all([
      this.ds.query(
        `SELECT id::int AS id, order_no AS "orderNo", trade_no AS "tradeNo", trade_status AS "tradeStatus", source, verdict, raw, received_at AS "receivedAt"
         FROM callbacks WHERE order_id = $1 ORDER BY id`,
        [order.id],
      ),
      this.ds.query(`SELECT ${REFUND_COLUMNS} FROM refunds f JOIN orders o ON o.id = f.order_id WHERE f.order_id = $1 ORDER BY f.id`, [order.id]),
      this.ds.query(`SELECT COALESCE(closed_by_name, closed_by) AS name FROM orders WHERE id = $1`, [order.id]),
      refundApprovalFen(this.ds, groupId),
    ]);
    return { ...order, callbacks, refunds, closedByName: closed?.name ?? null, refundApprovalFen: approvalFen };
  }

  async close(req: RpcRequest<{ id: number }>): Promise<OrderDetail> {
    const o = await this.scoped(req, req.payload.id);
    if (o.status !== 'unpaid') throw AppError.badRequest('payment.notClosable');
    await this.orders.closeEverywhere(o, 'byFinance', await actorOf(this.rpc, req));
    return this.detail(req);
  }

  /** The filtered orders as spreadsheet rows (amounts in yuan), in the caller's language. */
  async exportRows(req: RpcRequest<OrderPageQuery>): Promise<Record<string, string>[]> {
    const { sql, params } = await this.where(req);
    const rows: OrderRow[] = await this.ds.query(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${sql} ORDER BY o.id LIMIT ${EXPORT_LIMIT}`, params);
    const lang = req.meta.lang;
    const time = (t: string | null) => (t ? new Date(t).toISOString().slice(0, 19).replace('T', ' ') : '');
    return rows.map((o) => ({
      orderNo: o.orderNo,
      tradeNo: o.tradeNo ?? '',
      competitionName: o.competitionName,
      itemName: o.itemName,
      payerName: o.payerName,
      amount: yuanOf(o.amountFen),
      refunded: yuanOf(o.refundedFen),
      status: translate(`payment.status.${o.status}`, lang),
      createdAt: time(o.createdAt),
      paidAt: time(o.paidAt),
    }));
  }
}
