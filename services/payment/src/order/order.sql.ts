import type { OrderView } from '@cmp/contracts';

export const ORDER_COLUMNS = `o.id::int AS id, o.order_no AS "orderNo", o.signup_id AS "signupId", o.competition_id AS "competitionId",
  o.competition_name AS "competitionName", o.item_id AS "itemId", o.item_name AS "itemName", o.payer_user_id AS "payerUserId",
  o.payer_name AS "payerName", o.amount_fen AS "amountFen", o.refunded_fen AS "refundedFen", o.status, o.channel, o.trade_no AS "tradeNo",
  o.buyer_logon_id AS "buyerLogonId", o.paid_at AS "paidAt", o.expires_at AS "expiresAt", o.closed_at AS "closedAt",
  o.close_reason AS "closeReason", o.created_at AS "createdAt"`;

export interface OrderRow extends OrderView {
  groupId: number;
}

export const ORDER_ROW = `${ORDER_COLUMNS}, o.group_id AS "groupId"`;

/** The Alipay subject line of an order: what the payer sees on the cashier and in their Alipay bill. */
export const subjectOf = (o: Pick<OrderView, 'competitionName' | 'itemName'>) => `${o.competitionName} ${o.itemName} 报名费`.slice(0, 256);
