import type { CaptainFlag, ColumnSetting, ExpertDashboard, GroupScores, MyReviewItem, MyReviewQuery, Page, Round, ScoreSheet, SheetDetail, SheetSaveInput } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The expert's side of review (我的评审, scoring, the captain's group, the dashboard); routes in docs/decisions.md "Expert scoring". */
export const reviewApi = {
  dashboard: (signal?: AbortSignal) => http.get<ExpertDashboard>('/review/mine/dashboard', undefined, signal),
  mine: (q: MyReviewQuery, signal?: AbortSignal) => http.get<Page<MyReviewItem>>('/review/mine/page', { ...q }, signal),
  columns: (roundId: number, signal?: AbortSignal) => http.get<ColumnSetting>('/review/comment/info/getColumnSetting', { roundId }, signal),
  detail: (assignmentId: number, signal?: AbortSignal) => http.get<SheetDetail>('/review/sheet/detail', { assignmentId }, signal),
  /** A work's file as a blob (the route needs the login's token, which an <iframe src> cannot send). */
  file: (url: string) => http.fetchFile(url, undefined, 'file'),
  /** A short-lived link to the same file ending in its name, for the PDF viewer (which titles a document by its URL). */
  fileLink: (url: string) => http.get<{ url: string }>(url.replace('/review/sheet/file?', '/review/sheet/file/link?')),
  save: (p: SheetSaveInput) => http.post<ScoreSheet>('/review/sheet/save', p),
  submit: (p: SheetSaveInput) => http.post<ScoreSheet>('/review/sheet/submit', p),
  returnSheet: (sheetId: number, reason: string) => http.post<ScoreSheet>('/review/sheet/return', { sheetId, reason }),
  captainFlag: (roundId: number, signal?: AbortSignal) => http.get<CaptainFlag>('/review/group/relation/getCaptainFlag', { roundId }, signal),
  groupScores: (roundId: number, signal?: AbortSignal) => http.get<GroupScores>('/review/group/scores', { roundId }, signal),
  confirmGroup: (roundId: number) => http.post<unknown>('/review/group/confirm', { roundId }),
};

export type { Round };
