import type { CompetitionPhase } from './competition';
import type { PageQuery } from './rpc';
import type { Lang } from './lang';

/**
 * Statistics (issue 29): a read model the statistics service keeps from the services' events, never from their
 * schemas. Each owning service publishes a fact (the entity's state as the figures need it) every time the entity
 * changes, numbered by `version` (later changes have higher numbers), and answers the same facts page by page for a
 * rebuild. Applying a fact is idempotent: an older or repeated one changes nothing. A fact's `epoch` names the owning
 * database it came from (made when its schema was): after a database is made afresh its ids and versions start over,
 * and facts of the old one still in the stream are not applied.
 */

/** A sign-up as the figures see it (enrollment.signup.changed). Profile fields are the captain's (the entrant's). */
export interface SignupFact {
  id: number;
  competitionId: number;
  /** The competition's organisation (scoping). */
  groupId: number;
  itemId: number;
  itemName: string;
  /** '' when the event has no English name. */
  itemNameEn: string;
  schoolId: number | null;
  schoolName: string | null;
  college: string | null;
  major: string | null;
  grade: string | null;
  /** SignupStatus. */
  status: number;
  /** PayStatus. */
  payStatus: number;
  feeFen: number;
  createdAt: string;
  /** When its work was submitted (null while it has none, or a draft). */
  workSubmittedAt: string | null;
  /** Its published awards, one per round (absent in facts published before awards were). */
  awards?: SignupAward[];
  /** Numbers the facts of one owning service: a fact with a lower version than the one kept is older. */
  version: number;
  epoch: string;
}

/**
 * An expert's assignment to a work in a review round, with its sheet, as the review figures see it
 * (review.assignment.changed). `live`: still to be reviewed (not declined, its round not deleted). An assignment
 * taken back publishes `{ id, gone: true, version, epoch }`.
 */
export interface AssignmentFact {
  id: number;
  gone?: true;
  competitionId: number;
  groupId: number;
  roundId: number;
  roundName: string;
  reviewGroupId: number | null;
  /** '' when its work is in no review group. */
  reviewGroupName: string;
  expertId: number;
  expertName: string;
  live: boolean;
  /** 'none' (not opened), 'draft', 'submitted' or 'returned' (by the group's captain). */
  sheet: string;
  /** The submitted sheet's total (null unless submitted). */
  total: number | null;
  submittedAt: string | null;
  version: number;
  epoch: string;
}

/**
 * A work in a review round as the vote and check-in figures see it (review.roundwork.changed): its on-site queue
 * state and its votes (not late, and late: by accounts made after the window opened). A work taken out of its round
 * publishes `{ id, gone: true, version, epoch }`.
 */
export interface RoundWorkFact {
  id: number;
  gone?: true;
  competitionId: number;
  groupId: number;
  roundId: number;
  roundName: string;
  workId: number;
  title: string;
  /** Its round is not deleted. */
  live: boolean;
  /** Its place in the on-site queue ('waiting', 'called', 'presenting', 'done', 'skipped', 'absent'); null when not queued. */
  scene: string | null;
  checkedIn: boolean;
  late: boolean;
  votes: number;
  lateVotes: number;
  version: number;
  epoch: string;
}

/**
 * A review round's final scores as the score figures see them (review.roundscore.changed): the version its figures
 * come from (the published one once the round's results are published, else the latest computed), and that
 * version's works' final scores in bands of 10. A round without a computed version has `versionId` null and no bands.
 * A round taken out publishes `{ id, gone: true, version, epoch }`.
 */
export interface RoundScoreFact {
  /** The round's id. */
  id: number;
  gone?: true;
  competitionId: number;
  groupId: number;
  roundName: string;
  /** The round is not deleted. */
  live: boolean;
  versionId: number | null;
  /** The version's number within its round. */
  versionNumber: number | null;
  published: boolean;
  /** Works' final scores per band (its lower end), lowest first. */
  bands: { band: number; count: number }[];
  version: number;
  epoch: string;
}

export interface SignupAward {
  roundId: number;
  level: string;
  /** '' when the level has no English name. */
  levelEn: string;
  rank: number;
}

/**
 * A paid order as the fee figures see it (payment.order.changed): paid on `paidAt`, each refund that went through on
 * its day. Orders never paid have no facts.
 */
export interface OrderFact {
  id: number;
  competitionId: number;
  groupId: number;
  amountFen: number;
  /** 'offline' for a payment finance recorded with a voucher, else Alipay's channel. */
  channel: string | null;
  paidAt: string;
  /** The refunds that succeeded, oldest first. */
  refunds: { at: string; fen: number }[];
  version: number;
  epoch: string;
}

/** A page of an owning service's facts, in id order from `afterId` (a rebuild reads them all). */
export interface FactPageQuery {
  afterId: number;
  limit: number;
}

/** The owning database's epoch (also when it holds no fact yet) and a page of its facts. */
export interface FactPage<T> {
  epoch: string;
  facts: T[];
}

/** The dimensions sign-ups are counted by. */
export const SIGNUP_DIMENSIONS = ['event', 'school', 'college', 'major', 'grade', 'province'] as const;
export type SignupDimension = (typeof SIGNUP_DIMENSIONS)[number];

/** One bar of a breakdown: what it counts (an id or a text, '' when not given) and its label. */
export interface FigureRow {
  key: string;
  label: string;
  count: number;
}

/** GET /statistics/competition: one competition's sign-up figures. Counted sign-ups are those not rejected or withdrawn. */
export interface CompetitionFigures {
  competitionId: number;
  signups: {
    total: number;
    /** Made today (Beijing time). */
    today: number;
    /** Pending approval. */
    pending: number;
    /** Per Beijing day, oldest first. */
    byDay: { day: string; count: number }[];
    by: Record<SignupDimension, FigureRow[]>;
  };
  /** Works submitted by the counted sign-ups. */
  works: {
    submitted: number;
    /** Submitted today (Beijing time). */
    today: number;
    byDay: { day: string; count: number }[];
  };
  /** Fees: payments on the day they were made, refunds on the day they went through (Beijing days). */
  fees: FeeFigures;
  /** Awards published to the counted sign-ups, by level and by school. */
  awards: AwardFigures;
  /** Its review rounds' progress and scores, oldest round first (none in an organisation's figures). */
  review: ReviewRoundFigures[];
  /** When the read model last applied a fact (null before the first). */
  updatedAt: string | null;
}

/**
 * Published awards (each sign-up's award of a round; a sign-up awarded in two rounds counts twice). A level's key is
 * its Chinese name (as rounds name it); levels best first (the default levels in their order, others by the best rank
 * given with each).
 */
export interface AwardFigures {
  total: number;
  byLevel: FigureRow[];
  /** Schools with awards, most first; `levels`: the count per level key ('' school key: sign-ups without a school). */
  bySchool: { key: string; label: string; total: number; levels: Record<string, number> }[];
}

/** Review progress of a part of a round: assignments still to review (not declined) and their sheets submitted. */
export interface ReviewProgressRow {
  key: string;
  label: string;
  assigned: number;
  submitted: number;
}

/** One review round's progress and scores. */
export interface ReviewRoundFigures {
  roundId: number;
  roundName: string;
  assigned: number;
  submitted: number;
  /** Per review group ('' key: works in none), most assigned first. */
  byGroup: ReviewProgressRow[];
  /** Per expert (key: the expert's id), most assigned first; `average`: of their submitted totals (null before one). */
  byExpert: (ReviewProgressRow & { average: number | null })[];
  /**
   * Scores in bands of 10 (key and label: the band's lower end), lowest first: the works' final scores of the
   * round's score version when one was computed (`scoreVersion`), else the submitted sheets' totals.
   */
  scores: FigureRow[];
  /** The score version `scores` come from (the published one, else the latest computed); null: from the sheets. */
  scoreVersion?: { number: number; published: boolean } | null;
  /** Public votes for its works (late: by accounts made after voting opened, counted apart); `top`: the 10 most voted works. */
  votes: { total: number; late: number; top: FigureRow[] };
  /** Its on-site queue (null when it has none): works queued, checked in (late among them), absent, presented. */
  checkIn: { queued: number; checkedIn: number; late: number; absent: number; presented: number } | null;
}

export interface FeeDay {
  day: string;
  paidCount: number;
  paidFen: number;
  refundCount: number;
  refundedFen: number;
}

export interface FeeFigures {
  paidCount: number;
  paidFen: number;
  refundCount: number;
  refundedFen: number;
  /** Paid less refunded. */
  netFen: number;
  today: { paidFen: number; refundedFen: number };
  /** Days with a payment or a refund, oldest first. */
  byDay: FeeDay[];
}

/**
 * GET /statistics/organisation: every competition of the caller's organisations (subordinates included) together;
 * events merged by name (key: the name). `competitions`: those with sign-ups, most first.
 */
export interface OrganisationFigures extends Omit<CompetitionFigures, 'competitionId'> {
  competitions: CompetitionSummary[];
}

export interface CompetitionFiguresQuery {
  competitionId: number;
}

/** What a figure can be exported by: a breakdown, or the days. */
export const FIGURE_EXPORTS = ['day', 'workDay', ...SIGNUP_DIMENSIONS] as const;
export type FigureExport = (typeof FIGURE_EXPORTS)[number];

/** What can be exported as .xlsx: each count figure, the fees per day, the awards by school and level, and review progress by round and expert. */
export const FIGURE_FILES = [...FIGURE_EXPORTS, 'fees', 'awards', 'review'] as const;
export type FigureFile = (typeof FIGURE_FILES)[number];

/** What a figure's rows are read from: a competition's figures, or an organisation's. */
export type FigureSource = Pick<CompetitionFigures, 'signups' | 'works' | 'fees' | 'awards' | 'review'>;

/** A figure's rows as charted, tabled and exported: each day (its key the day), or each breakdown's label ('' when not given). */
export function figureRows(f: FigureSource, figure: FigureExport): FigureRow[] {
  if (figure === 'day' || figure === 'workDay') return (figure === 'day' ? f.signups.byDay : f.works.byDay).map((d) => ({ key: d.day, label: d.day, count: d.count }));
  return f.signups.by[figure];
}

/** GET /statistics/competition/rows (数据预览): the counted sign-ups under one bar of a figure, narrowed by the filters. */
export interface FigureSignupQuery extends PageQuery {
  competitionId: number;
  /** The figure and its bar's key (as FigureRow.key; '' for "not given"); both or neither. */
  dimension?: FigureExport;
  key?: string;
  /** SignupStatus.pending or approved (the statuses that count). */
  status?: number;
  /** PayStatus. */
  payStatus?: number;
  /** true: its work is submitted; false: not yet. */
  workSubmitted?: boolean;
  /** Internal (the export): every matching row up to FIGURE_ROWS_EXPORT_MAX, not a page. */
  all?: boolean;
}

/** Rows 数据预览 exports at most. */
export const FIGURE_ROWS_EXPORT_MAX = 10_000;

/** Columns of 数据预览's export (.xlsx), as the screen shows them; the fee in yuan, times in Beijing time. */
export const FIGURE_ROWS_EXPORT_COLUMNS = [
  { key: 'id', zh: '报名编号', en: 'Sign-up no.', required: false, width: 10, type: 'integer' },
  { key: 'itemName', zh: '赛项', en: 'Event', required: false, width: 16 },
  { key: 'schoolName', zh: '学校', en: 'School', required: false, width: 22 },
  { key: 'provinceName', zh: '省份', en: 'Province', required: false, width: 12 },
  { key: 'college', zh: '学院', en: 'College', required: false, width: 18 },
  { key: 'major', zh: '专业', en: 'Major', required: false, width: 18 },
  { key: 'grade', zh: '年级', en: 'Grade', required: false, width: 10 },
  { key: 'status', zh: '审核状态', en: 'Approval', required: false, width: 10 },
  { key: 'payStatus', zh: '缴费', en: 'Fee', required: false, width: 10 },
  { key: 'feeFen', zh: '报名费（元）', en: 'Fee (yuan)', required: false, width: 12, type: 'money' },
  { key: 'createdAt', zh: '报名时间', en: 'Signed up at', required: false, type: 'time' },
  { key: 'workSubmittedAt', zh: '作品提交时间', en: 'Work submitted at', required: false, type: 'time' },
] as const;

/** One sign-up as the read model holds it: no names or contacts (those stay with the enrollment service). */
export interface FigureSignupRow {
  id: number;
  itemName: string;
  schoolName: string;
  provinceName: string;
  college: string;
  major: string;
  grade: string;
  status: number;
  payStatus: number;
  feeFen: number;
  createdAt: string;
  workSubmittedAt: string | null;
}

/** The exported figure's column headers, and the label of sign-ups that did not give the value. */
export const FIGURE_TEXT = {
  day: { zh: '日期（北京时间）', en: 'Day (Beijing time)' },
  workDay: { zh: '提交日期（北京时间）', en: 'Day submitted (Beijing time)' },
  event: { zh: '赛项', en: 'Event' },
  school: { zh: '学校', en: 'School' },
  college: { zh: '学院', en: 'College' },
  major: { zh: '专业', en: 'Major' },
  grade: { zh: '年级', en: 'Grade' },
  province: { zh: '省份', en: 'Province' },
  count: { zh: '报名数', en: 'Sign-ups' },
  works: { zh: '作品数', en: 'Works' },
  notGiven: { zh: '未填写', en: 'Not given' },
  fileName: { zh: '报名统计', en: 'sign-ups' },
  fees: { zh: '缴费日期（北京时间）', en: 'Day (Beijing time)' },
  paidCount: { zh: '缴费笔数', en: 'Payments' },
  paidFen: { zh: '缴费金额（元）', en: 'Paid (yuan)' },
  refundCount: { zh: '退费笔数', en: 'Refunds' },
  refundedFen: { zh: '退费金额（元）', en: 'Refunded (yuan)' },
  feesFileName: { zh: '缴费统计', en: 'fees' },
  awards: { zh: '学校', en: 'School' },
  awardsTotal: { zh: '获奖合计', en: 'Awards' },
  awardsFileName: { zh: '获奖统计', en: 'awards' },
  review: { zh: '评审轮次', en: 'Round' },
  reviewExpert: { zh: '评审专家', en: 'Expert' },
  reviewAssigned: { zh: '分配评审', en: 'Assigned' },
  reviewSubmitted: { zh: '已提交评分', en: 'Sheets submitted' },
  reviewAverage: { zh: '平均分', en: 'Average' },
  reviewFileName: { zh: '评审进度', en: 'review' },
  allCompetitions: { zh: '全部竞赛', en: 'all' },
} as const satisfies Record<
  | FigureFile
  | 'count'
  | 'works'
  | 'notGiven'
  | 'fileName'
  | 'paidCount'
  | 'paidFen'
  | 'refundCount'
  | 'refundedFen'
  | 'feesFileName'
  | 'awardsTotal'
  | 'awardsFileName'
  | 'reviewExpert'
  | 'reviewAssigned'
  | 'reviewSubmitted'
  | 'reviewAverage'
  | 'reviewFileName'
  | 'allCompetitions',
  { zh: string; en: string }
>;

/** A competition's headline figures (the workbench's running competitions). */
export interface CompetitionSummary {
  competitionId: number;
  signups: number;
  signupsToday: number;
  pending: number;
  worksSubmitted: number;
  /** Fees paid less refunded. */
  feesNetFen: number;
}

/** GET /dashboard/competitions: the organisation's published competitions, newest first, each with its headline figures. */
export interface RunningCompetition extends CompetitionSummary {
  name: string;
  nameEn: string;
  phase: CompetitionPhase;
  enrollEndAt: string | null;
  /** Its open review rounds' sheets submitted of all (null while no round is open). */
  review: { submitted: number; total: number } | null;
  /** The next deadline still to come: sign-up closing, or an open review round closing (null when none). */
  nextDeadline: { at: string; kind: 'enroll' | 'review' } | null;
}

/** The statistics worker's queue: competition reports rendered to PDF. */
export const StatisticsQueue = {
  name: 'statistics',
  /** Renders one report; data RenderReportJob. */
  renderReport: 'render-report',
} as const;

export interface RenderReportJob {
  reportId: number;
}

/** A report's state: queued, rendering, ready to download, failed (its error says why). */
export const ReportStatus = { queued: 0, running: 1, done: 2, failed: 3 } as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];

/** POST /statistics/reports: a competition's report in one language. */
export interface ReportCreate {
  competitionId: number;
  lang: Lang;
}

/** GET /statistics/reports: the caller's organisations' reports, newest first, optionally of one competition. */
export interface ReportQuery extends PageQuery {
  competitionId?: number;
}

/** 数据报告: one report (a PDF of a competition's figures) and how far its rendering is. */
export interface ReportItem {
  id: number;
  competitionId: number;
  competitionName: string;
  lang: Lang;
  status: ReportStatus;
  /** 0–100: the part rendered. */
  progress: number;
  /** Why it failed (null unless failed). */
  error: string | null;
  /** The PDF's size once done. */
  sizeBytes: number | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A done report's file: where the worker stored it, and the download's name. */
export interface ReportFile {
  storageKey: string;
  fileName: string;
}
