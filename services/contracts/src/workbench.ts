import { Perm } from './permissions';
import { SignupStatus } from './enrollment';
import type { RoundAttention } from './review';

/**
 * What waits for the caller on the workbench (工作台). Each to-do is a back-office list with a filter: the gateway
 * counts it with the list's own call and filter (so the count is what the list shows), and the workbench links to
 * that list with the same filter in its address. Shown to whoever may open the list and act on it (every permission).
 */
export const WORKBENCH_TODOS = {
  /** Sign-ups waiting for approval (报名管理). */
  signupsToApprove: { filter: { status: SignupStatus.pending }, permissions: [Perm.enrollList, Perm.enrollCheck] },
  /** Open review rounds closing within 48 hours, or past their closing time (竞赛评审). */
  roundsClosingSoon: { filter: { attention: 'closingSoon' as RoundAttention }, permissions: [Perm.reviewList, Perm.reviewEdit] },
  /** Rounds with disputed works that no extra expert has been drawn for yet (竞赛评审 → 评审结果). */
  roundsDisputed: { filter: { attention: 'disputed' as RoundAttention }, permissions: [Perm.reviewList, Perm.reviewEdit] },
  /** Rounds with appeals not yet answered or still being reviewed (竞赛评审 → 评审结果 → 申诉). */
  roundsAppealed: { filter: { attention: 'appeals' as RoundAttention }, permissions: [Perm.reviewList, Perm.reviewEdit] },
  /** Rounds whose awards are confirmed and whose results are not yet published (竞赛评审 → 评审结果). */
  roundsToPublish: { filter: { attention: 'toPublish' as RoundAttention }, permissions: [Perm.reviewList, Perm.reviewEdit] },
  /** Certificate batches whose rendering failed (证书列表). */
  batchesFailed: { filter: { status: 'failed' }, permissions: [Perm.certificateList, Perm.certificateIssue] },
  /** Offline payments recorded by one finance account, waiting for a second one (财务操作 → 线下缴费). */
  offlineToApprove: { filter: { status: 'pending' }, permissions: [Perm.financeList, Perm.financeEdit] },
  /** Refunds above the organisation's approval amount, waiting for a second person (退款列表). */
  refundsToApprove: { filter: { status: 'awaitingApproval' }, permissions: [Perm.financeList, Perm.financeEdit] },
  /** Refunds Alipay refused (退款列表): to send again or settle by hand. */
  refundsFailed: { filter: { status: 'failed' }, permissions: [Perm.financeList, Perm.financeEdit] },
  /** Reconciliation runs (current ones) with differences not yet settled (财务操作 → 支付宝对账). */
  reconDifferences: { filter: { unresolved: 1 }, permissions: [Perm.financeList, Perm.financeEdit] },
  /** Orders waiting for their payer (订单管理): closed by the worker when their time is up. */
  ordersUnpaid: { filter: { status: 'unpaid' }, permissions: [Perm.financeList] },
  /** Orders with money on its way back to the payer (订单管理). */
  ordersRefunding: { filter: { status: 'refunding' }, permissions: [Perm.financeList] },
} as const;
export type TodoKind = keyof typeof WORKBENCH_TODOS;
export const TODO_KINDS = Object.keys(WORKBENCH_TODOS) as TodoKind[];

export interface WorkbenchTodo {
  kind: TodoKind;
  /** How many the list shows with the to-do's filter; null when the service that owns the list did not answer. */
  count: number | null;
}

/** ROOT's workbench: the platform's parts and its size, each total what its list shows. */
export interface PlatformOverview {
  /** Redis and each service: answering or not (as GET /health). */
  checks: Record<string, 'ok' | 'down'>;
  /** null when the service that owns the list did not answer. */
  organisations: number | null;
  users: number | null;
  competitions: number | null;
}
