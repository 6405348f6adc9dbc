import type { EntityManager } from 'typeorm';
import type { OrderView, SignupPayable } from '@cmp/contracts';

export const ORDER_COLUMNS = `o.id::int AS id, o.order_no AS "orderNo", o.signup_id AS "signupId", o.competition_id AS "competitionId",
  o.competition_name AS "competitionName", o.competition_name_en AS "competitionNameEn", o.item_id AS "itemId", o.item_name AS "itemName",
  o.item_name_en AS "itemNameEn", o.payer_user_id AS "payerUserId", o.payer_name AS "payerName", o.payer_account AS "payerAccount", o.payer_school AS "payerSchool", o.amount_fen AS "amountFen", o.refunded_fen AS "refundedFen", o.status, o.channel, o.trade_no AS "tradeNo",
  o.buyer_logon_id AS "buyerLogonId", o.paid_at AS "paidAt", o.expires_at AS "expiresAt", o.closed_at AS "closedAt",
  o.close_reason AS "closeReason", o.created_at AS "createdAt"`;

/**
 * Statuses of an order that holds its sign-up's fee (paid, and not all of it back). A second order paid while another
 * holds the fee is a double payment and is refunded; one paid after the first was refunded in full pays the fee anew.
 */
export const HOLDS_FEE = `('paid', 'refunding', 'partlyRefunded')`;

/** When the order's last refund went through (finance's lists). */
export const REFUNDED_AT = `(SELECT max(f.finished_at) FROM refunds f WHERE f.order_id = o.id AND f.status = 'succeeded') AS "refundedAt"`;

/** What an order copies from its sign-up when it is made, as columns and as the values of a SignupPayable. */
export const SIGNUP_COPY_COLUMNS = 'competition_name_en, item_name_en, payer_account, payer_school';
export const signupCopy = (s: SignupPayable) => [s.competitionNameEn.slice(0, 200), s.itemNameEn.slice(0, 200), s.payerAccount.slice(0, 64), s.payerSchool.slice(0, 200)];

export interface OrderRow extends OrderView {
  groupId: number;
}

export const ORDER_ROW = `${ORDER_COLUMNS}, o.group_id AS "groupId"`;

/** The Alipay subject line of an order: what the payer sees on the cashier and in their Alipay bill. */
export const subjectOf = (o: Pick<OrderView, 'competitionName' | 'itemName'>) => `${o.competitionName} ${o.itemName} 报名费`.slice(0, 256);

/**
 * Serialises the two ways of paying one sign-up (an online order made, an offline payment recorded) until the
 * transaction ends, so that each sees what the other committed.
 */
export const lockSignup = (m: Pick<EntityManager, 'query'>, signupId: number) => m.query(`SELECT pg_advisory_xact_lock(hashtext('payment.signup'), $1)`, [signupId]);

/** An offline payment of the sign-up is waiting for approval: it holds the sign-up (no online payment meanwhile). */
export async function offlinePending(m: Pick<EntityManager, 'query'>, signupId: number): Promise<boolean> {
  const rows: unknown[] = await m.query(`SELECT 1 FROM offline_payments WHERE signup_id = $1 AND status = 'pending'`, [signupId]);
  return rows.length > 0;
}
