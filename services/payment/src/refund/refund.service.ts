import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OutboxRelay, returnedRows, writeEvent } from '@cmp/common';
import { EventSubject, type PaymentOrderRefundedEvent } from '@cmp/contracts';
import { AlipayClient } from '../alipay/alipay.client';
import { createRefund, settleOrderStatus, SYSTEM, systemReason } from './refund.sql';
import { HOLDS_FEE } from '../order/order.sql';

const DOUBLE_PAYMENT = systemReason('payment.refundReason.doublePayment');
/** Alipay answers after which the same refund request is to be sent again (its docs: retry with the same out_request_no). */
const RETRYABLE = /^(aop\.)?(ACQ\.SYSTEM_ERROR|ACQ\.SELLER_BALANCE_NOT_ENOUGH|isp\.unknow-error|20000)\b/;

interface PendingRefund {
  id: string;
  refundNo: string;
  orderId: string;
  orderNo: string;
  signupId: number;
  amountFen: number;
  reason: string;
}

/**
 * Sends refunds to Alipay. A refund keeps its request number for every try, so a try whose answer was lost (a
 * time-out) or that Alipay asks to retry (a system error, the merchant's balance short) is sent again as the same
 * request and Alipay pays it once; the local update is conditional on the
 * refund still being pending, so two senders at once move the money here once too.
 */
@Injectable()
export class RefundSender {
  private readonly log = new Logger('RefundSender');

  constructor(
    private readonly ds: DataSource,
    private readonly alipay: AlipayClient,
    private readonly relay: OutboxRelay,
  ) {}

  /** Sends one pending refund; answers whether it is settled (succeeded or failed for good). */
  async send(refundId: string): Promise<boolean> {
    const [r]: PendingRefund[] = await this.ds.query(
      `UPDATE refunds f SET attempts = attempts + 1 FROM orders o
       WHERE f.id = $1 AND f.status = 'pending' AND o.id = f.order_id
       RETURNING f.id, f.refund_no AS "refundNo", f.order_id AS "orderId", o.order_no AS "orderNo", o.signup_id AS "signupId", f.amount_fen AS "amountFen", f.reason`,
      [refundId],
    ).then((x: [PendingRefund[], number]) => x[0]);
    if (!r) return true;
    let answer: Awaited<ReturnType<AlipayClient['refund']>>;
    try {
      answer = await this.alipay.refund(r.orderNo, r.refundNo, r.amountFen, r.reason);
    } catch (e) {
      // No answer (a time-out, a network error): still pending, sent again later under the same number.
      await this.ds.query(`UPDATE refunds SET last_error = $2 WHERE id = $1`, [r.id, String((e as Error).message).slice(0, 500)]);
      this.log.warn(`refund ${r.refundNo} got no answer, will retry: ${(e as Error).message}`);
      return false;
    }
    if (!answer.ok && RETRYABLE.test(answer.reason)) {
      await this.ds.query(`UPDATE refunds SET last_error = $2 WHERE id = $1`, [r.id, answer.reason.slice(0, 500)]);
      return false;
    }
    await this.ds.transaction(async (m) => {
      if (!answer.ok) {
        await m.query(`UPDATE refunds SET status = 'failed', last_error = $2, finished_at = now() WHERE id = $1 AND status = 'pending'`, [r.id, answer.reason.slice(0, 500)]);
        await settleOrderStatus(m, r.orderId);
        return;
      }
      const done = await returnedRows(m, `UPDATE refunds SET status = 'succeeded', last_error = NULL, finished_at = now() WHERE id = $1 AND status = 'pending' RETURNING id`, [r.id]);
      if (!done.length) return;
      const [order] = await returnedRows<{ refundedFen: number; amountFen: number }>(
        m,
        `UPDATE orders SET refunded_fen = refunded_fen + $2, updated_at = now() WHERE id = $1 RETURNING refunded_fen AS "refundedFen", amount_fen AS "amountFen"`,
        [r.orderId, r.amountFen],
      );
      await settleOrderStatus(m, r.orderId);
      await writeEvent(m, EventSubject.paymentOrderRefunded, {
        orderId: r.orderNo,
        signupId: r.signupId,
        refundNo: r.refundNo,
        amountFen: r.amountFen,
        refundedFen: order.refundedFen,
        full: order.refundedFen === order.amountFen,
      } satisfies PaymentOrderRefundedEvent);
    });
    this.relay.kick();
    return true;
  }

  /**
   * A sign-up paid by two orders (an old order paid after a new one): the later payment goes back in full, once
   * (a refund of the order already recorded is not recorded again).
   */
  async refundDoublePayment(orderId: string): Promise<void> {
    const made = await this.ds.transaction(async (m) => {
      const [order] = await m.query(`SELECT amount_fen AS "amountFen" FROM orders WHERE id = $1 AND status = 'paid' AND refunded_fen = 0 FOR UPDATE`, [orderId]);
      const [earlier] = await m.query(`SELECT 1 FROM refunds WHERE order_id = $1`, [orderId]);
      if (!order || earlier) return null;
      return createRefund(m, { orderId, amountFen: order.amountFen, reason: DOUBLE_PAYMENT, requestedBy: SYSTEM });
    });
    if (made) await this.send(made.id);
  }

  /** Sends every pending refund once, after recording those of double payments a crash left out (the worker's job; safe to run twice). */
  async sendPending(): Promise<number> {
    const doubles: { id: string }[] = await this.ds.query(
      `SELECT o.id FROM orders o WHERE o.status = 'paid' AND o.refunded_fen = 0 AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.order_id = o.id)
         AND EXISTS (SELECT 1 FROM orders x WHERE x.signup_id = o.signup_id AND x.id <> o.id AND x.status IN ${HOLDS_FEE}
                     AND (x.paid_at, x.id) < (o.paid_at, o.id))
       LIMIT 100`,
    );
    for (const d of doubles) await this.refundDoublePayment(d.id);
    const rows: { id: string }[] = await this.ds.query(`SELECT id FROM refunds WHERE status = 'pending' ORDER BY id LIMIT 500`);
    for (const r of rows) await this.send(r.id);
    return rows.length;
  }
}
