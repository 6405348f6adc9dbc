/**
 * Receipts (收据) of paid fees and finance's totals (issue 26). Money is integer fen; days are Beijing days
 * (YYYY-MM-DD), as on Alipay's bills.
 */

/** Which receipt: an order (finance, or its payer), or the payer's paid order of a sign-up (the participant's list). */
export interface ReceiptQuery {
  orderId?: number;
  signupId?: number;
}

/** A printed receipt: its number (the same every time) and where the PDF is stored for the gateway to stream. */
export interface ReceiptFile {
  receiptNo: string;
  key: string;
}

export interface TotalsQuery {
  /** First and last Beijing day, both included. */
  from: string;
  to: string;
  competitionId?: number;
}

/** Sums over the orders paid in a period (by the day they were paid), refunds subtracted from the orders they return. */
export interface Totals {
  paidCount: number;
  grossFen: number;
  refundedFen: number;
  netFen: number;
  /** Net through Alipay and net recorded offline (they add up to netFen). */
  onlineFen: number;
  offlineFen: number;
}

export interface DayTotals extends Totals {
  day: string;
}

export interface CompetitionTotals extends Totals {
  competitionId: number;
  competitionName: string;
}

export interface FinanceTotals {
  from: string;
  to: string;
  days: DayTotals[];
  competitions: CompetitionTotals[];
  total: Totals;
}

/** Longest totals period: one year. */
export const TOTALS_MAX_DAYS = 366;

export const receiptMessages = {
  'payment.receiptWhich': { 'zh-CN': '请指定订单（orderId）或报名（signupId）之一', en: 'Name either the order (orderId) or the sign-up (signupId)' },
  'payment.receiptNotPaid': { 'zh-CN': '该费用尚未支付，没有收据', en: 'This fee is not paid: it has no receipt' },
  'payment.receiptRefunded': { 'zh-CN': '该费用已全额退还，不再开具收据', en: 'This fee was refunded in full: it has no receipt' },
  'payment.receiptRefunding': { 'zh-CN': '退款正在处理，请在退款完成后下载收据', en: 'A refund is under way: download the receipt once it is finished' },
  'payment.receiptFailed': { 'zh-CN': '收据生成失败，请稍后再试', en: 'The receipt could not be printed: try again in a moment' },
  'payment.totalsRange': {
    'zh-CN': '日期范围无效：开始日期不能晚于结束日期，且最多 {max} 天',
    en: 'Invalid period: the start must not be after the end, and at most {max} days',
  },
} as const;
