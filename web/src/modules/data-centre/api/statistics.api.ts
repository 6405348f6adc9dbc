import type { CompetitionFigures, FigureExport, FigureSignupQuery, FigureSignupRow, Page } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The data centre's figures (services/statistics, through the gateway). */
export const statisticsApi = {
  competition: (competitionId: number, signal?: AbortSignal) => http.get<CompetitionFigures>('/statistics/competition', { competitionId }, signal),
  /** 数据预览: the counted sign-ups under a figure's bar, a page. */
  rows: ({ key, ...q }: FigureSignupQuery, signal?: AbortSignal) =>
    // The "not given" bar's key is '', which the client leaves out of a query string like any empty filter: written here.
    http.get<Page<FigureSignupRow>>(`/statistics/competition/rows${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`, { ...q }, signal),
  /** One figure as .xlsx, headers in the interface language. */
  exportFigure: (competitionId: number, dimension: FigureExport) => http.download('/statistics/competition/export', { competitionId, dimension }, `sign-ups-${dimension}-${competitionId}.xlsx`),
};
