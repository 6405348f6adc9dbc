import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OutboxRelay, returnedRows, writeEvent } from '@cmp/common';
import { EventSubject, fenOf, type CallbackVerdict, type PaymentOrderPaidEvent } from '@cmp/contracts';
import { AlipayClient } from '../alipay/alipay.client';
import { fromBeijingTime } from '../alipay/time';
import { createRefund } from '../refund/refund.sql';

/** Verdicts after which Alipay must try again (answer "failure"): the notification was not accepted. */
const REFUSED: ReadonlySet<CallbackVerdict> = new Set(['badSignature', 'wrongApp', 'wrongSeller', 'unknownOrder', 'amountMismatch']);
export const accepted = (v: CallbackVerdict) => !REFUSED.has(v);

interface LockedOrder {
  id: string;
  orderNo: string;
  signupId: number;
  amountFen: number;
  status: string;
  tradeNo: string | null;
}

/**
 * Applies what Alipay says about a trade, from its notification (signature checked here) or from a trade query
 * the service made itself (the SDK checked that answer's signature). One transaction: the order row is locked,
 * the payment applied by a conditional update (unpaid or closed → paid), the event written to the outbox and the
 * callback stored with its verdict. A duplicate, late or out-of-order message finds nothing to change.
 */
@Injectable()
export class NotifyService {
  private readonly log = new Logger('NotifyService');

  constructor(
    private readonly ds: DataSource,
    private readonly alipay: AlipayClient,
    private readonly relay: OutboxRelay,
  ) {}

  async receive(fields: Record<string, string>, source: 'notify' | 'query'): Promise<CallbackVerdict> {
    const verdict = await this.ds.transaction(async (m) => {
      const { verdict, orderId } = await this.judge(m, fields, source);
      await m.query(
        `INSERT INTO callbacks (order_id, order_no, trade_no, trade_status, source, verdict, raw) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [orderId, cut(fields.out_trade_no, 64), cut(fields.trade_no, 64), cut(fields.trade_status, 32), source, verdict, JSON.stringify(fields)],
      );
      return verdict;
    });
    if (verdict === 'applied') this.relay.kick();
    if (!accepted(verdict)) this.log.warn(`refused an Alipay ${source} (${verdict}) for order ${cut(fields.out_trade_no, 64) ?? '-'}`);
    return verdict;
  }

  private async judge(m: EntityManager, f: Record<string, string>, source: 'notify' | 'query'): Promise<{ verdict: CallbackVerdict; orderId: string | null }> {
    const refuse = (verdict: CallbackVerdict, orderId: string | null = null) => ({ verdict, orderId });
    if (source === 'notify' && !this.alipay.verifyNotification(f)) return refuse('badSignature');
    if (f.app_id !== this.alipay.appId) return refuse('wrongApp');
    if (f.seller_id !== this.alipay.sellerId) return refuse('wrongSeller');
    const [order]: LockedOrder[] = await m.query(
      `SELECT id, order_no AS "orderNo", signup_id AS "signupId", amount_fen AS "amountFen", status, trade_no AS "tradeNo"
       FROM orders WHERE order_no = $1 FOR UPDATE`,
      [String(f.out_trade_no ?? '')],
    );
    if (!order) return refuse('unknownOrder');
    if (fenOf(f.total_amount) !== order.amountFen) return refuse('amountMismatch', order.id);
    // Alipay tells the notify address about refunds too; the refund's own answer already moved the money.
    if (f.out_biz_no || f.refund_fee) return refuse('refundNotice', order.id);
    if (f.trade_status !== 'TRADE_SUCCESS' && f.trade_status !== 'TRADE_FINISHED') return refuse('noChange', order.id);

    const paidAt = fromBeijingTime(f.gmt_payment) ?? new Date();
    // A closed order can still be paid: the payer may have paid in the minute the close took. The money is real.
    const [paid] = await returnedRows<{ id: string }>(
      m,
      `UPDATE orders SET status = 'paid', trade_no = $2, buyer_logon_id = $3, paid_at = $4, closed_at = NULL, close_reason = NULL, updated_at = now()
       WHERE id = $1 AND status IN ('unpaid', 'closed') RETURNING id`,
      [order.id, cut(f.trade_no, 64), cut(f.buyer_logon_id, 100), paidAt],
    );
    if (!paid) return refuse(order.tradeNo === f.trade_no ? 'duplicate' : 'noChange', order.id);
    await writeEvent(m, EventSubject.paymentOrderPaid, {
      orderId: order.orderNo,
      signupId: order.signupId,
      amountCents: order.amountFen,
      paidAt: paidAt.toISOString(),
    } satisfies PaymentOrderPaidEvent);
    await this.refundIfPaidTwice(m, order);
    return { verdict: 'applied', orderId: order.id };
  }

  /** A sign-up already paid by another order (an old order paid after a new one): this payment goes back in full. */
  private async refundIfPaidTwice(m: EntityManager, order: LockedOrder): Promise<void> {
    const [other] = await m.query(
      `SELECT id FROM orders WHERE signup_id = $1 AND id <> $2 AND status IN ('paid', 'refunding', 'partlyRefunded') LIMIT 1`,
      [order.signupId, order.id],
    );
    if (other) await createRefund(m, { orderId: order.id, amountFen: order.amountFen, reason: 'duplicate payment / 重复支付', requestedBy: 'system' });
  }
}

const cut = (v: string | undefined, n: number): string | null => (v == null ? null : String(v).slice(0, n));
