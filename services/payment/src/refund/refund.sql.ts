import type { EntityManager } from 'typeorm';
import { AppError, returnedRows, type Actor } from '@cmp/common';
import { translate, yuanOf } from '@cmp/contracts';

/** A refund as finance sees it (refunds f joined with orders o). */
export const REFUND_COLUMNS = `f.id::int AS id, f.refund_no AS "refundNo", f.order_id::int AS "orderId", o.order_no AS "orderNo", f.amount_fen AS "amountFen",
  f.reason, f.status, f.attempts, f.last_error AS "lastError", f.requested_by AS "requestedBy", COALESCE(f.requested_by_name, f.requested_by) AS "requestedByName",
  f.decided_by AS "decidedBy", COALESCE(f.decided_by_name, f.decided_by) AS "decidedByName", f.decision_note AS "decisionNote", f.decided_at AS "decidedAt",
  f.created_at AS "createdAt", f.finished_at AS "finishedAt"`;

/** What an order (o) can still give back: paid, less refunded, less refunds being sent or waiting for approval. */
export const AVAILABLE_FEN = `o.amount_fen - o.refunded_fen - COALESCE((SELECT sum(amount_fen) FROM refunds WHERE order_id = o.id AND status IN ('pending', 'awaitingApproval')), 0)`;

/** The platform itself (automatic refunds, the morning reconciliation). */
export const SYSTEM: Actor = { userId: 0, username: 'system', realName: 'system' };

/** A refund reason the platform gives itself, in both languages: Alipay shows it to the payer, finance reads it in either. */
export const systemReason = (key: string, detail?: string): string => `${translate(key, 'zh-CN')} / ${translate(key, 'en')}${detail ? `: ${detail}` : ''}`;

/** Order and refund numbers: a letter pair, the Beijing date and the row id, unique and readable on a bill. */
export async function nextNumber(m: Pick<EntityManager, 'query'>, prefix: 'CP' | 'RF', sequence: string): Promise<{ id: string; no: string }> {
  const [{ id, day }] = await m.query(`SELECT nextval('${sequence}')::text AS id, to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') AS day`);
  return { id, no: `${prefix}${day}${id.padStart(10, '0')}` };
}

export interface NewRefund {
  orderId: string | number;
  amountFen: number;
  reason: string;
  requestedBy: Actor;
  /** Above the organisation's approval amount: it waits for a second finance person instead of being sent. */
  needsApproval?: boolean;
}

/**
 * Records a refund to send (the worker or the caller sends it), or to approve first. The order row is locked, and the
 * amount must fit in what is paid and not yet refunded, being refunded or waiting for approval, so two refunds at once
 * can never return more than was paid. An order keeps its status while its refund waits for approval.
 */
export async function createRefund(m: EntityManager, r: NewRefund): Promise<{ id: string; refundNo: string }> {
  const [order] = await m.query(
    `SELECT o.status, o.channel, ${AVAILABLE_FEN} AS available FROM orders o WHERE o.id = $1 FOR UPDATE`,
    [r.orderId],
  );
  if (!order) throw AppError.notFound('payment.orderNotFound', { id: String(r.orderId) });
  if (!['paid', 'refunding', 'partlyRefunded'].includes(order.status)) throw AppError.badRequest('payment.notRefundable', { status: order.status });
  if (order.channel === 'offline') throw AppError.badRequest('payment.offlineRefund');
  const available = Number(order.available);
  if (r.amountFen > available) throw AppError.badRequest('payment.refundTooMuch', { max: yuanOf(available) });
  const { id, no } = await nextNumber(m, 'RF', 'refunds_id_seq');
  await m.query(
    `INSERT INTO refunds (id, refund_no, order_id, amount_fen, reason, status, requested_by, requested_by_id, requested_by_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, no, r.orderId, r.amountFen, r.reason.slice(0, 200), r.needsApproval ? 'awaitingApproval' : 'pending', r.requestedBy.username.slice(0, 64), r.requestedBy.userId || null,
      r.requestedBy.realName.slice(0, 50)],
  );
  if (!r.needsApproval) await markRefunding(m, r.orderId);
  return { id, refundNo: no };
}

/** The order has a refund being sent. */
export const markRefunding = (m: Pick<EntityManager, 'query'>, orderId: string | number) =>
  m.query(`UPDATE orders SET status = 'refunding', updated_at = now() WHERE id = $1`, [orderId]);

/** The order's status once no refund of it is pending: refunded, partly refunded, or paid. */
export async function settleOrderStatus(m: Pick<EntityManager, 'query'>, orderId: string): Promise<void> {
  await returnedRows(
    m,
    `UPDATE orders o SET updated_at = now(), status = CASE WHEN o.refunded_fen = o.amount_fen THEN 'refunded' WHEN o.refunded_fen > 0 THEN 'partlyRefunded' ELSE 'paid' END
     WHERE o.id = $1 AND o.status = 'refunding' AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.status = 'pending') RETURNING o.id`,
    [orderId],
  );
}
