import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConsumeEvent } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, type SignupClosedEvent } from '@cmp/contracts';
import { closeOffline } from '../offline/offline.service';
import { RefundSender } from './refund.service';
import { AVAILABLE_FEN, createRefund, SYSTEM, systemReason } from './refund.sql';
import { HOLDS_FEE } from '../order/order.sql';

/**
 * A sign-up was rejected or withdrawn (enrollment.signup.closed): an offline payment still waiting is closed, and a
 * paid one is refunded in full: what is paid and not yet refunded, being refunded or waiting for approval (automatic
 * refunds follow the organiser's decision and need no approval). A redelivered event finds nothing left to refund and does nothing. A fee paid
 * offline goes back offline (finance sees the order paid, the sign-up closed).
 */
@Injectable()
export class SignupClosedConsumer {
  constructor(
    private readonly ds: DataSource,
    private readonly refunds: RefundSender,
  ) {}

  @ConsumeEvent({ stream: EventStream.enrollment, durable: EventConsumer.paymentSignupClosed, subject: EventSubject.signupClosed })
  async closed(e: SignupClosedEvent): Promise<void> {
    if (!Number.isInteger(e?.signupId)) return;
    // An offline payment still waiting for approval can no longer apply.
    await closeOffline(this.ds, { signupId: e.signupId }, 'signupClosed');
    if (!e.refund) return;
    const reason = systemReason(e.status === 'rejected' ? 'payment.refundReason.rejected' : 'payment.refundReason.withdrawn', e.reason);
    const created = await this.ds.transaction(async (m) => {
      const orders: { id: string; left: number }[] = await m.query(
        `SELECT o.id, ${AVAILABLE_FEN} AS left
         FROM orders o WHERE o.signup_id = $1 AND o.status IN ${HOLDS_FEE} AND o.channel IS DISTINCT FROM 'offline' ORDER BY o.id FOR UPDATE`,
        [e.signupId],
      );
      const made: string[] = [];
      for (const o of orders) {
        if (Number(o.left) > 0) made.push((await createRefund(m, { orderId: o.id, amountFen: Number(o.left), reason, requestedBy: SYSTEM })).id);
      }
      return made;
    });
    for (const id of created) await this.refunds.send(id);
  }
}
