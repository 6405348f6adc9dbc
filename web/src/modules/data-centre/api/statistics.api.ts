import type { CompetitionFigures, FigureExport } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The data centre's figures (services/statistics, through the gateway). */
export const statisticsApi = {
  competition: (competitionId: number, signal?: AbortSignal) => http.get<CompetitionFigures>('/statistics/competition', { competitionId }, signal),
  /** One figure as .xlsx, headers in the interface language. */
  exportFigure: (competitionId: number, dimension: FigureExport) => http.download('/statistics/competition/export', { competitionId, dimension }, `sign-ups-${dimension}-${competitionId}.xlsx`),
};
