/**
 * Payment and finance (issue 15): entry-fee orders paid through Alipay, verified callbacks, refunds and
 * reconciliation. Money is always integer fen (分); Alipay's yuan strings are converted at its edge only.
 */
import type { Page, PageQuery } from './rpc';

export const ORDER_STATUSES = ['unpaid', 'paid', 'closed', 'refunding', 'refunded', 'partlyRefunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How the payer pays: Alipay's computer cashier, its phone cashier, or a QR code shown in a dialog (precreate). */
export const PAY_CHANNELS = ['page', 'wap', 'qr'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

export interface PayRequest {
  signupId: number;
  channel: PayChannel;
}

export interface PayReply {
  orderNo: string;
  amountFen: number;
  channel: PayChannel;
  /** page and wap: the Alipay address to open. */
  payUrl?: string;
  /** qr: the text of the QR code to show. */
  qrCode?: string;
  expiresAt: string;
}

export interface OrderView {
  id: number;
  orderNo: string;
  signupId: number;
  competitionId: number;
  competitionName: string;
  itemId: number;
  itemName: string;
  payerUserId: number;
  payerName: string;
  amountFen: number;
  refundedFen: number;
  status: OrderStatus;
  channel: string | null;
  tradeNo: string | null;
  buyerLogonId: string | null;
  paidAt: string | null;
  expiresAt: string;
  closedAt: string | null;
  closeReason: string | null;
  createdAt: string;
}

/** Every callback is kept raw with what the service made of it. */
export const CALLBACK_VERDICTS = [
  'applied',
  'duplicate',
  'noChange',
  'badSignature',
  'wrongApp',
  'wrongSeller',
  'unknownOrder',
  'amountMismatch',
  'refundNotice',
] as const;
export type CallbackVerdict = (typeof CALLBACK_VERDICTS)[number];

export interface CallbackView {
  id: number;
  orderNo: string | null;
  tradeNo: string | null;
  tradeStatus: string | null;
  source: 'notify' | 'query';
  verdict: CallbackVerdict;
  raw: Record<string, string>;
  receivedAt: string;
}

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface RefundView {
  id: number;
  refundNo: string;
  orderId: number;
  orderNo: string;
  amountFen: number;
  reason: string;
  status: RefundStatus;
  attempts: number;
  lastError: string | null;
  requestedBy: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface OrderDetail extends OrderView {
  callbacks: CallbackView[];
  refunds: RefundView[];
}

export interface OrderPageQuery extends PageQuery {
  competitionId?: number;
  itemId?: number;
  status?: OrderStatus;
  /** Order number, Alipay trade number or payer name. */
  keyword?: string;
  /** Created from / to (ISO date-times). */
  from?: string;
  to?: string;
}

export interface OrderPage extends Page<OrderView> {
  /** Sums over every filtered row, not only the page. */
  totals: { amountFen: number; paidFen: number; refundedFen: number };
}

export interface RefundRequest {
  orderId: number;
  amountFen: number;
  reason: string;
}

/** enrollment.signup.payable: what the caller owes for a sign-up they captain (enrollment answers it). */
export interface SignupPayable {
  signupId: number;
  groupId: number;
  competitionId: number;
  competitionName: string;
  itemId: number;
  itemName: string;
  /** 0 free, 1 unpaid, 2 paid (PayStatus). */
  payStatus: number;
  /** 0 pending, 1 approved, 2 rejected, 3 withdrawn (SignupStatus). */
  status: number;
  feeCents: number;
  payerName: string;
}

/** BullMQ queue of the payment worker (services/payment/src/worker.ts) and its jobs. */
export const PaymentQueue = {
  name: 'payment',
  /** Asks Alipay about unpaid orders past their time, then closes them here and there (every PAYMENT_JOB_INTERVAL_SECONDS). */
  closeExpired: 'close-expired',
  /** Sends pending refunds (again) under their own request numbers (every PAYMENT_JOB_INTERVAL_SECONDS). */
  refunds: 'refunds',
} as const;

/** payment.order.refunded: money went back to the payer. */
export interface PaymentOrderRefundedEvent {
  orderId: string;
  signupId: number;
  refundNo: string;
  amountCents: number;
  refundedCents: number;
  /** The whole amount is back. */
  full: boolean;
}

export const paymentMessages = {
  'payment.signupNotPayable': { 'zh-CN': '该报名无需缴费或已缴费', en: 'This sign-up has nothing to pay' },
  'payment.notPayer': { 'zh-CN': '只有报名的队长（或个人报名者）可以缴费', en: 'Only the captain (or the individual entrant) can pay' },
  'payment.orderNotFound': { 'zh-CN': '订单不存在：{id}', en: 'No such order: {id}' },
  'payment.alipayFailed': { 'zh-CN': '支付宝暂时无法受理：{reason}', en: 'Alipay could not take the request: {reason}' },
  'payment.refundTooMuch': { 'zh-CN': '最多还可退 {max} 元', en: 'At most {max} yuan can still be refunded' },
  'payment.notRefundable': { 'zh-CN': '订单状态为“{status}”，不能退款', en: 'The order is {status} and cannot be refunded' },
  'payment.notClosable': { 'zh-CN': '只有未支付的订单可以关闭', en: 'Only unpaid orders can be closed' },
  'payment.reasonRequired': { 'zh-CN': '请填写原因', en: 'Give a reason' },
  'payment.status.unpaid': { 'zh-CN': '待支付', en: 'Unpaid' },
  'payment.status.paid': { 'zh-CN': '已支付', en: 'Paid' },
  'payment.status.closed': { 'zh-CN': '已关闭', en: 'Closed' },
  'payment.status.refunding': { 'zh-CN': '退款中', en: 'Refunding' },
  'payment.status.refunded': { 'zh-CN': '已退款', en: 'Refunded' },
  'payment.status.partlyRefunded': { 'zh-CN': '部分退款', en: 'Partly refunded' },
} as const;

/** Columns of the orders export, in order. */
export const ORDER_EXPORT_COLUMNS = [
  { key: 'orderNo', zh: '订单号', en: 'Order no.', required: false, width: 24 },
  { key: 'tradeNo', zh: '支付宝交易号', en: 'Alipay trade no.', required: false, width: 30 },
  { key: 'competitionName', zh: '竞赛', en: 'Competition', required: false, width: 30 },
  { key: 'itemName', zh: '赛项', en: 'Event', required: false, width: 16 },
  { key: 'payerName', zh: '付款人', en: 'Payer', required: false, width: 12 },
  { key: 'amount', zh: '金额（元）', en: 'Amount (yuan)', required: false, width: 12 },
  { key: 'refunded', zh: '已退（元）', en: 'Refunded (yuan)', required: false, width: 12 },
  { key: 'status', zh: '状态', en: 'Status', required: false, width: 10 },
  { key: 'createdAt', zh: '下单时间（UTC）', en: 'Created (UTC)', required: false, width: 20 },
  { key: 'paidAt', zh: '支付时间（UTC）', en: 'Paid (UTC)', required: false, width: 20 },
] as const;
