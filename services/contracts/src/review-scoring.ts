/**
 * Expert review scoring (issue 14, part revscore): the round's score sheet as an expert sees it, the
 * expert's assigned works (我的评审), sheet actions and their audit trail. Rounds and assignments live in
 * review.ts; this file only adds what scoring needs.
 */
import type { RoundScoreColumn, SheetStatus } from './review';

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
}
