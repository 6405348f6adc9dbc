import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, isUniqueViolation, returnedRows, RPC, type Actor, type NatsRpcClient } from '@cmp/common';
import { AuthSubject, EnrollmentSubject, owesFee, yuanOf, type OrderView, type PayReply, type PayRequest, type PayState, type RpcRequest, type SignupPayable } from '@cmp/contracts';
import { AlipayClient } from '../alipay/alipay.client';
import { PAYMENT_CONFIG, type PaymentConfig } from '../config';
import { NotifyService } from '../notify/notify.service';
import { nextNumber } from '../refund/refund.sql';
import { lockSignup, offlinePending, ORDER_COLUMNS, ORDER_ROW, SIGNUP_COPY_COLUMNS, signupCopy, subjectOf, type OrderRow } from './order.sql';

/** An open order this close to its end is not handed out again: the payer needs time at the cashier. */
const MIN_LEFT_MS = 2 * 60_000;

/** The payer's side: one open order per sign-up, the cashier link or QR code, and the outcome. */
@Injectable()
export class OrderService {
  private readonly log = new Logger('OrderService');

  constructor(
    private readonly ds: DataSource,
    private readonly alipay: AlipayClient,
    private readonly notify: NotifyService,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    @Inject(PAYMENT_CONFIG) private readonly config: PaymentConfig,
  ) {}

  async pay(req: RpcRequest<PayRequest>): Promise<PayReply> {
    const me = callerOf(req);
    const s = await this.payable(req, req.payload.signupId);
    if (!owesFee(s)) throw AppError.badRequest('payment.signupNotPayable');
    const order = await this.openOrder(s, me.userId);
    const { channel } = req.payload;
    const reply: PayReply = { orderNo: order.orderNo, amountFen: order.amountFen, channel, expiresAt: new Date(order.expiresAt).toISOString() };
    const alipayOrder = { orderNo: order.orderNo, amountFen: order.amountFen, subject: subjectOf(order), expiresAt: new Date(order.expiresAt) };
    if (channel === 'qr') reply.qrCode = await this.alipay.qrCode(alipayOrder);
    else reply.payUrl = this.alipay.payUrl(alipayOrder, channel === 'wap', await this.returnUrl(req, s.groupId));
    await this.ds.query(`UPDATE orders SET channel = $2 WHERE id = $1`, [order.id, channel]);
    return reply;
  }

  /**
   * Where the cashier sends the payer back: the configured return address on the host they paid from, when that host
   * is the public site of the competition's organisation or of one above it (where the payer is logged in);
   * otherwise, an unknown or another organisation's host, the configured address as it is (never an open redirect).
   */
  private async returnUrl(req: RpcRequest<PayRequest>, groupId: number): Promise<string> {
    const host = req.payload.host?.toLowerCase();
    if (!host) return this.config.returnUrl;
    const site = await this.rpc.request<{ groupId: number } | null>(AuthSubject.groupResolve, { ...req, payload: { host, within: groupId } });
    if (!site) return this.config.returnUrl;
    const url = new URL(this.config.returnUrl);
    url.hostname = host;
    return url.toString();
  }

  /** What holds the payer's pay button: an offline payment of the sign-up waiting for approval. */
  async state(req: RpcRequest<{ signupId: number }>): Promise<PayState> {
    const s = await this.payable(req, req.payload.signupId);
    return { offlinePending: await offlinePending(this.ds, s.signupId) };
  }

  /** The sign-up as its payer (its captain) sees what it owes. */
  private payable(req: RpcRequest, signupId: number): Promise<SignupPayable> {
    return this.rpc.request<SignupPayable>(EnrollmentSubject.signupPayable, { ...req, payload: { signupId } });
  }

  /**
   * The sign-up's open order, or a new one. An open order that is (nearly) out of time, or whose amount is no longer
   * the fee, is closed at Alipay and here first; two clicks at once make one order (the partial unique index). An
   * offline payment waiting for approval holds the sign-up: no order is made or handed out.
   */
  private async openOrder(s: SignupPayable, payerUserId: number): Promise<OrderRow> {
    if (await offlinePending(this.ds, s.signupId)) throw AppError.conflict('payment.offlineWaiting');
    const [current]: OrderRow[] = await this.ds.query(`SELECT ${ORDER_ROW} FROM orders o WHERE o.signup_id = $1 AND o.status = 'unpaid'`, [s.signupId]);
    if (current) {
      const fresh = new Date(current.expiresAt).getTime() - Date.now() > MIN_LEFT_MS && current.amountFen === s.feeFen;
      if (fresh) return current;
      if (!(await this.closeEverywhere(current, 'superseded'))) throw AppError.badRequest('payment.signupNotPayable');
    }
    try {
      return await this.ds.transaction(async (m) => {
        await lockSignup(m, s.signupId);
        if (await offlinePending(m, s.signupId)) throw AppError.conflict('payment.offlineWaiting');
        const { id, no } = await nextNumber(m, 'CP', 'orders_id_seq');
        const [row]: OrderRow[] = await m.query(
          `INSERT INTO orders (id, order_no, group_id, signup_id, competition_id, competition_name, item_id, item_name, payer_user_id, payer_name, amount_fen, expires_at,
             ${SIGNUP_COPY_COLUMNS})
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(mins => $12), $13, $14, $15, $16)
           RETURNING ${ORDER_ROW.replace(/\bo\./g, '')}`,
          [id, no, s.groupId, s.signupId, s.competitionId, s.competitionName.slice(0, 200), s.itemId, s.itemName.slice(0, 200), payerUserId, s.payerName.slice(0, 100), s.feeFen, this.config.orderTimeoutMinutes, ...signupCopy(s)],
        );
        return row;
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const [other]: OrderRow[] = await this.ds.query(`SELECT ${ORDER_ROW} FROM orders o WHERE o.signup_id = $1 AND o.status = 'unpaid'`, [s.signupId]);
      if (!other) throw e;
      return other;
    }
  }

  /**
   * Closes an unpaid order at Alipay, then here. When Alipay says it is paid after all, the payment is applied
   * (the same path as its notification) and false comes back.
   */
  async closeEverywhere(order: { id: number | string; orderNo: string }, reason: string, by?: Actor, retried = false): Promise<boolean> {
    const trade = await this.alipay.query(order.orderNo);
    if (trade && (trade.tradeStatus === 'TRADE_SUCCESS' || trade.tradeStatus === 'TRADE_FINISHED')) {
      await this.applyQueried(order.orderNo, trade);
      return false;
    }
    if (trade && trade.tradeStatus === 'WAIT_BUYER_PAY' && !(await this.alipay.close(order.orderNo))) {
      // The trade changed between the query and the close: closed by the worker (or a second click), or paid. Ask once more.
      return retried ? false : this.closeEverywhere(order, reason, by, true);
    }
    await returnedRows(
      this.ds,
      `UPDATE orders SET status = 'closed', closed_at = now(), close_reason = $2, closed_by = $3, closed_by_name = $4, updated_at = now() WHERE id = $1 AND status = 'unpaid' RETURNING id`,
      [order.id, reason, by?.username.slice(0, 64) ?? null, by?.realName.slice(0, 50) ?? null],
    );
    return true;
  }

  /** A trade query's answer through the notification's path (the SDK verified the answer's signature). */
  async applyQueried(orderNo: string, trade: NonNullable<Awaited<ReturnType<AlipayClient['query']>>>): Promise<void> {
    await this.notify.receive(
      {
        app_id: this.alipay.appId,
        seller_id: this.alipay.sellerId,
        out_trade_no: orderNo,
        trade_no: trade.tradeNo,
        trade_status: trade.tradeStatus,
        total_amount: trade.totalFen === null ? '' : yuanOf(trade.totalFen),
        buyer_logon_id: trade.buyerLogonId ?? '',
      },
      'query',
    );
  }

  /**
   * The payer's view of an order (by number, or the sign-up's latest). While it is unpaid, Alipay is asked: the
   * payer may be back from the cashier before the notification arrives.
   */
  async query(req: RpcRequest<{ orderNo?: string; signupId?: number }>): Promise<OrderView | null> {
    const me = callerOf(req);
    const find = async () => {
      const [o]: OrderView[] = await this.ds.query(
        `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.payer_user_id = $1 AND ($2::text IS NULL OR o.order_no = $2) AND ($3::int IS NULL OR o.signup_id = $3)
         ORDER BY o.id DESC LIMIT 1`,
        [me.userId, req.payload.orderNo ?? null, req.payload.signupId ?? null],
      );
      return o ?? null;
    };
    const order = await find();
    if (!order && req.payload.orderNo) throw AppError.notFound('payment.orderNotFound', { id: req.payload.orderNo });
    if (order?.status !== 'unpaid') return order;
    try {
      const trade = await this.alipay.query(order.orderNo);
      if (trade && (trade.tradeStatus === 'TRADE_SUCCESS' || trade.tradeStatus === 'TRADE_FINISHED')) await this.applyQueried(order.orderNo, trade);
    } catch (e) {
      // Alipay unreachable: the order shows as it is here ("pending"), and the notification or the worker settles it.
      this.log.warn(`trade query for ${order.orderNo} failed: ${(e as Error).message}`);
    }
    return find();
  }
}
