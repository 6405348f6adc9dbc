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
  /** The host name the payer's page was served from; set by the gateway, never taken from the body. */
  host?: string;
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
  /** '' when the competition has no English name, or for orders made before English names were copied. */
  competitionNameEn: string;
  itemId: number;
  itemName: string;
  itemNameEn: string;
  payerUserId: number;
  payerName: string;
  /** The payer's (the sign-up captain's) login account and the sign-up's school; '' for orders made before they were kept. */
  payerAccount: string;
  payerSchool: string;
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
  /** Finance's lists: when the last refund of the order went through. */
  refundedAt?: string | null;
}

/**
 * Every callback is kept with what the service made of it: raw when Alipay signed it; when not (badSignature,
 * anybody's post) only its first characters (raw.prefix), with repeats from one address counted on one row.
 */
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
  /** How many notifications this row stands for: more than 1 only for unsigned ones from one address. */
  count: number;
  /** The last of them, when count is more than 1. */
  lastReceivedAt: string | null;
  /** The client address it came from (null for the service's own trade queries and callbacks kept before issue 27). */
  address: string | null;
  /** Its size as a form (the largest, when counted). */
  sizeBytes: number | null;
}

/**
 * A refund above its organisation's approval amount waits for a second finance person (awaitingApproval), who
 * approves it (then pending: sent to Alipay) or rejects it; pending ones are sent until they succeed or fail for good.
 */
export const REFUND_STATUSES = ['awaitingApproval', 'pending', 'succeeded', 'failed', 'rejected'] as const;
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
  /** The account that asked for it ('system' for automatic refunds) and the person's real name. */
  requestedBy: string;
  requestedByName: string;
  /** Who approved or rejected it (refunds above the approval amount), by account and real name, and the note. */
  decidedBy: string | null;
  decidedByName: string | null;
  decisionNote: string | null;
  decidedAt: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface RefundDecision {
  id: number;
  approve: boolean;
  /** Required when rejecting. */
  note?: string;
}

/** An organisation's finance settings (财务设置). */
export interface FinanceSettings {
  groupId: number;
  /** Refunds above this amount need a second finance person's approval (0: every refund does). */
  refundApprovalFen: number;
  /** Who last changed them, by real name (null: never changed, the defaults apply). */
  updatedByName: string | null;
  updatedAt: string | null;
}

/** Refunds above ¥500 need a second finance person's approval unless the organisation sets another amount. */
export const DEFAULT_REFUND_APPROVAL_FEN = 50_000;

export interface OrderDetail extends OrderView {
  callbacks: CallbackView[];
  refunds: RefundView[];
  /** Who closed it by hand (finance), by real name; null when the platform closed it. */
  closedByName: string | null;
  /** Refunds of this order above this amount wait for a second finance person's approval. */
  refundApprovalFen: number;
}

export interface OrderPageQuery extends PageQuery {
  competitionId?: number;
  itemId?: number;
  status?: OrderStatus;
  /** Order number, Alipay trade number, payer name or payer account. */
  keyword?: string;
  /** Created from / to (ISO date-times). */
  from?: string;
  to?: string;
}

/** Money received, refunded and kept (net = paid − refunded), in fen. */
export interface MoneyTotals {
  paidFen: number;
  refundedFen: number;
  netFen: number;
}

export interface OrderPage extends Page<OrderView> {
  /** Sums over every filtered row, not only the page: all (with the orders' amount), and online (Alipay) and offline apart. */
  totals: MoneyTotals & { amountFen: number; online: MoneyTotals; offline: MoneyTotals };
}

/** The orders export: its file name (competition and date range) and its rows (money in fen, times as instants). */
export interface OrderExport {
  fileName: string;
  rows: Record<string, string | number | null>[];
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
  feeFen: number;
  payerName: string;
  competitionNameEn: string;
  itemNameEn: string;
  /** The captain's login account, and the sign-up's school ('' when none). */
  payerAccount: string;
  payerSchool: string;
}

/** Reconciliation (对账): what one line of the comparison between Alipay's bill and the platform's books says. */
export const RECON_KINDS = ['matched', 'amountDiff', 'alipayOnly', 'platformOnly'] as const;
export type ReconKind = (typeof RECON_KINDS)[number];
/**
 * What a caller is told of each line: its kind, or otherOrg for a bill line of another organisation's order (the
 * merchant account is shared; its details are that organisation's). Every bill line is in exactly one of matched,
 * amountDiff, alipayOnly and otherOrg; platformOnly lines are the books' own.
 */
export const RECON_COUNT_KINDS = [...RECON_KINDS, 'otherOrg'] as const;
export type ReconCountKind = (typeof RECON_COUNT_KINDS)[number];

/** Money of a run in fen: the bill's lines the caller sees, the books' side of those lines, and the rest of the bill. */
export interface ReconTotals {
  alipay: { paymentsFen: number; refundsFen: number };
  platform: { paymentsFen: number; refundsFen: number };
  /** Bill lines of other organisations' orders: with alipay, the whole bill. */
  otherOrg: { paymentsFen: number; refundsFen: number };
}

export interface ReconItemView {
  id: number;
  side: 'trade' | 'refund';
  kind: ReconKind;
  orderId: number | null;
  orderNo: string;
  tradeNo: string;
  requestNo: string;
  alipayFen: number | null;
  platformFen: number | null;
  platformStatus: string | null;
  resolution: string | null;
  resolvedBy: string | null;
  resolvedByName: string | null;
  resolvedAt: string | null;
}

export interface ReconRunView {
  id: number;
  billDay: string;
  source: 'upload' | 'download';
  fileName: string;
  billRows: number;
  /** The account that ran it ('system' for the morning job) and the person's real name. */
  createdBy: string;
  createdByName: string;
  createdAt: string;
  /** Items by kind, of the caller's organisations (and those Alipay lists for no known order); otherOrg counts the rest of the bill. */
  counts: Record<ReconCountKind, number>;
  totals: ReconTotals;
  /** Differences not yet resolved. */
  open: number;
  /** The latest run of its bill day: a later import of the same day replaces it (then supersededBy names that run). */
  current: boolean;
  supersededBy: number | null;
}

export interface ReconDetail extends ReconRunView {
  items: ReconItemView[];
}

/** The runs listed by 支付宝对账 (newest bill day first). */
export interface ReconPageQuery extends PageQuery {
  /**
   * 1: only runs with differences not yet settled (open > 0) that are their day's current run (a later import of a
   * day replaces the earlier one's lines). The workbench's to-do reconDifferences counts this list.
   */
  unresolved?: 0 | 1;
}

/** An uploaded bill the gateway stored (its name under `bills/`), to be read, parsed and reconciled by the payment service. */
export interface ReconcileImport {
  billKey: string;
  fileName: string;
  /** The day the clerk chose; without it, the day the bill's header gives. */
  billDay?: string;
}

/** A fee paid outside Alipay (bank transfer, cash), recorded by one finance account and approved by another. */
export const OFFLINE_STATUSES = ['pending', 'approved', 'rejected', 'closed'] as const;
export type OfflineStatus = (typeof OFFLINE_STATUSES)[number];
/** Why a waiting record was closed without a decision: the fee was paid online meanwhile, or the sign-up ended. */
export const OFFLINE_CLOSE_REASONS = ['paidOnline', 'signupClosed'] as const;
export type OfflineCloseReason = (typeof OFFLINE_CLOSE_REASONS)[number];

export interface OfflinePaymentView {
  id: number;
  signupId: number;
  competitionName: string;
  /** '' when there is none (or for records made before English names were copied). */
  competitionNameEn: string;
  itemName: string;
  itemNameEn: string;
  payerName: string;
  amountFen: number;
  reason: string;
  status: OfflineStatus;
  requestedBy: string;
  requestedByName: string;
  decidedBy: string | null;
  decidedByName: string | null;
  decisionNote: string | null;
  /** Set when the status is closed. */
  closeReason: OfflineCloseReason | null;
  orderNo: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface OfflineCreateRequest {
  signupId: number;
  reason: string;
  /** The stored voucher (the gateway keeps the file; the service keeps its name). */
  voucherKey: string;
}

/** An offline payment before its voucher is stored: what offlineCheck judges. */
export type OfflineCheckRequest = Omit<OfflineCreateRequest, 'voucherKey'>;

/** What the payer's pay button shows besides the sign-up's pay status: an offline payment waiting for approval holds it. */
export interface PayState {
  offlinePending: boolean;
}

/** A sign-up finance may record an offline payment for (the record form's search), with whose it is. */
export interface OfflineSignupOption {
  signupId: number;
  payerName: string;
  payerAccount: string;
  competitionName: string;
  competitionNameEn: string;
  itemName: string;
  itemNameEn: string;
  feeFen: number;
}

export interface OfflineDecision {
  id: number;
  approve: boolean;
  note?: string;
}

/** BullMQ queue of the payment worker (services/payment/src/worker.ts) and its jobs. */
export const PaymentQueue = {
  name: 'payment',
  /** Asks Alipay about unpaid orders past their time, then closes them here and there (every PAYMENT_JOB_INTERVAL_SECONDS). */
  closeExpired: 'close-expired',
  /** Sends pending refunds (again) under their own request numbers (every PAYMENT_JOB_INTERVAL_SECONDS). */
  refunds: 'refunds',
  /** Reconciles the day before against Alipay's bill every morning (Beijing time) and tells finance of differences. */
  reconcile: 'reconcile',
} as const;

/** payment.order.refunded: money went back to the payer. */
export interface PaymentOrderRefundedEvent {
  orderId: string;
  signupId: number;
  refundNo: string;
  amountFen: number;
  refundedFen: number;
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
  'payment.offlineSameAccount': { 'zh-CN': '线下缴费须由另一位财务人员审核', en: 'Another finance account must approve an offline payment' },
  'payment.offlineNotPending': { 'zh-CN': '该线下缴费已处理', en: 'This offline payment was already decided' },
  'payment.offlineNotFound': { 'zh-CN': '线下缴费记录不存在：{id}', en: 'No such offline payment: {id}' },
  'payment.offlinePending': { 'zh-CN': '该报名已有待审核的线下缴费', en: 'This sign-up already has an offline payment waiting for approval' },
  'payment.offlineWaiting': {
    'zh-CN': '该报名有一笔线下缴费正在确认中，请勿重复缴费',
    en: 'An offline payment of this sign-up is being confirmed: do not pay again',
  },
  'payment.refundSameAccount': { 'zh-CN': '该退款须由另一位财务人员审批', en: 'Another finance person must approve this refund' },
  'payment.refundNotAwaiting': { 'zh-CN': '该退款已审批过', en: 'This refund was already decided' },
  'payment.refundNotFound': { 'zh-CN': '退款不存在：{id}', en: 'No such refund: {id}' },
  'payment.offlineRefund': { 'zh-CN': '线下缴费的订单请线下退款', en: 'An offline payment is refunded offline' },
  'payment.voucherType': { 'zh-CN': '缴费凭证须为图片（PNG、JPEG）或 PDF', en: 'The voucher must be an image (PNG, JPEG) or a PDF' },
  'payment.billUnreadable': { 'zh-CN': '无法读取支付宝账单：{reason}', en: 'The Alipay bill cannot be read: {reason}' },
  'payment.billNoHeader': { 'zh-CN': '无法读取支付宝账单：没有“支付宝交易号、商户订单号”表头', en: 'The Alipay bill cannot be read: no column header (支付宝交易号, 商户订单号)' },
  'payment.billNoColumns': { 'zh-CN': '无法读取支付宝账单：缺少“业务类型”或金额列', en: 'The Alipay bill cannot be read: no type (业务类型) or amount column' },
  'payment.billBadAmount': { 'zh-CN': '无法读取支付宝账单：第 {line} 行金额“{amount}”无法识别', en: 'The Alipay bill cannot be read: line {line}: bad amount "{amount}"' },
  'payment.billTooLong': { 'zh-CN': '无法读取支付宝账单：超过 {max} 行', en: 'The Alipay bill cannot be read: more than {max} lines' },
  'payment.billCutOff': { 'zh-CN': '无法读取支付宝账单：合计 {declared} 笔，文件中只有 {found} 笔', en: 'The Alipay bill cannot be read: the totals say {declared}, the file has {found}' },
  'payment.billZipDamaged': { 'zh-CN': '无法读取支付宝账单：压缩包已损坏', en: 'The Alipay bill cannot be read: the zip is damaged' },
  'payment.billNoDetail': { 'zh-CN': '无法读取支付宝账单：压缩包里没有业务明细 CSV', en: 'The Alipay bill cannot be read: no detail CSV (业务明细) in the zip' },
  'payment.billTooLarge': { 'zh-CN': '无法读取支付宝账单：文件大于 {limit}', en: 'The Alipay bill cannot be read: larger than {limit}' },
  'payment.refundReason.rejected': { 'zh-CN': '报名被驳回', en: 'rejected' },
  'payment.refundReason.withdrawn': { 'zh-CN': '报名已撤销', en: 'withdrawn' },
  'payment.refundReason.doublePayment': { 'zh-CN': '重复支付', en: 'duplicate payment' },
  'payment.billNotReady': { 'zh-CN': '支付宝还没有 {day} 的账单（次日 9 点后可下载）', en: 'Alipay has no bill for {day} yet (ready after 9:00 the next day)' },
  'payment.reconNotFound': { 'zh-CN': '对账记录不存在：{id}', en: 'No such reconciliation: {id}' },
  'payment.reconNotApplicable': { 'zh-CN': '只有“支付宝有、平台未收款”的差异可以补记', en: 'Only payments Alipay has and the platform lacks can be applied' },
  'payment.reconStillUnpaid': { 'zh-CN': '支付宝查询显示该订单未支付，未补记', en: 'Alipay says this order is not paid: nothing applied' },
  'message.reconcileDifferences': { 'zh-CN': '{day} 支付宝对账发现 {count} 处差异，请到财务对账处理', en: 'Alipay reconciliation of {day}: {count} differences to look at' },
  'payment.billDayUnknown': { 'zh-CN': '账单文件没有写明日期，请选择账单日期', en: 'The bill does not say its day: choose the bill date' },
  'payment.status.unpaid': { 'zh-CN': '待支付', en: 'Unpaid' },
  'payment.status.paid': { 'zh-CN': '已支付', en: 'Paid' },
  'payment.status.closed': { 'zh-CN': '已关闭', en: 'Closed' },
  'payment.status.refunding': { 'zh-CN': '退款中', en: 'Refunding' },
  'payment.status.refunded': { 'zh-CN': '已退款', en: 'Refunded' },
  'payment.status.partlyRefunded': { 'zh-CN': '部分退款', en: 'Partly refunded' },
  'payment.channel.online': { 'zh-CN': '线上', en: 'Online' },
  'payment.channel.offline': { 'zh-CN': '线下', en: 'Offline' },
  'payment.exportName': { 'zh-CN': '订单-{competition}-{from}至{to}', en: 'orders-{competition}-{from}-to-{to}' },
  'payment.exportAllCompetitions': { 'zh-CN': '全部竞赛', en: 'all-competitions' },
  'payment.exportTooMany': { 'zh-CN': '筛选结果有 {count} 条，一次最多导出 {max} 条：请缩小筛选范围（如下单时间）后再导出', en: '{count} orders match, at most {max} can be exported at once: narrow the filter (such as the created dates) and export again' },
} as const;

/** Columns of the orders export, in order: money in yuan as numbers with a totals row, times in Beijing time. */
export const ORDER_EXPORT_COLUMNS = [
  { key: 'orderNo', zh: '订单号', en: 'Order no.', required: false, width: 24 },
  { key: 'tradeNo', zh: '支付宝交易号', en: 'Alipay trade no.', required: false, width: 30 },
  { key: 'competitionName', zh: '竞赛', en: 'Competition', required: false, width: 30 },
  { key: 'itemName', zh: '赛项', en: 'Event', required: false, width: 16 },
  { key: 'payerName', zh: '付款人', en: 'Payer', required: false, width: 12 },
  { key: 'payerAccount', zh: '付款人账号', en: 'Payer account', required: false, width: 16 },
  { key: 'payerSchool', zh: '学校', en: 'School', required: false, width: 20 },
  { key: 'channel', zh: '渠道', en: 'Channel', required: false, width: 10 },
  { key: 'status', zh: '状态', en: 'Status', required: false, width: 10 },
  { key: 'amount', zh: '订单金额（元）', en: 'Amount (yuan)', required: false, width: 14, type: 'money', sum: true },
  { key: 'paid', zh: '实收（元）', en: 'Paid (yuan)', required: false, width: 14, type: 'money', sum: true },
  { key: 'refunded', zh: '已退（元）', en: 'Refunded (yuan)', required: false, width: 14, type: 'money', sum: true },
  { key: 'net', zh: '净收（元）', en: 'Net (yuan)', required: false, width: 14, type: 'money', sum: true },
  { key: 'createdAt', zh: '下单时间', en: 'Created', required: false, type: 'time' },
  { key: 'paidAt', zh: '支付时间', en: 'Paid at', required: false, type: 'time' },
  { key: 'refundedAt', zh: '退款时间', en: 'Refunded at', required: false, type: 'time' },
] as const;
