import type { ExpertDashboard, PlatformOverview, RunningCompetition, WorkbenchTodo } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The workbench (工作台): what waits for the caller (services' lists, counted by the gateway), an expert's rounds. */
export const workbenchApi = {
  todos: (signal?: AbortSignal) => http.get<WorkbenchTodo[]>('/dashboard/todo', undefined, signal),
  /** An organiser's newest published competitions with their headline figures (services/statistics). */
  competitions: (signal?: AbortSignal) => http.get<RunningCompetition[]>('/dashboard/competitions', undefined, signal),
  /** ROOT: each part's health and the platform's totals. */
  platform: (signal?: AbortSignal) => http.get<PlatformOverview>('/dashboard/platform', undefined, signal),
  /** An expert's open review rounds (services/review). */
  expertRounds: (signal?: AbortSignal) => http.get<ExpertDashboard>('/review/mine/dashboard', undefined, signal),
};
