import type { BillRow } from './alipay-bill';
import type { ReconKind } from '@cmp/contracts';

/** A payment as the platform's books have it. */
export interface BookPayment {
  orderId: string;
  groupId: number;
  orderNo: string;
  tradeNo: string | null;
  amountFen: number;
  status: string;
  /** Paid on the bill's day (Beijing time): then Alipay's bill of that day must list it. */
  onDay: boolean;
}

/** A refund as the platform's books have it. */
export interface BookRefund {
  orderId: string;
  groupId: number;
  orderNo: string;
  refundNo: string;
  amountFen: number;
  status: string;
  onDay: boolean;
}

export interface ReconLine {
  side: 'trade' | 'refund';
  kind: ReconKind;
  orderId: string | null;
  groupId: number | null;
  orderNo: string;
  tradeNo: string;
  requestNo: string;
  alipayFen: number | null;
  platformFen: number | null;
  platformStatus: string | null;
}

const PAID = new Set(['paid', 'refunding', 'partlyRefunded', 'refunded']);

/**
 * Compares a day's bill with the books. Payments are matched by order number, refunds by their request number;
 * every bill line and every book entry of the day ends in exactly one line: matched, an amount difference, only at
 * Alipay (paid there, not here: the one a finance clerk can apply), or only here.
 */
export function matchBill(rows: BillRow[], payments: BookPayment[], refunds: BookRefund[]): ReconLine[] {
  const byOrder = new Map(payments.map((p) => [p.orderNo, p]));
  const byRequest = new Map(refunds.map((r) => [r.refundNo, r]));
  const seenOrders = new Set<string>();
  const seenRefunds = new Set<string>();
  const lines: ReconLine[] = [];
  for (const row of rows) {
    if (row.kind === 'trade') {
      const p = byOrder.get(row.orderNo);
      if (p) seenOrders.add(p.orderNo);
      const kind: ReconKind = !p || !PAID.has(p.status) ? 'alipayOnly' : p.amountFen !== row.amountFen ? 'amountDiff' : 'matched';
      lines.push({
        side: 'trade', kind, orderId: p?.orderId ?? null, groupId: p?.groupId ?? null, orderNo: row.orderNo, tradeNo: row.tradeNo, requestNo: '',
        alipayFen: row.amountFen, platformFen: p ? p.amountFen : null, platformStatus: p?.status ?? null,
      });
    } else {
      const r = byRequest.get(row.requestNo);
      if (r) seenRefunds.add(r.refundNo);
      const kind: ReconKind = !r || r.status !== 'succeeded' ? 'alipayOnly' : r.amountFen !== row.amountFen ? 'amountDiff' : 'matched';
      lines.push({
        side: 'refund', kind, orderId: r?.orderId ?? null, groupId: r?.groupId ?? null, orderNo: row.orderNo, tradeNo: row.tradeNo, requestNo: row.requestNo,
        alipayFen: row.amountFen, platformFen: r ? r.amountFen : null, platformStatus: r?.status ?? null,
      });
    }
  }
  for (const p of payments) {
    if (!p.onDay || seenOrders.has(p.orderNo) || !PAID.has(p.status)) continue;
    lines.push({
      side: 'trade', kind: 'platformOnly', orderId: p.orderId, groupId: p.groupId, orderNo: p.orderNo, tradeNo: p.tradeNo ?? '', requestNo: '',
      alipayFen: null, platformFen: p.amountFen, platformStatus: p.status,
    });
  }
  for (const r of refunds) {
    if (!r.onDay || seenRefunds.has(r.refundNo) || r.status !== 'succeeded') continue;
    lines.push({
      side: 'refund', kind: 'platformOnly', orderId: r.orderId, groupId: r.groupId, orderNo: r.orderNo, tradeNo: '', requestNo: r.refundNo,
      alipayFen: null, platformFen: r.amountFen, platformStatus: r.status,
    });
  }
  return lines;
}
