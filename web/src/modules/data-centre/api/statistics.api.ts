import type { CompetitionFigures, FigureFile, FileLinkReply, FigureSignupQuery, FigureSignupRow, OrganisationFigures, Page, ReportCreate, ReportItem, ReportQuery } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The data centre's figures (services/statistics, through the gateway). */
export const statisticsApi = {
  competition: (competitionId: number, signal?: AbortSignal) => http.get<CompetitionFigures>('/statistics/competition', { competitionId }, signal),
  /** All the organisation's competitions together (its subordinates' included). */
  organisation: (signal?: AbortSignal) => http.get<OrganisationFigures>('/statistics/organisation', undefined, signal),
  /** One figure of them all as .xlsx. */
  exportAll: (dimension: FigureFile) => http.download('/statistics/organisation/export', { dimension }, `sign-ups-${dimension}-all.xlsx`),
  /** 数据预览: the counted sign-ups under a figure's bar, a page. */
  rows: ({ key, ...q }: FigureSignupQuery, signal?: AbortSignal) =>
    // The "not given" bar's key is '', which the client leaves out of a query string like any empty filter: written here.
    http.get<Page<FigureSignupRow>>(`/statistics/competition/rows${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`, { ...q }, signal),
  /** 数据预览's filtered rows as .xlsx. */
  exportRows: ({ key, pageNum: _p, pageSize: _s, ...q }: FigureSignupQuery) =>
    http.download(`/statistics/competition/rows/export${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`, { ...q }, `sign-ups-${q.competitionId}.xlsx`),
  /** One figure as .xlsx, headers in the interface language. */
  exportFigure: (competitionId: number, dimension: FigureFile) => http.download('/statistics/competition/export', { competitionId, dimension }, `sign-ups-${dimension}-${competitionId}.xlsx`),
  /** 数据报告: queue a competition's report (the worker renders it). */
  createReport: (body: ReportCreate) => http.post<ReportItem>('/statistics/reports', body),
  reports: (q: ReportQuery, signal?: AbortSignal) => http.get<Page<ReportItem>>('/statistics/reports', { ...q }, signal),
  /** A signed link to a done report, for the PDF viewer (/preview). */
  reportLink: (id: number) => http.get<FileLinkReply>(`/statistics/reports/${id}/link`),
  downloadReport: (r: ReportItem) => http.download(`/statistics/reports/${r.id}/file`, undefined, `report-${r.competitionId}-${r.id}.pdf`),
};
