/**
 * Final scores (issue 16): a round's calculation, kept as versions, computed by the review worker (BullMQ).
 * Ranking, promotion, awards and publication add their types here.
 */
import type { PageQuery } from './rpc';

/** BullMQ queue of the review worker (services/review/src/worker.ts) and its job names. */
export const ReviewQueue = {
  name: 'review',
  /** Computes one score version; data FinalScoreJob. */
  finalScore: 'final-score',
} as const;

export interface FinalScoreJob {
  versionId: number;
}

export const SCORE_METHODS = ['mean', 'trimmed', 'median', 'calibrated'] as const;
export type ScoreMethod = (typeof SCORE_METHODS)[number];

export interface ScoreParams {
  method: ScoreMethod;
  /** Trimmed mean: drop the highest and lowest from this many scores on (default 5). */
  trimFrom: number;
  /** Calibration: works of evidence the round's mean and spread count as (default 3). */
  prior: number;
  /** Works whose experts' totals differ by more than this are flagged as disputed (default 20). */
  disputeSpread: number;
}

export interface FinalScoreRequest extends Partial<ScoreParams> {
  roundId: number;
  /** Compute with the submitted sheets only, although some are missing. */
  allowMissing?: boolean;
}

export const VERSION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export interface ScoreVersion {
  id: number;
  roundId: number;
  /** 1, 2, ... per round. */
  number: number;
  params: ScoreParams;
  /** SHA-256 of the inputs (every submitted sheet's total and version) and the parameters. */
  checksum: string;
  status: VersionStatus;
  progress: number;
  /** Sheets missing when it was computed (allowMissing). */
  missingCount: number;
  workCount: number;
  error: string;
  createdAt: string;
  finishedAt: string | null;
  publishedAt: string | null;
}

/** The answer of finalScoreCalculation: the version, new or the running one with the same inputs (joined). */
export interface FinalScoreReply {
  version: ScoreVersion;
  joined: boolean;
}

/** A sheet a calculation waits for (the calculation refuses with these unless allowMissing). */
export interface MissingSheet {
  workId: number;
  workTitle: string;
  expertId: number;
  expertName: string;
  status: 'notStarted' | 'draft' | 'returned';
}

export interface WorkResult {
  workId: number;
  title: string;
  eventId: number | null;
  score: number;
  rawMean: number;
  count: number;
  range: number;
  disputed: boolean;
  /** Score in the previous version of the round, if any (what moved). */
  previousScore: number | null;
  experts: { expertId: number; name: string; raw: number; used: number }[];
}

export interface ExpertCalibrationView {
  expertId: number;
  name: string;
  count: number;
  mean: number;
  spread: number;
  shrunkMean: number;
  shrunkSpread: number;
  /** Far out of line: the expert's mean lies more than two round spreads from the round's mean over their works' scores. */
  outlier: boolean;
}

export interface ResultPageQuery extends PageQuery {
  versionId: number;
  keyword?: string;
  disputedOnly?: boolean;
}

/** Promotion to the next stage (晋级), per event: top N, top percent, or at least a score. */
export type PromotionRule = { kind: 'top'; count: number } | { kind: 'percent'; percent: number } | { kind: 'score'; min: number };

export interface PromotionRequest {
  versionId: number;
  rule: PromotionRule;
  /** At most this many works of one school go through (per event); absent: no cap. */
  schoolCap?: number | null;
  /** At the cut: 'include' lets every work tied with the last one through, 'break' ranks ties by the tie-breaks first. */
  ties: 'include' | 'break';
}

export interface PromotionPreviewRow {
  workId: number;
  title: string;
  eventId: number | null;
  score: number;
  rank: number;
  schoolNames: string[];
  promoted: boolean;
  /** It would have gone through but its school reached the cap. */
  cappedBySchool: boolean;
}

export interface PromotionReply {
  rows: PromotionPreviewRow[];
  promoted: number;
  eliminated: number;
  /** Set once confirmed. */
  confirmedAt: string | null;
}

/** review.promotion.confirmed: who goes on from a round and who stops (enrollment marks the sign-ups, tells the people). */
export interface PromotionConfirmedEvent {
  roundId: number;
  roundName: string;
  competitionId: number;
  promotedWorkIds: number[];
  eliminatedWorkIds: number[];
}

/** Awards (奖项) per event: levels best first, each by a count, a percent of the event's works, or a score band. */
export type AwardRule = { kind: 'count'; count: number } | { kind: 'percent'; percent: number } | { kind: 'band'; min: number };

export interface AwardLevel {
  name: string;
  rule: AwardRule;
}

/** The default level names, best first; an organiser edits names and rules. */
export const DEFAULT_AWARD_LEVELS = ['特等奖', '一等奖', '二等奖', '三等奖', '优秀奖'] as const;

export interface AwardRequest {
  versionId: number;
  levels: AwardLevel[];
  /** Ties at a level's edge: 'include' gives every tied work the level, 'break' ranks ties by the tie-breaks first. */
  ties: 'include' | 'break';
}

export interface AwardRow {
  workId: number;
  title: string;
  eventId: number | null;
  score: number;
  rank: number;
  /** The level's name, or null for no award. */
  level: string | null;
}

export interface AwardReply {
  rows: AwardRow[];
  /** Works per level name, in the levels' order. */
  counts: { level: string; works: number }[];
  confirmedAt: string | null;
}

export const resultMessages = {
  'result.missingSheets': {
    'zh-CN': '还有 {count} 份评分表未提交，请催促专家或选择按已提交的评分计算',
    en: '{count} score sheets are not submitted yet; remind the experts or choose to compute with the submitted ones',
  },
  'result.noScores': { 'zh-CN': '本轮还没有已提交的评分', en: 'No score sheet of this round is submitted yet' },
  'result.versionNotFound': { 'zh-CN': '计算版本不存在：{id}', en: 'No such score version: {id}' },
  'result.versionNotDone': { 'zh-CN': '该计算版本尚未完成', en: 'This score version is not finished yet' },
  'result.awardsDone': { 'zh-CN': '本轮的获奖名单已确认', en: "This round's awards are already confirmed" },
  'result.promotionDone': { 'zh-CN': '本轮的晋级名单已确认', en: "This round's promotion is already confirmed" },
  'message.promoted': { 'zh-CN': '恭喜晋级：{name} 通过了“{round}”', en: 'Promoted: {name} passed "{round}"' },
  'message.eliminated': { 'zh-CN': '很遗憾，{name} 未能通过“{round}”', en: '{name} did not pass "{round}"' },
} as const;
