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
  /** Publishes again the facts of the works voted for since the last tally (every few seconds), for the statistics. */
  voteTallies: 'vote-tallies',
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
  /** Trimmed mean: works that had enough scores to drop the highest and lowest (0: the plain mean); null otherwise. */
  trimmedWorks: number | null;
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
  /**
   * Out of line: on the works they share with other experts (two at least), the expert's scores differ from the others'
   * mean by more than the round's spread on average (|offsetToOthers| > roundSpread).
   */
  outlier: boolean;
  /** The mean of (their score − the other experts' mean) over sharedWorks works; null for versions computed before it was kept. */
  offsetToOthers: number | null;
  sharedWorks: number | null;
  /** The round's spread (standard deviation of every score) the offset is measured against. */
  roundSpread: number | null;
}

export interface ResultPageQuery extends PageQuery {
  versionId: number;
  keyword?: string;
  disputedOnly?: boolean;
}

/** Promotion to the next stage (晋级), per event: top N, top percent, or at least a score. */
export type PromotionRule = { kind: 'top'; count: number } | { kind: 'percent'; percent: number } | { kind: 'score'; min: number };

/** What breaks ties, in order: a score column of this round (its experts' mean), then another round's score. */
export interface TieBreak {
  /** Index in the round's score columns. */
  column?: number | null;
  /** A round of the same competition: its published (or latest finished) score. */
  roundId?: number | null;
}

export interface PromotionRequest {
  versionId: number;
  rule: PromotionRule;
  tieBreak?: TieBreak;
  /** At most this many works of one school go through (per event); absent: no cap. */
  schoolCap?: number | null;
  /** At the cut: 'include' lets every work tied with the last one through, 'break' ranks ties by the tie-breaks first. */
  ties: 'include' | 'break';
  /** Who competes with whom: each event's works among themselves (default), or every work of the round together. */
  scope?: PromotionScope;
}

export const PROMOTION_SCOPES = ['event', 'round'] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

export interface PromotionPreviewRow {
  workId: number;
  title: string;
  eventId: number | null;
  eventName: string;
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
  /** The English name ('' or absent: the Chinese one is shown in English too). */
  nameEn?: string;
  rule: AwardRule;
}

/** The default levels, best first, named in both languages; an organiser edits names and rules. */
export const DEFAULT_AWARD_LEVELS = [
  { name: '特等奖', nameEn: 'Grand prize' },
  { name: '一等奖', nameEn: 'First prize' },
  { name: '二等奖', nameEn: 'Second prize' },
  { name: '三等奖', nameEn: 'Third prize' },
  { name: '优秀奖', nameEn: 'Honourable mention' },
] as const;

/** A level as an organiser writes it (the award form's shape, and a preset's): its rule and the rule's value. */
export interface AwardLevelInput {
  name: string;
  nameEn?: string;
  rule: 'count' | 'percent' | 'band';
  /** count: works; percent: of the event's works (0 < p <= 100); band: the lowest score. */
  value: number;
}

/** 奖励管理: an organisation's award levels kept under a name, which a round's awards start from. */
export interface AwardPreset {
  id: number;
  name: string;
  levels: AwardLevelInput[];
  updatedAt: string;
}

export interface AwardPresetSave {
  id?: number;
  name: string;
  levels: AwardLevelInput[];
}

export interface AwardRequest {
  versionId: number;
  levels: AwardLevel[];
  tieBreak?: TieBreak;
  /** Ties at a level's edge: 'include' gives every tied work the level, 'break' ranks ties by the tie-breaks first. */
  ties: 'include' | 'break';
  /** Works the round's confirmed promotion eliminated get no award unless this is set. */
  includeEliminated?: boolean;
}

export interface AwardRow {
  workId: number;
  title: string;
  eventId: number | null;
  eventName: string;
  score: number;
  rank: number;
  /** The level's name, or null for no award. */
  level: string | null;
  /** The level's English name ('' when it has none; null for no award). */
  levelEn: string | null;
  /** Eliminated by the round's confirmed promotion (no award unless includeEliminated). */
  eliminated: boolean;
}

export interface AwardReply {
  rows: AwardRow[];
  /** Works per level name, in the levels' order. */
  counts: { level: string; levelEn: string; works: number }[];
  /** Events where more than half of the works would win an award. */
  manyWinners: { eventId: number | null; eventName: string; works: number; winners: number }[];
  confirmedAt: string | null;
}

/** A competition's final score (综合成绩): its rounds weighted, e.g. online 40%, on-site 60%. */
export interface CompetitionScoreRequest {
  competitionId: number;
  weights: { roundId: number; weight: number }[];
}

export interface CompetitionScoreReply {
  /** Each weighted round and the version its scores come from: the published one, else the latest finished (null: none). */
  rounds: { roundId: number; name: string; weight: number; versionId: number | null }[];
  /** Works by final score; a work without a score in every weighted round has none (final null). */
  rows: { workId: number; title: string; scores: Record<string, number>; final: number | null }[];
}

/** Publication (公布): a round's confirmed awards made public, opening the appeal window. */
export interface PublishRequest {
  roundId: number;
  /** Days after publication a participant may appeal (0: no appeals). */
  appealDays: number;
  /** Why the results go out although the review is not finished (see PublishReadiness); required then. */
  reason?: string;
}

/** What is unfinished in a round before its results go out: publishing then needs a reason. */
export interface PublishReadiness {
  /** The round is still open for review. */
  roundOpen: boolean;
  /** Groups whose captain has not confirmed the group's scores. */
  unconfirmedGroups: string[];
  /** Assigned sheets not submitted. */
  unscoredSheets: number;
}

export interface Publication {
  roundId: number;
  roundName: string;
  competitionId: number;
  versionId: number;
  publishedAt: string;
  appealUntil: string;
  awards: number;
  /** Why it was published although the review was not finished. */
  reason: string | null;
}

/** One published award: a work's level and rank in its event. */
export interface PublishedAward {
  workId: number;
  /** The work's sign-up (null for works loaded before rounds kept it). */
  signupId: number | null;
  eventId: number | null;
  eventName: string;
  title: string;
  level: string;
  /** The level's English name ('' when it has none). */
  levelEn: string;
  rank: number;
  score: number;
  schoolNames: string[];
}

/** review.results.published: a round's award list, once per round. */
export interface ResultsPublishedEvent {
  roundId: number;
  roundName: string;
  competitionId: number;
  groupId: number;
  publishedAt: string;
  appealUntil: string;
  awards: PublishedAward[];
}

/** 获奖明细 (/competitionReward/detailedList): published awards across rounds, filtered. */
export interface RewardQuery extends PageQuery {
  competitionId?: number;
  roundId?: number;
  level?: string;
  /** Work title, member, adviser or school. */
  keyword?: string;
  /** Internal (the export): every matching row up to 10,000, not a page. */
  all?: boolean;
}

/** Columns of the winners' export (.xlsx), in the list's order: rank and score as numbers, publication in Beijing time. */
export const REWARD_EXPORT_COLUMNS = [
  { key: 'competitionName', zh: '竞赛', en: 'Competition', required: false, width: 28 },
  { key: 'roundName', zh: '评审轮次', en: 'Round', required: false, width: 16 },
  { key: 'eventName', zh: '赛项', en: 'Event', required: false, width: 16 },
  { key: 'rank', zh: '名次', en: 'Rank', required: false, width: 8, type: 'integer' },
  { key: 'level', zh: '奖项', en: 'Award', required: false, width: 10 },
  { key: 'title', zh: '作品', en: 'Work', required: false, width: 30 },
  { key: 'members', zh: '成员', en: 'Members', required: false, width: 24 },
  { key: 'advisers', zh: '指导教师', en: 'Advisers', required: false, width: 16 },
  { key: 'schools', zh: '学校', en: 'School', required: false, width: 20 },
  { key: 'score', zh: '得分', en: 'Score', required: false, width: 10, type: 'number' },
  { key: 'publishedAt', zh: '发布时间', en: 'Published', required: false, type: 'time' },
] as const;

/** 获奖列表: a published round's awards in one event, with each level's count (best level first). */
export interface AwardSummaryRow {
  competitionId: number;
  roundId: number;
  roundName: string;
  eventId: number | null;
  eventName: string;
  publishedAt: string;
  levels: { level: string; levelEn: string; works: number }[];
  works: number;
  /** The competition's name in the caller's language (the gateway adds it). */
  competitionName?: string;
}

export interface AwardSummaryQuery extends PageQuery {
  competitionId?: number;
}

export interface RewardRow extends PublishedAward {
  roundId: number;
  roundName: string;
  competitionId: number;
  memberNames: string[];
  adviserNames: string[];
  publishedAt: string;
  /** The competition's name in the caller's language (the gateway adds it: the list may span competitions). */
  competitionName?: string;
}

/** /center/reward: one of the caller's awards (kept by enrollment from review.results.published). */
export interface MyAward {
  signupId: number;
  competitionId: number;
  competitionName: string;
  itemName: string;
  teamName: string | null;
  roundId: number;
  roundName: string;
  workId: number;
  workTitle: string;
  /** In the caller's language, like the competition and event names. */
  level: string;
  rank: number;
  publishedAt: string;
  appealUntil: string;
}

/** The public ranking tab: each published round of a competition with its ranked awards. */
export interface PublicRankingRound {
  roundId: number;
  roundName: string;
  publishedAt: string;
  rows: { rank: number; title: string; eventName: string; level: string; levelEn: string; score: number; schoolNames: string[] }[];
}

/** 复议: a participant's appeal against a published result, once per work and round. */
export const APPEAL_STATUSES = ['pending', 'rejected', 'reviewing', 'resolved'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export interface Appeal {
  id: number;
  roundId: number;
  roundName: string;
  workId: number;
  title: string;
  reason: string;
  status: AppealStatus;
  reply: string;
  appellantName: string;
  /** The published score, and the score of the version that resolved a re-review. */
  oldScore: number | null;
  newScore: number | null;
  createdAt: string;
  handledAt: string | null;
}

export interface AppealCreate {
  roundId: number;
  workId: number;
  reason: string;
}

export interface AppealHandle {
  id: number;
  action: 'reject' | 'rereview';
  reply: string;
}

export interface AppealQuery extends PageQuery {
  roundId?: number;
  status?: AppealStatus;
}

/** 投票: public voting on a round's works for a time window. */
export interface VoteWindow {
  id: number;
  roundId: number;
  roundName: string;
  competitionId: number;
  opensAt: string;
  closesAt: string;
  /** How many works one account may vote for per day (one vote per work per day). */
  dailyLimit: number;
  createdAt: string;
}

export interface VoteOpenRequest {
  roundId: number;
  opensAt: string;
  closesAt: string;
  dailyLimit: number;
}

export interface VoteCastReply {
  /** false when this account already voted for the work today. */
  counted: boolean;
  votes: number;
}

export interface VoteBoardRow {
  workId: number;
  title: string;
  eventName: string;
  /** Absent on the public board of a blind round until its results are published. */
  schoolNames?: string[];
  votes: number;
  /** Votes from accounts created after voting opened (counted apart, shown to organisers only). */
  lateVotes?: number;
}

export interface VoteBoard {
  window: VoteWindow | null;
  rows: VoteBoardRow[];
}

export const resultMessages = {
  'result.missingSheets': {
    'zh-CN': '还有 {count} 份评分表未提交，请催促专家或选择按已提交的评分计算',
    en: '{count} score sheets are not submitted yet; remind the experts or choose to compute with the submitted ones',
  },
  'result.noScores': { 'zh-CN': '本轮还没有已提交的评分', en: 'No score sheet of this round is submitted yet' },
  'result.versionNotFound': { 'zh-CN': '计算版本不存在：{id}', en: 'No such score version: {id}' },
  'result.versionNotDone': { 'zh-CN': '该计算版本尚未完成', en: 'This score version is not finished yet' },
  'result.badTieColumn': { 'zh-CN': '本轮没有第 {n} 个评分项', en: 'This round has no score column {n}' },
  'result.tieRoundOther': { 'zh-CN': '用于排序的轮次须属于同一竞赛', en: 'The tie-break round must belong to the same competition' },
  'result.roundOtherCompetition': { 'zh-CN': '评审轮次不属于该竞赛：{id}', en: 'Round {id} is not a round of this competition' },
  'result.awardsDone': { 'zh-CN': '本轮的获奖名单已确认', en: "This round's awards are already confirmed" },
  'result.promotionDone': { 'zh-CN': '本轮的晋级名单已确认', en: "This round's promotion is already confirmed" },
  'message.promoted': { 'zh-CN': '恭喜晋级：{name} 通过了“{round}”', en: 'Promoted: {name} passed "{round}"' },
  'message.eliminated': { 'zh-CN': '很遗憾，{name} 未能通过“{round}”', en: '{name} did not pass "{round}"' },
  'message.awarded': { 'zh-CN': '恭喜获奖：{name} 在“{round}”中获得{level}', en: 'Award: {name} won {level} in "{round}"' },
  'message.appealRejected': { 'zh-CN': '复议未获支持：“{title}”（{round}）。答复：{reply}', en: 'Appeal not upheld: "{title}" ({round}). Reply: {reply}' },
  'message.appealReviewing': { 'zh-CN': '复议已受理：“{title}”（{round}）将重新评审。答复：{reply}', en: 'Appeal accepted: "{title}" ({round}) goes to re-review. Reply: {reply}' },
  'message.appealResolved': { 'zh-CN': '复议已完成：“{title}”（{round}）的得分由 {old} 变为 {new}', en: 'Appeal done: "{title}" ({round}) scored {new}, was {old}' },
  'result.notAwarded': { 'zh-CN': '请先确认本轮的获奖名单再公布', en: "Confirm this round's awards before publishing" },
  'result.notReady': {
    'zh-CN': '评审尚未完成（{what}），请填写仍要公布的理由',
    en: 'The review is not finished ({what}); give a reason to publish anyway',
  },
  'result.notReady.open': { 'zh-CN': '轮次仍在评审中', en: 'the round is still open' },
  'result.notReady.groups': { 'zh-CN': '{n} 个评审组组长未确认：{names}', en: '{n} groups not confirmed by their captain: {names}' },
  'result.notReady.sheets': { 'zh-CN': '{n} 份评分未提交', en: '{n} sheets not submitted' },
  'result.alreadyPublished': { 'zh-CN': '本轮结果已公布', en: "This round's results are already published" },
  'appeal.notPublished': { 'zh-CN': '该轮结果尚未公布', en: "This round's results are not published" },
  'appeal.closed': { 'zh-CN': '复议期已结束', en: 'The appeal window has closed' },
  'appeal.notYours': { 'zh-CN': '只能对自己参赛的作品申请复议', en: 'You can appeal only for your own works' },
  'appeal.exists': { 'zh-CN': '该作品在本轮已申请过复议', en: 'This work already has an appeal in this round' },
  'appeal.notFound': { 'zh-CN': '复议申请不存在：{id}', en: 'No such appeal: {id}' },
  'appeal.roundClosed': {
    'zh-CN': '评审轮次已关闭或已过截止时间，请先开放本轮并延长截止时间，再发起重新评审',
    en: 'The round is closed or past its deadline; open it and extend the deadline before sending the work to re-review',
  },
  'appeal.handled': { 'zh-CN': '该复议申请已处理', en: 'This appeal is already handled' },
  'vote.badWindow': { 'zh-CN': '投票结束时间须晚于开始时间', en: 'Voting must close after it opens' },
  'vote.notOpen': { 'zh-CN': '当前不在投票时间内', en: 'Voting is not open now' },
  'vote.notFound': { 'zh-CN': '投票活动不存在：{id}', en: 'No such vote: {id}' },
  'vote.workNotFound': { 'zh-CN': '该作品不在本次投票中', en: 'This work is not in this vote' },
  'vote.dailyLimit': { 'zh-CN': '今天的票已投完（每天最多 {limit} 个作品），明天再来', en: 'You have used today\'s votes ({limit} works a day); come back tomorrow' },
} as const;
