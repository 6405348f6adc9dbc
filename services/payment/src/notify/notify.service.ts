import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { newCounter, OutboxRelay, preparedQuery } from '@cmp/common';
import { EventSubject, fenOf, type CallbackVerdict, type PaymentOrderPaidEvent, type RpcRequest } from '@cmp/contracts';
import { AlipayClient } from '../alipay/alipay.client';
import { fromBeijingTime } from '../alipay/time';
import { RefundSender } from '../refund/refund.service';
import { HOLDS_FEE } from '../order/order.sql';

/** Verdicts after which Alipay must try again (answer "failure"): the notification was not accepted. */
const REFUSED: ReadonlySet<CallbackVerdict> = new Set(['badSignature', 'wrongApp', 'wrongSeller', 'unknownOrder', 'amountMismatch']);
const accepted = (v: CallbackVerdict) => !REFUSED.has(v);

/** What became of each notification (and trade query answer) Alipay sent: refusals show an attack or a misconfiguration. */
const notifications = newCounter('cmp_payment_notifications_total', 'Alipay notifications and trade query answers judged, by source and verdict', ['source', 'verdict']);

/** An SQL expression whose JSON value has type T. */
type Sql<T> = string & { readonly json: T };
const text = (e: string) => `(${e})::text` as Sql<string>;
const int = (e: string) => `(${e})::int` as Sql<number>;

/**
 * payment.order.paid as the statement below builds it, one expression per field cast to the field's JSON type: the
 * compiler refuses a field missing, extra or of another type than PaymentOrderPaidEvent's (and the payment
 * end-to-end test reads the stored event back).
 */
const PAID_EVENT = {
  orderId: text('$1'),
  signupId: int('paid.signup_id'),
  amountFen: int('$5'),
  paidAt: text('$7'),
} satisfies { [K in keyof PaymentOrderPaidEvent]-?: Sql<PaymentOrderPaidEvent[K]> };
const paidEventJson = `jsonb_build_object(${Object.entries(PAID_EVENT).map(([key, sql]) => `'${key}', ${sql}`).join(', ')})`;

/**
 * What Alipay says about an order, applied in one statement (so one round trip, atomic by itself): the order row
 * is locked, the payment applied by a conditional update (unpaid or closed → paid, and only for the order's own
 * amount), payment.order.paid written to the outbox, and the callback stored raw with its verdict. A duplicate, late
 * or out-of-order message finds nothing to change. It also says whether the sign-up was already paid by another
 * order (a payer who paid an old order after a new one).
 */
const APPLY = `
  WITH o AS (
    SELECT id, signup_id, amount_fen, trade_no FROM orders WHERE order_no = $1 FOR UPDATE
  ), paid AS (
    UPDATE orders SET status = 'paid', trade_no = $2, buyer_logon_id = $3, paid_at = $4, closed_at = NULL, close_reason = NULL, updated_at = now()
    FROM o WHERE orders.id = o.id AND $6 AND o.amount_fen = $5 AND orders.status IN ('unpaid', 'closed')
    RETURNING orders.id, orders.signup_id
  ), event AS (
    INSERT INTO outbox (subject, payload)
    SELECT '${EventSubject.paymentOrderPaid}', ${paidEventJson} FROM paid
    RETURNING id
  ), verdict AS (
    SELECT CASE
      WHEN NOT EXISTS (SELECT 1 FROM o) THEN 'unknownOrder'
      WHEN (SELECT amount_fen FROM o) <> $5 THEN 'amountMismatch'
      WHEN $8 THEN 'refundNotice'
      WHEN EXISTS (SELECT 1 FROM paid) THEN 'applied'
      WHEN $6 AND (SELECT trade_no FROM o) = $2 THEN 'duplicate'
      ELSE 'noChange' END AS v
  ), stored AS (
    INSERT INTO callbacks (order_id, order_no, trade_no, trade_status, source, verdict, raw, address, size_bytes)
    SELECT (SELECT id FROM o), $1, $2, $9, $10, v, $11, $12, $13 FROM verdict RETURNING verdict
  )
  SELECT stored.verdict, (SELECT id FROM paid) AS "paidId",
    EXISTS (SELECT 1 FROM orders x, paid WHERE x.signup_id = paid.signup_id AND x.id <> paid.id AND x.status IN ${HOLDS_FEE}) AS "paidTwice"
  FROM stored`;

/** A signed notification refused before the order is looked at (another app or seller): stored with its verdict only. */
const STORE = `INSERT INTO callbacks (order_id, order_no, trade_no, trade_status, source, verdict, raw, address, size_bytes) VALUES (NULL, $1, $2, $3, $4, $5, $6, $7, $8)`;

/**
 * Rows of unsigned notifications one address gets per hour; later ones are counted on a row instead. Twenty tell
 * finance which orders an attacker named; a flood from one address stays twenty small rows whatever its size.
 */
export const UNSIGNED_ROWS_PER_ADDRESS = 20;
/** What is kept of an unsigned notification's form: enough to recognise the tool that sent it, never a payload. */
const UNSIGNED_PREFIX_CHARS = 200;

/**
 * A notification Alipay did not sign: anybody's post. It is counted on the row of its address and order of the last
 * hour, else stored as a new row while its address has fewer than UNSIGNED_ROWS_PER_ADDRESS of them, else counted on
 * the address's latest row. The row names the order when it exists, so finance sees the attempt in the order's
 * callbacks. Returns the new row, if one was made.
 */
const STORE_UNSIGNED = `
  WITH recent AS (
    SELECT id, order_no FROM callbacks
    WHERE verdict = 'badSignature' AND address = $1 AND received_at > now() - interval '1 hour'
    ORDER BY id DESC LIMIT ${UNSIGNED_ROWS_PER_ADDRESS}
  ), target AS (
    SELECT id FROM recent
    WHERE order_no IS NOT DISTINCT FROM $2 OR (SELECT count(*) FROM recent) >= ${UNSIGNED_ROWS_PER_ADDRESS}
    ORDER BY order_no IS NOT DISTINCT FROM $2 DESC, id DESC LIMIT 1
  ), counted AS (
    UPDATE callbacks c SET received_count = c.received_count + 1, last_received_at = now(), size_bytes = greatest(c.size_bytes, $5)
    FROM target WHERE c.id = target.id RETURNING c.id
  )
  INSERT INTO callbacks (order_id, order_no, trade_no, trade_status, source, verdict, raw, address, size_bytes)
  SELECT (SELECT id FROM orders WHERE order_no = $2), $2, $3, $4, 'notify', 'badSignature', $6, $1, $5
  WHERE NOT EXISTS (SELECT 1 FROM counted)
  RETURNING id`;

/** Where a notification came from (the gateway's client address) and its size as a form. */
export interface Arrival {
  address: string | null;
  sizeBytes: number | null;
}

/**
 * Applies what Alipay says about a trade, from its notification (signature checked here) or from a trade query the
 * service made itself (the SDK checked that answer's signature).
 */
@Injectable()
export class NotifyService {
  private readonly log = new Logger('NotifyService');

  constructor(
    private readonly ds: DataSource,
    private readonly alipay: AlipayClient,
    private readonly relay: OutboxRelay,
    private readonly refunds: RefundSender,
  ) {}

  /** Alipay's notification; the answer is what Alipay must read: "success" once applied and committed, "failure" to have it try again. */
  async answer(req: RpcRequest<Record<string, string>>): Promise<'success' | 'failure'> {
    const fields = req.payload ?? {};
    const arrival = { address: cut(req.meta?.ip, 45), sizeBytes: Buffer.byteLength(new URLSearchParams(fields).toString()) };
    return accepted(await this.receive(fields, 'notify', arrival)) ? 'success' : 'failure';
  }

  async receive(f: Record<string, string>, source: 'notify' | 'query', arrival: Arrival = { address: null, sizeBytes: null }): Promise<CallbackVerdict> {
    const verdict = await this.judge(f, source, arrival);
    notifications.inc({ source, verdict });
    return verdict;
  }

  private async judge(f: Record<string, string>, source: 'notify' | 'query', arrival: Arrival): Promise<CallbackVerdict> {
    const orderNo = cut(f.out_trade_no, 64) ?? '';
    const common = [orderNo, cut(f.trade_no, 64), cut(f.trade_status, 32), source];
    // The signature first: it is what tells Alipay from anybody, so a signed notification is never held up by others.
    if (source === 'notify' && !this.alipay.verifyNotification(f)) return this.refuseUnsigned(f, orderNo, arrival);
    const refused = f.app_id !== this.alipay.appId ? 'wrongApp' : f.seller_id !== this.alipay.sellerId ? 'wrongSeller' : null;
    let verdict: CallbackVerdict;
    if (refused) {
      await this.ds.query(STORE, [...common, refused, JSON.stringify(f), arrival.address, arrival.sizeBytes]);
      verdict = refused;
    } else {
      const success = f.trade_status === 'TRADE_SUCCESS' || f.trade_status === 'TRADE_FINISHED';
      // Alipay tells the notify address about refunds too; the refund's own answer already moved the money.
      const refundNotice = Boolean(f.out_biz_no || f.refund_fee);
      const paidAt = fromBeijingTime(f.gmt_payment) ?? new Date();
      const [row] = await preparedQuery<{ verdict: CallbackVerdict; paidId: string | null; paidTwice: boolean }>(this.ds, {
        name: 'payment.notify.apply',
        text: APPLY,
        values: [
          orderNo, cut(f.trade_no, 64), cut(f.buyer_logon_id, 100), paidAt, fenOf(f.total_amount) ?? -1, success && !refundNotice,
          paidAt.toISOString(), refundNotice, cut(f.trade_status, 32), source, JSON.stringify(f), arrival.address, arrival.sizeBytes,
        ],
      });
      verdict = row.verdict;
      if (row.paidId) this.relay.kick();
      if (row.paidTwice && row.paidId) await this.refunds.refundDoublePayment(row.paidId);
    }
    if (!accepted(verdict)) this.log.warn(`refused an Alipay ${source} (${verdict}) for order ${orderNo || '-'}`);
    return verdict;
  }

  /** Stores (or counts) a notification Alipay did not sign; only a new row is logged, so a flood does not fill the log either. */
  private async refuseUnsigned(f: Record<string, string>, orderNo: string, arrival: Arrival): Promise<CallbackVerdict> {
    const prefix = new URLSearchParams(f).toString().slice(0, UNSIGNED_PREFIX_CHARS);
    const made: unknown[] = await this.ds.query(STORE_UNSIGNED, [arrival.address, orderNo, cut(f.trade_no, 64), cut(f.trade_status, 32), arrival.sizeBytes, JSON.stringify({ prefix })]);
    if (made.length) this.log.warn(`refused an unsigned Alipay notify from ${arrival.address ?? '-'} for order ${orderNo || '-'}`);
    return 'badSignature';
  }
}

const cut = (v: string | undefined, n: number): string | null => (v == null ? null : String(v).slice(0, n));
