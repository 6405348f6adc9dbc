import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RPC, runDurableConsumer, type NatsRpcClient, type RunningConsumer } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, PayStatus, type PaymentOrderPaidEvent } from '@cmp/contracts';
import { changed, displayName, loadSignup, notify } from '../signup/signup.sql';

/**
 * Marks sign-ups paid from payment.order.paid (PAYMENT stream). At least once delivery: the order id is
 * recorded in the same transaction as the change, so a redelivered event finds it and changes nothing.
 */
@Injectable()
export class PaymentConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PaymentConsumer');
  private consumer?: RunningConsumer;

  constructor(
    @Inject(RPC) private readonly nats: NatsRpcClient,
    private readonly ds: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await runDurableConsumer<PaymentOrderPaidEvent>(this.nats.connection, {
      stream: EventStream.payment,
      durable: EventConsumer.enrollmentPaymentPaid,
      subject: EventSubject.paymentOrderPaid,
      handle: (e) => this.paid(e),
      logger: this.logger,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  async paid(e: PaymentOrderPaidEvent): Promise<void> {
    if (!e?.orderId || !Number.isInteger(e.signupId)) {
      this.logger.warn(`ignoring a payment event without order or sign-up: ${JSON.stringify(e)}`);
      return;
    }
    await this.ds.transaction(async (m) => {
      const fresh = await m.query(
        `INSERT INTO payments (order_id, signup_id, amount_cents, paid_at) VALUES ($1, $2, $3, $4) ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
        [e.orderId, e.signupId, e.amountCents ?? 0, e.paidAt ?? new Date().toISOString()],
      );
      if (!fresh.length) return; // seen before
      const s = await loadSignup(m, e.signupId, true);
      if (!s) return this.logger.warn(`payment ${e.orderId} names an unknown sign-up ${e.signupId}`);
      if ((e.amountCents ?? 0) < s.feeCents) return this.logger.warn(`payment ${e.orderId} pays ${e.amountCents} of a fee of ${s.feeCents}: not marked paid`);
      const done = await changed(m, `UPDATE signups SET pay_status = ${PayStatus.paid}, updated_at = now() WHERE id = $1 AND pay_status = ${PayStatus.unpaid} RETURNING id`, [s.id]);
      if (done.length) await notify(m, [s.captainUserId], 'message.signupPaid', { name: displayName(s) });
    });
  }
}
