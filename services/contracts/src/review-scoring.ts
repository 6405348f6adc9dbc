/**
 * Expert review scoring (issue 14, part revscore): the round's score sheet as an expert sees it, the
 * expert's assigned works (我的评审), sheet actions and their audit trail. Rounds and assignments live in
 * review.ts; this file only adds what scoring needs.
 */
import type { RoundScoreColumn, SheetStatus } from './review';
import type { PageQuery } from './rpc';

/** How an assigned work looks in 我的评审: not started until a first draft is saved. */
export const MY_REVIEW_STATUSES = ['notStarted', 'draft', 'submitted', 'returned'] as const;
export type MyReviewStatus = (typeof MY_REVIEW_STATUSES)[number];

/** Who changed a sheet and how; every change writes one sheet_history row. */
export const SHEET_ACTIONS = ['save', 'submit', 'return', 'confirm'] as const;
export type SheetAction = (typeof SHEET_ACTIONS)[number];

/** GET /review/comment/info/getColumnSetting: the round's score sheet. */
export interface ColumnSetting {
  roundId: number;
  roundName: string;
  blind: boolean;
  commentRequired: boolean;
  closesAt: string | null;
  columns: RoundScoreColumn[];
}

/** One score per column, in column order; null while the expert has not scored that column. */
export type SheetScores = (number | null)[];

export interface ScoreSheet {
  id: number;
  assignmentId: number;
  scores: SheetScores;
  /** Weighted total out of 100; null until every column is scored. */
  total: number | null;
  comment: string;
  status: SheetStatus;
  returnReason: string;
  /** Optimistic version: a save or submit names the version it edits, so a repeat is applied once. */
  version: number;
  submittedAt: string | null;
  updatedAt: string;
}

export interface SheetSaveInput {
  assignmentId: number;
  scores: SheetScores;
  comment: string;
  /** The version the client edited (0 when no sheet exists yet). */
  version: number;
}

export interface SheetReturnInput {
  sheetId: number;
  reason: string;
}

/** A file of a work as an expert sees it; in blind rounds the name is replaced by a neutral one. */
export interface ReviewFile {
  id: number;
  name: string;
  /** How the scoring screen shows it: PDF and images inline, video played, the rest downloaded. */
  view: 'pdf' | 'image' | 'video' | 'download';
  url: string;
}

/** A row of 我的评审. Blind rounds carry no member names, schools or advisers. */
export interface MyReviewItem {
  assignmentId: number;
  roundId: number;
  roundName: string;
  workId: number;
  workTitle: string;
  eventName: string;
  status: MyReviewStatus;
  total: number | null;
  closesAt: string | null;
  members?: string[];
  advisers?: string[];
  schools?: string[];
}

export interface SheetHistoryEntry {
  id: number;
  sheetId: number;
  actorId: number | null;
  action: SheetAction;
  reason: string;
  before: { scores: SheetScores; comment: string; status: SheetStatus } | null;
  after: { scores: SheetScores; comment: string; status: SheetStatus } | null;
  createdAt: string;
}

/** The expert dashboard: open rounds with deadlines and counts. */
export interface ExpertDashboard {
  rounds: { roundId: number; name: string; closesAt: string | null; assigned: number; submitted: number; returned: number }[];
  /** The groups the caller leads in open rounds and has not yet confirmed, with their sheets submitted of all. */
  captainGroups: { roundId: number; roundName: string; groupName: string; closesAt: string | null; submitted: number; total: number }[];
}

/** GET /review/sheet/detail: what the scoring screen shows (files beside the sheet). */
export interface SheetDetail {
  item: MyReviewItem;
  setting: ColumnSetting;
  sheet: ScoreSheet | null;
  files: ReviewFile[];
  /** Whether the caller may edit (the assigned expert, round open, sheet not submitted). */
  editable: boolean;
}

/** What the gateway needs to stream one file to an expert (never the original name in a blind round). */
export interface ReviewFileAccess {
  storedName: string;
  name: string;
  contentType: string;
}

export interface MyReviewQuery extends PageQuery {
  roundId?: number;
  status?: MyReviewStatus;
  keyword?: string;
}

/** A captain's (or organiser's) view of one review group: its works and every expert's sheet. */
export interface GroupScores {
  roundId: number;
  reviewGroupId: number;
  groupName: string;
  confirmedAt: string | null;
  columns: RoundScoreColumn[];
  works: {
    workId: number;
    title: string;
    sheets: { assignmentId: number; expertId: number; expertName: string; sheetId: number | null; status: MyReviewStatus; scores: SheetScores; total: number | null }[];
  }[];
}

/** A row of the raw score table (评审统计) and its .xlsx export. */
export interface ScoreTableRow {
  workId: number;
  workTitle: string;
  expertId: number;
  expertName: string;
  reviewGroupId: number | null;
  status: MyReviewStatus;
  scores: SheetScores;
  total: number | null;
  comment: string;
  submittedAt: string | null;
}

export const scoringMessages = {
  'review.sheetStatus.notStarted': { 'zh-CN': '未开始', en: 'Not started' },
  'review.sheetStatus.draft': { 'zh-CN': '草稿', en: 'Draft' },
  'review.sheetStatus.submitted': { 'zh-CN': '已提交', en: 'Submitted' },
  'review.sheetStatus.returned': { 'zh-CN': '已退回', en: 'Returned' },
  'review.sheetInvalid': { 'zh-CN': '评分有误：{problems}', en: 'Please fix the scores: {problems}' },
  'review.commentRequired': { 'zh-CN': '本轮要求填写评语', en: 'This round requires a comment' },
  'review.notAssigned': { 'zh-CN': '该作品未分配给您评审', en: 'This work is not assigned to you' },
  'review.roundNotOpen': { 'zh-CN': '轮次未在评审期内', en: 'The round is not open for scoring' },
  'review.sheetStale': { 'zh-CN': '评分表已被修改，请刷新后重试', en: 'The score sheet changed meanwhile; reload it and try again' },
  'review.sheetLocked': { 'zh-CN': '评分表已提交，需组长或组织者退回后才能修改', en: 'The sheet is submitted; it changes only after a captain or the organiser returns it' },
  'review.sheetNotFound': { 'zh-CN': '评分表不存在：{id}', en: 'No such score sheet: {id}' },
  'review.notSubmitted': { 'zh-CN': '只能退回已提交的评分表', en: 'Only a submitted sheet can be returned' },
  'review.notCaptain': { 'zh-CN': '您不是本轮评审组的组长', en: 'You do not captain a group of this round' },
  'review.groupIncomplete': { 'zh-CN': '还有 {count} 份评分表未提交，不能确认', en: '{count} sheets are not submitted yet; the group cannot be confirmed' },
  'review.fileNotFound': { 'zh-CN': '文件不存在', en: 'No such file' },
  'review.fileLinkExpired': { 'zh-CN': '文件链接已失效，请刷新页面', en: 'This file link has expired; reload the page' },
  'message.reviewReminder': { 'zh-CN': '评审提醒：{round} 还有 {count} 份作品待提交评分', en: 'Review reminder: {round} has {count} works waiting for your scores' },
  'message.reviewReminderDue': {
    'zh-CN': '评审提醒：{round} 还有 {count} 份作品待提交评分，截止时间 {at}（北京时间）',
    en: 'Review reminder: {round} has {count} works waiting for your scores, closing {at} (Beijing time)',
  },
  'message.sheetReturned': { 'zh-CN': '评分被退回：{round}《{title}》（原因：{reason}）', en: 'Score returned: {round}, "{title}" (reason: {reason})' },
} as const;
