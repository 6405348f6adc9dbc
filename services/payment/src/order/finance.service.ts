import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { actorOf, AppError, beijingDay, inScope, likePattern, pageOf, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import { localName, translate, type CallbackView, type Lang, type MoneyTotals, type OrderDetail, type OrderExport, type OrderPage, type OrderPageQuery, type OrderView, type RefundView, type RpcRequest } from '@cmp/contracts';
import { REFUND_COLUMNS } from '../refund/refund.sql';
import { refundApprovalFen } from '../settings/settings.service';
import { ORDER_COLUMNS, ORDER_ROW, REFUNDED_AT, type OrderRow } from './order.sql';
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
        AND ($4::text IS NULL OR o.status = $4) AND ($5::text IS NULL OR o.order_no ILIKE $5 OR o.trade_no ILIKE $5 OR o.payer_name ILIKE $5 OR o.payer_account ILIKE $5)
        AND ($6::timestamptz IS NULL OR o.created_at >= $6) AND ($7::timestamptz IS NULL OR o.created_at < $7)`,
      params: [scope, q.competitionId ?? null, q.itemId ?? null, q.status ?? null, likePattern(q.keyword), q.from ?? null, q.to ?? null],
    };
  }

  async page(req: RpcRequest<OrderPageQuery>): Promise<OrderPage> {
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const { sql, params } = await this.where(req);
    const [list, [sums]] = await Promise.all([
      this.ds.query(`SELECT ${ORDER_COLUMNS}, ${REFUNDED_AT} FROM orders o WHERE ${sql} ORDER BY o.id DESC LIMIT ${pageSize} OFFSET ${offset}`, params),
      this.ds.query(
        `SELECT count(*)::int AS total, COALESCE(sum(o.amount_fen), 0)::bigint AS "amountFen",
           ${moneySums('online', `o.channel IS DISTINCT FROM 'offline'`)}, ${moneySums('offline', `o.channel = 'offline'`)}
         FROM orders o WHERE ${sql}`,
        params,
      ),
    ]);
    const online = totalsOf(sums.onlinePaid, sums.onlineRefunded);
    const offline = totalsOf(sums.offlinePaid, sums.offlineRefunded);
    return {
      list,
      total: sums.total,
      pageNum,
      pageSize,
      totals: { amountFen: Number(sums.amountFen), ...totalsOf(online.paidFen + offline.paidFen, online.refundedFen + offline.refundedFen), online, offline },
    };
  }

  /** An order of the caller's organisations; another organisation's is "not found", as if it did not exist. */
  async scoped(req: RpcRequest, id: number): Promise<OrderRow> {
    const [o]: OrderRow[] = await this.ds.query(`SELECT ${ORDER_ROW}, ${REFUNDED_AT} FROM orders o WHERE o.id = $1`, [id]);
    if (!o || !inScope(await this.scopes.of(req), o.groupId)) throw AppError.notFound('payment.orderNotFound', { id });
    return o;
  }

  async detail(req: RpcRequest<{ id: number }>): Promise<OrderDetail> {
    const { groupId, ...order } = await this.scoped(req, req.payload.id);
    const [callbacks, refunds, [closed], approvalFen]: [CallbackView[], RefundView[], { name: string | null }[], number] = await Promise.all([
      this.ds.query(
        `SELECT id::int AS id, order_no AS "orderNo", trade_no AS "tradeNo", trade_status AS "tradeStatus", source, verdict, raw, received_at AS "receivedAt",
           received_count AS count, last_received_at AS "lastReceivedAt", address, size_bytes AS "sizeBytes"
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

  /**
   * The filtered orders as the list shows them (newest first), money in fen and times as instants for the gateway's
   * typed cells, names in the caller's language; named after the competition and the date range. More than the
   * export takes is refused, so that the file is never silently cut short.
   */
  async exportRows(req: RpcRequest<OrderPageQuery>): Promise<OrderExport> {
    const { sql, params } = await this.where(req);
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM orders o WHERE ${sql}`, params);
    if (total > EXPORT_LIMIT) throw AppError.badRequest('payment.exportTooMany', { count: total, max: EXPORT_LIMIT });
    const orders: OrderView[] = await this.ds.query(`SELECT ${ORDER_COLUMNS}, ${REFUNDED_AT} FROM orders o WHERE ${sql} ORDER BY o.id DESC`, params);
    const lang = req.meta.lang;
    const rows = orders.map((o) => {
      const paid = o.paidAt ? o.amountFen : 0;
      return {
        orderNo: o.orderNo,
        tradeNo: o.tradeNo,
        competitionName: localName(o.competitionName, o.competitionNameEn, lang),
        itemName: localName(o.itemName, o.itemNameEn, lang),
        payerName: o.payerName,
        payerAccount: o.payerAccount,
        payerSchool: o.payerSchool,
        channel: translate(o.channel === 'offline' ? 'payment.channel.offline' : 'payment.channel.online', lang),
        status: translate(`payment.status.${o.status}`, lang),
        amount: o.amountFen,
        paid,
        refunded: o.refundedFen,
        net: paid - o.refundedFen,
        createdAt: o.createdAt,
        paidAt: o.paidAt,
        refundedAt: o.refundedAt ?? null,
      };
    });
    return { fileName: this.exportName(req.payload, orders, lang), rows };
  }

  /** 订单-<competition>-<from>至<to>.xlsx: the filter's Beijing days, or the orders' first and last when it has none. */
  private exportName(q: OrderPageQuery, orders: OrderView[], lang: Lang): string {
    const named = q.competitionId ? orders.find((o) => o.competitionId === q.competitionId) : undefined;
    const competition = named ? localName(named.competitionName, named.competitionNameEn, lang) : translate('payment.exportAllCompetitions', lang);
    const days = orders.map((o) => beijingDay(o.createdAt)).sort();
    const from = q.from ? beijingDay(q.from) : (days[0] ?? beijingDay(new Date()));
    const to = q.to ? beijingDay(q.to) : (days[days.length - 1] ?? from);
    // Characters a file system refuses are left out of names people typed.
    return `${translate('payment.exportName', lang, { competition, from, to }).replace(/[\\/:*?"<>|]/g, '')}.xlsx`;
  }
}

/** The paid and refunded sums of the orders matching `filter`, as `<prefix>Paid` and `<prefix>Refunded`. */
const moneySums = (prefix: string, filter: string) =>
  `COALESCE(sum(o.amount_fen) FILTER (WHERE o.paid_at IS NOT NULL AND ${filter}), 0)::bigint AS "${prefix}Paid",
   COALESCE(sum(o.refunded_fen) FILTER (WHERE ${filter}), 0)::bigint AS "${prefix}Refunded"`;

const totalsOf = (paid: number | string, refunded: number | string): MoneyTotals => ({
  paidFen: Number(paid),
  refundedFen: Number(refunded),
  netFen: Number(paid) - Number(refunded),
});
