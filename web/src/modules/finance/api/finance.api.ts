import type { FinanceSettings, FinanceTotals, OfflinePaymentView, OfflineSignupOption, OrderDetail, OrderPage, OrderPageQuery, Option, Page, PageQuery, ReconDetail, ReconKind, ReconPageQuery, ReconRunView, RefundView } from '@cmp/contracts';
import { http } from '@/app/http/client';

export type RefundPageQuery = PageQuery & { keyword?: string; status?: string };

/** Finance (财务): orders, refunds, reconciliation (services/payment through /finance/*). */
export const financeApi = {
  competitions: (signal?: AbortSignal) => http.get<Option[]>('/competition/info/option', undefined, signal),
  events: (competitionId: number, signal?: AbortSignal) => http.get<Option[]>('/competition/info/item/option', { competitionId }, signal),
  orders: (q: OrderPageQuery, signal?: AbortSignal) => http.get<OrderPage>('/finance/order/page', { ...q }, signal),
  order: (id: number, signal?: AbortSignal) => http.get<OrderDetail>('/finance/order/detail', { id }, signal),
  /** Paid orders per day and per competition over Beijing days `from`..`to` (both included). */
  totals: (from: string, to: string, signal?: AbortSignal) => http.get<FinanceTotals>('/finance/order/totals', { from, to }, signal),
  /** Saves the PDF receipt (收据) of a paid order. */
  receipt: (orderId: number) => http.download('/payment/receipt', { orderId }, `receipt-${orderId}.pdf`),
  exportOrders: (q: OrderPageQuery, fallbackName: string) => http.download('/finance/order/export', { ...q }, fallbackName),
  close: (id: number) => http.post<OrderDetail>('/finance/order/close', { id }),
  refund: (orderId: number, amountFen: number, reason: string) => http.post<OrderDetail>('/finance/refund/create', { orderId, amountFen, reason }),
  refunds: (q: RefundPageQuery, signal?: AbortSignal) => http.get<Page<RefundView>>('/finance/refund/page', { ...q }, signal),
  /** A refund waiting for approval: approved (then sent) or rejected with a note, by someone other than who asked. */
  decideRefund: (id: number, approve: boolean, note?: string) => http.post<OrderDetail>('/finance/refund/decide', { id, approve, note }),
  settings: (signal?: AbortSignal) => http.get<FinanceSettings>('/finance/settings', undefined, signal),
  saveSettings: (refundApprovalFen: number) => http.post<FinanceSettings>('/finance/settings', { refundApprovalFen }),
  /** Reconciliation runs; `unresolved: 1` keeps the current ones with differences not yet settled. */
  runs: (q: ReconPageQuery, signal?: AbortSignal) => http.get<Page<ReconRunView>>('/finance/reconcile/page', { ...q }, signal),
  run: (id: number, kind: ReconKind | undefined, signal?: AbortSignal) => http.get<ReconDetail>('/finance/reconcile/detail', { id, kind }, signal),
  /** Resolves with the run, or throws after the HTTP client showed why the file was refused. */
  importBill: async (file: File) => {
    const r = await http.upload<ReconDetail>('/finance/reconcile/import', file);
    if (r.code !== 0) throw new Error(r.msg);
    return r.data;
  },
  fetchBill: (billDay: string) => http.post<ReconDetail>('/finance/reconcile/fetch', { billDay }),
  apply: (id: number) => http.post<ReconDetail>('/finance/reconcile/apply', { id }),
  offline: (q: RefundPageQuery, signal?: AbortSignal) => http.get<Page<OfflinePaymentView>>('/finance/offline/page', { ...q }, signal),
  /** Resolves with the record, or throws after the HTTP client showed why it was refused. */
  recordOffline: async (signupId: number, reason: string, voucher: File) => {
    const r = await http.upload<OfflinePaymentView>('/finance/offline/create', voucher, 'file', undefined, { signupId: String(signupId), reason });
    if (r.code !== 0) throw new Error(r.msg);
    return r.data;
  },
  /** Sign-ups that owe their fee, by payer name, account or sign-up number. */
  offlineSignups: (keyword: string, signal?: AbortSignal) => http.get<OfflineSignupOption[]>('/finance/offline/signups', { keyword }, signal),
  decideOffline: (id: number, approve: boolean, note?: string) => http.post<OfflinePaymentView>('/finance/offline/decide', { id, approve, note }),
  voucher: (id: number) => http.fetchFile('/finance/offline/voucher', { id }, `voucher-${id}`),
};
