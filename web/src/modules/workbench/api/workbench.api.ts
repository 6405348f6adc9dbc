import type { ExpertDashboard, FinanceTotals, PlatformOverview, RunningCompetition, WorkbenchTodo } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The workbench (工作台): what waits for the caller (services' lists, counted by the gateway), an expert's rounds. */
export const workbenchApi = {
  todos: (signal?: AbortSignal) => http.get<WorkbenchTodo[]>('/dashboard/todo', undefined, signal),
  /** An organiser's newest published competitions with their headline figures (services/statistics). */
  competitions: (signal?: AbortSignal) => http.get<RunningCompetition[]>('/dashboard/competitions', undefined, signal),
  /** Finance: the organisation's paid orders of one Beijing day (as 订单管理's 收入统计 counts them). */
  dayTotals: (day: string, signal?: AbortSignal) => http.get<FinanceTotals>('/finance/order/totals', { from: day, to: day }, signal),
  /** ROOT: each part's health and the platform's totals. */
  platform: (signal?: AbortSignal) => http.get<PlatformOverview>('/dashboard/platform', undefined, signal),
  /** An expert's open review rounds (services/review). */
  expertRounds: (signal?: AbortSignal) => http.get<ExpertDashboard>('/review/mine/dashboard', undefined, signal),
};
