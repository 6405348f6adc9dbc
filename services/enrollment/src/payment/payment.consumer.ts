import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConsumeEvent } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, PayStatus, yuanOf, type PaymentOrderPaidEvent, type PaymentOrderRefundedEvent } from '@cmp/contracts';
import { changed, displayName, loadSignup, notify } from '../signup/signup.sql';

/** An event written before money was named in fen (the MoneyInFen migrations) says amountCents; one may still wait in a stream or outbox. */
const amountOf = (e: { amountFen?: number; amountCents?: number }): number => e.amountFen ?? e.amountCents ?? 0;

/**
 * Marks sign-ups paid from payment.order.paid and refunded from payment.order.refunded (PAYMENT stream). At least
 * once delivery: the order id (the refund number) is recorded in the same transaction as the change, so a
 * redelivered event finds it and changes nothing.
 */
@Injectable()
export class PaymentConsumer {
  private readonly logger = new Logger('PaymentConsumer');

  constructor(private readonly ds: DataSource) {}

  /** A refund reached the payer: recorded once; a full one marks the sign-up refunded, and its captain is told. */
  @ConsumeEvent({ stream: EventStream.payment, durable: EventConsumer.enrollmentPaymentRefunded, subject: EventSubject.paymentOrderRefunded })
  async refunded(e: PaymentOrderRefundedEvent): Promise<void> {
    if (!e?.refundNo || !Number.isInteger(e.signupId)) {
      this.logger.warn(`ignoring a refund event without refund or sign-up: ${JSON.stringify(e)}`);
      return;
    }
    await this.ds.transaction(async (m) => {
      const fresh = await m.query(
        `INSERT INTO refunds (refund_no, order_id, signup_id, amount_fen) VALUES ($1, $2, $3, $4) ON CONFLICT (refund_no) DO NOTHING RETURNING refund_no`,
        [e.refundNo, e.orderId, e.signupId, amountOf(e)],
      );
      if (!fresh.length) return;
      const s = await loadSignup(m, e.signupId, true);
      if (!s) return this.logger.warn(`refund ${e.refundNo} names an unknown sign-up ${e.signupId}`);
      if (e.full) await changed(m, `UPDATE signups SET pay_status = ${PayStatus.refunded}, updated_at = now() WHERE id = $1 AND pay_status = ${PayStatus.paid} RETURNING id`, [s.id]);
      await notify(m, [s.captainUserId], 'message.feeRefunded', (lang) => ({ name: displayName(s, lang), amount: yuanOf(amountOf(e)) }));
    });
  }

  @ConsumeEvent({ stream: EventStream.payment, durable: EventConsumer.enrollmentPaymentPaid, subject: EventSubject.paymentOrderPaid })
  async paid(e: PaymentOrderPaidEvent): Promise<void> {
    if (!e?.orderId || !Number.isInteger(e.signupId)) {
      this.logger.warn(`ignoring a payment event without order or sign-up: ${JSON.stringify(e)}`);
      return;
    }
    await this.ds.transaction(async (m) => {
      const fresh = await m.query(
        `INSERT INTO payments (order_id, signup_id, amount_fen, paid_at) VALUES ($1, $2, $3, $4) ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
        [e.orderId, e.signupId, amountOf(e), e.paidAt ?? new Date().toISOString()],
      );
      if (!fresh.length) return; // seen before
      const s = await loadSignup(m, e.signupId, true);
      if (!s) return this.logger.warn(`payment ${e.orderId} names an unknown sign-up ${e.signupId}`);
      if (amountOf(e) < s.feeFen) return this.logger.warn(`payment ${e.orderId} pays ${amountOf(e)} of a fee of ${s.feeFen}: not marked paid`);
      // Owed: never paid, or refunded in full and paid again.
      const done = await changed(
        m,
        `UPDATE signups SET pay_status = ${PayStatus.paid}, updated_at = now() WHERE id = $1 AND pay_status IN (${PayStatus.unpaid}, ${PayStatus.refunded}) RETURNING id`,
        [s.id],
      );
      if (done.length) await notify(m, [s.captainUserId], 'message.signupPaid', (lang) => ({ name: displayName(s, lang) }));
    });
  }
}
