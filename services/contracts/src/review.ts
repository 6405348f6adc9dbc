/**
 * Expert review (issue 14): experts, rounds, groups, assignments and score sheets, owned by the review service
 * (schema `review`). Experts' profiles, recruitment and scoring add their own contract files beside this one.
 */
import type { PageQuery } from './rpc';

export const EXPERT_SOURCES = ['library', 'recruited', 'recommended', 'temporary'] as const;
export type ExpertSource = (typeof EXPERT_SOURCES)[number];
export const EXPERT_STATUSES = ['active', 'disabled'] as const;
export type ExpertStatus = (typeof EXPERT_STATUSES)[number];
export const CONFLICT_KINDS = ['school', 'person', 'work'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

export const ROUND_TYPES = ['online', 'onsite'] as const;
export type RoundType = (typeof ROUND_TYPES)[number];
/** draft: being set up; open: experts score; closed: scores final. */
export const ROUND_STATUSES = ['draft', 'open', 'closed'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const ASSIGNMENT_SOURCES = ['auto', 'manual'] as const;
export type AssignmentSource = (typeof ASSIGNMENT_SOURCES)[number];
/** An expert's bid on a work when the round allows bidding. */
export const BIDS = ['eager', 'willing', 'unwilling'] as const;
export type Bid = (typeof BIDS)[number];
export const SHEET_STATUSES = ['draft', 'submitted', 'returned'] as const;
export type SheetStatus = (typeof SHEET_STATUSES)[number];

export interface Expert {
  id: number;
  userId: number | null;
  groupId: number;
  name: string;
  /** 职称 */
  title: string;
  unit: string;
  schoolId: number | null;
  phone: string;
  email: string;
  subjects: string[];
  keywords: string[];
  eventIds: number[];
  categories: string[];
  status: ExpertStatus;
  source: ExpertSource;
  expiresAt: string | null;
}

export interface ExpertConflict {
  id: number;
  expertId: number;
  kind: ConflictKind;
  /** school: a school id; person: a user id; work: a work id. */
  value: string;
  reason: string;
}

export interface RoundScoreColumn {
  name: string;
  max: number;
  /** Scores are multiples of step (0.5 allows 7.5). */
  step: number;
  /** Percent of the total; a round's weights add up to 100. */
  weight: number;
  rubric: string;
}

export interface RoundInput {
  competitionId: number;
  stageId: number | null;
  name: string;
  type: RoundType;
  blind: boolean;
  opensAt: string | null;
  closesAt: string | null;
  expertsPerWork: number;
  scoreColumns: RoundScoreColumn[];
  commentRequired: boolean;
  biddingAllowed: boolean;
  excludeOwnOrganisation: boolean;
  /** Competition items (events) the round covers; empty: all. */
  eventIds: number[];
}

export interface Round extends RoundInput {
  id: number;
  groupId: number;
  status: RoundStatus;
  workCount: number;
  expertCount: number;
  assignmentCount: number;
  createdAt: string;
}

/** Loading a round's works: `allSubmitted` takes every submitted work of its events, not the works the round before promoted. */
export interface RoundWorksSyncInput {
  id: number;
  allSubmitted?: boolean;
}

/** Where a round's works come from: the round before it (if any) and whether its promotion is confirmed. */
export interface RoundWorkSource {
  previousRound: { id: number; name: string } | null;
  promotionConfirmed: boolean;
  /** Works promoted by the round before (when confirmed). */
  promotedCount: number;
}

/**
 * Rounds that wait for their organiser (the workbench's review to-dos): open and closing within 48 hours (or past
 * their closing time); disputed works in the latest calculation with no extra expert yet; appeals not yet answered or still being reviewed;
 * awards confirmed but the results not yet published.
 */
export const ROUND_ATTENTIONS = ['closingSoon', 'disputed', 'appeals', 'toPublish'] as const;
export type RoundAttention = (typeof ROUND_ATTENTIONS)[number];
/** How far ahead a round's closing time makes it "closing soon". */
export const ROUND_CLOSING_SOON_HOURS = 48;

export interface RoundPageQuery extends PageQuery {
  competitionId?: number;
  keyword?: string;
  status?: RoundStatus;
  attention?: RoundAttention;
}

export interface ReviewGroup {
  id: number;
  roundId: number;
  name: string;
  captainExpertId: number | null;
  expertIds: number[];
  /** Events this group reviews (used when splitting evenly by event); empty: any. */
  eventIds: number[];
}

/** A work a round covers, with what conflict checks need. */
export interface RoundWork {
  id: number;
  roundId: number;
  workId: number;
  eventId: number | null;
  title: string;
  keywords: string[];
  memberUserIds: number[];
  adviserUserIds: number[];
  schoolIds: number[];
  groupId: number | null;
}

export interface Assignment {
  id: number;
  roundId: number;
  workId: number;
  expertId: number;
  locked: boolean;
  source: AssignmentSource;
  declined: boolean;
  declineReason: string;
  createdAt: string;
}

export interface ReviewTypeOptions {
  roundTypes: RoundType[];
  roundStatuses: RoundStatus[];
  expertSources: ExpertSource[];
  conflictKinds: ConflictKind[];
  sheetStatuses: SheetStatus[];
}

/** A submitted work as the enrollment service hands it to the review service (internal). */
export interface ReviewCandidateWork {
  workId: number;
  signupId: number;
  itemId: number;
  title: string;
  /** The competition's organisation (the signup's group). */
  groupId: number;
  schoolIds: number[];
  schoolNames: string[];
  memberUserIds: number[];
  /** Phones and e-mails of members (profiles) and advisers, lower-cased and trimmed. */
  phones: string[];
  emails: string[];
  adviserNames: string[];
  /** Member names and the event's name, shown to experts of rounds that are not blind. */
  memberNames: string[];
  itemName: string;
  itemNameEn: string;
  /** The submitted files (fixed once the work is submitted), served to the experts assigned to it. */
  files: { id: number; originalName: string; contentType: string; storedName: string; size: number }[];
}

/** A round's works with their review group and assigned experts (the distribution screen). */
export interface RoundWorkView {
  workId: number;
  eventId: number | null;
  title: string;
  reviewGroupId: number | null;
  experts: { assignmentId: number; expertId: number; name: string; locked: boolean; source: AssignmentSource; declined: boolean }[];
}

export interface ExpertLoadView {
  expertId: number;
  name: string;
  reviewGroupId: number;
  load: number;
  captain: boolean;
}

/** An expert the organiser may pick for a work (add or swap), or why not: the server's own rules, in words. */
export interface ExpertCandidate {
  expertId: number;
  name: string;
  reviewGroupId: number;
  load: number;
  eligible: boolean;
  /** Why the expert may not take the work (conflict of interest, declined or removed, already on it); null when eligible. */
  reason: string | null;
}

export interface AssignmentExplanation {
  code: string;
  params: Record<string, unknown>;
  /** Rendered in the caller's language. */
  text: string;
}

export interface AssignmentRunView {
  id: number;
  roundId: number;
  status: 'running' | 'done' | 'infeasible' | 'cancelled' | 'failed';
  /** Percent. */
  progress: number;
  startedAt: string;
  finishedAt: string | null;
  uncovered: { workId: number; title: string; reviewGroupId: number | null; reason: string }[];
  messages: AssignmentExplanation[];
  moved: number;
  totalAffinity: number;
}

export interface DistributionView {
  round: Round;
  groups: ReviewGroup[];
  loads: ExpertLoadView[];
  works: RoundWorkView[];
  lastRun: AssignmentRunView | null;
}

/** A declined assignment's replacement, or why there is none. */
export interface DeclineReply {
  replacement: { assignmentId: number; expertId: number; name: string } | null;
  why: string | null;
}

/** A work as an expert sees it when bidding: no people, so a blind round leaks nothing. */
export interface BidItem {
  workId: number;
  title: string;
  eventId: number | null;
  keywords: string[];
  bid: Bid | null;
}

export interface BidPageQuery extends PageQuery {
  roundId: number;
  keyword?: string;
}

export interface CaptainFlag {
  roundId: number;
  captain: boolean;
  reviewGroupId: number | null;
}

export interface ProgressRow {
  key: number;
  name: string;
  assigned: number;
  scored: number;
  submitted: number;
}

export interface RoundProgress {
  roundId: number;
  total: ProgressRow;
  groups: ProgressRow[];
  experts: (ProgressRow & { reviewGroupId: number | null })[];
}

export const reviewMessages = {
  'review.roundNotFound': { 'zh-CN': '评审轮次不存在：{id}', en: 'No such review round: {id}' },
  'review.competitionNotFound': { 'zh-CN': '竞赛不存在：{id}', en: 'No such competition: {id}' },
  'review.weights': { 'zh-CN': '评分项权重之和必须为 100，当前为 {sum}', en: 'The score columns\' weights must add up to 100 (now {sum})' },
  'review.columnNames': { 'zh-CN': '评分项名称不能重复：{name}', en: 'Score column names must differ: {name}' },
  'review.columnStep': { 'zh-CN': '评分项“{name}”的满分 {max} 必须是步长 {step} 的整数倍', en: 'Column "{name}": its maximum {max} must be a multiple of its step {step}' },
  'review.window': { 'zh-CN': '评审结束时间必须晚于开始时间', en: 'The round must close after it opens' },
  'review.roundNotDraft': { 'zh-CN': '轮次已开始评审，不能修改此项：{field}', en: 'The round has started; {field} can no longer change' },
  'review.roundClosed': { 'zh-CN': '轮次已结束', en: 'The round is closed' },
  'review.previousNotPromoted': {
    'zh-CN': '上一轮“{name}”尚未确认晋级：确认晋级后再载入只载入晋级作品，或选择载入全部已提交作品',
    en: 'The round before, "{name}", has not confirmed its promotion: confirm it to load only the promoted works, or choose to load every submitted work',
  },
  'review.roundHasAssignments': { 'zh-CN': '轮次已有分配，请先清除分配', en: 'The round has assignments; clear them first' },
  'review.eventNotInCompetition': { 'zh-CN': '赛项不属于该竞赛：{id}', en: 'The event {id} is not part of this competition' },
  'review.stageNotInCompetition': { 'zh-CN': '阶段不属于该竞赛：{id}', en: 'The stage {id} is not part of this competition' },
  'review.groupNotFound': { 'zh-CN': '评审组不存在：{id}', en: 'No such review group: {id}' },
  'review.expertNotFound': { 'zh-CN': '专家不存在：{id}', en: 'No such expert: {id}' },
  'review.expertInOtherGroup': { 'zh-CN': '专家已在本轮的其他评审组中：{name}', en: '{name} is already in another group of this round' },
  'review.captainNotMember': { 'zh-CN': '组长必须是本组专家', en: 'The captain must be one of the group\'s experts' },
  'review.groupCount': { 'zh-CN': '分组数量必须在 1 到专家人数（{experts}）之间', en: 'The number of groups must be between 1 and the number of experts ({experts})' },
  'review.noExperts': { 'zh-CN': '没有可分组的专家', en: 'There are no experts to group' },
  'review.workNotInRound': { 'zh-CN': '作品不在本轮：{id}', en: 'The work {id} is not part of this round' },
  'review.noWorks': { 'zh-CN': '本轮没有作品，请先同步作品', en: 'The round has no works; load them first' },
  'review.noGroups': { 'zh-CN': '请先建立评审组并加入专家', en: 'Make review groups with experts first' },
  'review.runInProgress': { 'zh-CN': '本轮正在自动分配中，请等待完成或取消', en: 'An assignment run is under way for this round; wait for it or cancel it' },
  'review.runNotFound': { 'zh-CN': '没有进行中的分配', en: 'No assignment run is under way' },
  'review.assignmentNotFound': { 'zh-CN': '分配不存在', en: 'No such assignment' },
  'review.alreadyAssigned': { 'zh-CN': '该专家已分配此作品', en: 'This expert already has this work' },
  'review.conflict': { 'zh-CN': '利益冲突：{name} 不能评审《{title}》（{why}）', en: 'Conflict of interest: {name} may not judge "{title}" ({why})' },
  'review.candidate.declined': { 'zh-CN': '已拒评此作品（{reason}）', en: 'declined this work ({reason})' },
  'review.candidate.removed': { 'zh-CN': '已从此作品移除', en: 'removed from this work' },
  'review.candidate.current': { 'zh-CN': '已在评审此作品', en: 'already judges this work' },
  'review.otherGroup': { 'zh-CN': '{name} 不在作品《{title}》所属的评审组', en: '{name} is not in the review group of "{title}"' },
  'review.expertPaused': { 'zh-CN': '{name} 已被暂停评审，不再分配新作品', en: '{name} is paused and takes no new works' },
  'review.noArbiter': {
    'zh-CN': '没有可为《{title}》仲裁的专家：本组专家都已评过该作品或需要回避',
    en: 'No expert can arbitrate "{title}": every expert of its group has scored it or has a conflict',
  },
  'review.tooMany': { 'zh-CN': '作品《{title}》已有 {k} 位专家', en: '"{title}" already has its {k} experts' },
  'review.locked': { 'zh-CN': '该分配已锁定，请先解锁', en: 'This assignment is locked; unlock it first' },
  'review.score.list': { 'zh-CN': '评分须为列表，每个评分项一个分数', en: 'scores must be a list with one score per column' },
  'review.score.count': { 'zh-CN': '评分须有 {n} 项，每个评分项一个（收到 {got} 项）', en: 'scores must have {n} entries, one per column (got {got})' },
  'review.score.required': { 'zh-CN': '{name}：提交前须打分', en: '{name}: a score is required to submit' },
  'review.score.number': { 'zh-CN': '{name}：分数须为数字', en: '{name}: the score must be a number' },
  'review.score.range': { 'zh-CN': '{name}：分数须在 0 到 {max} 之间', en: '{name}: the score must be between 0 and {max}' },
  'review.score.step': { 'zh-CN': '{name}：分数须为 {step} 的整数倍', en: '{name}: the score must be a multiple of {step}' },
  'review.biddingOff': { 'zh-CN': '本轮未开放竞标', en: 'This round does not take bids' },
  'review.scored': { 'zh-CN': '专家已开始评分，不能移除', en: 'The expert has started scoring it; it cannot be removed' },
  'review.noReplacement': { 'zh-CN': '没有可替换的专家：{why}', en: 'No expert can replace this one: {why}' },
  'review.notYourAssignment': { 'zh-CN': '这不是分配给您的作品', en: 'This work is not assigned to you' },
  'review.why.account': { 'zh-CN': '本人是作品成员', en: 'the expert is a member' },
  'review.why.phone': { 'zh-CN': '手机号与作品成员或指导老师相同', en: 'same phone as a member or adviser' },
  'review.why.email': { 'zh-CN': '邮箱与作品成员或指导老师相同', en: 'same e-mail as a member or adviser' },
  'review.why.school': { 'zh-CN': '与作品同一学校', en: 'same school as the work' },
  'review.why.declared': { 'zh-CN': '专家已声明回避', en: 'declared by the expert' },
  'review.why.organisation': { 'zh-CN': '与作品同一机构', en: 'same organisation as the work' },
  'review.why.adviser': { 'zh-CN': '本人是作品指导老师', en: 'the expert is an adviser' },
  'review.remindTitle': { 'zh-CN': '评审提醒：{round}', en: 'Review reminder: {round}' },
  'review.remindBody': {
    'zh-CN': '您在“{round}”中还有 {left} 件作品未提交评分，截止时间 {closes}。',
    en: 'You have {left} works left to submit in "{round}"; it closes {closes}.',
  },
  'review.explain.TOO_FEW_EXPERTS': {
    'zh-CN': '《{work}》在{group}只有 {eligible} 位可评专家，需要 {needed} 位（{conflicted} 位有利益冲突，{forbidden} 位已拒绝或被移除）',
    en: '"{work}" has {eligible} eligible experts in {group} but needs {needed} ({conflicted} in conflict, {forbidden} declined or removed)',
  },
  'review.explain.CAPACITY': {
    'zh-CN': '{group}中这些作品共需 {demand} 人次评审，而能评审它们的专家最多承担 {capacity} 人次',
    en: 'In {group}, these works need {demand} reviews but the experts who may judge them can take at most {capacity}',
  },
  'review.explain.BELOW_FLOOR': {
    'zh-CN': '{expert} 只分到 {load} 件（组内下限 {floor}）：{reasonText}',
    en: '{expert} has {load} works (the group\'s floor is {floor}): {reasonText}',
  },
  'review.explain.ABOVE_CEIL': { 'zh-CN': '{expert} 分到 {load} 件，超过组内上限 {ceil}', en: '{expert} has {load} works, above the group\'s ceiling {ceil}' },
  'review.explain.BALANCE_RELAXED': {
    'zh-CN': '{group}的负载相差超过 1（{minLoad}–{maxLoad}），因为利益冲突使均衡无法实现',
    en: 'Loads in {group} differ by more than one ({minLoad}–{maxLoad}) because conflicts make an even split impossible',
  },
  'review.explain.LOCKED_CONFLICT': { 'zh-CN': '锁定的分配有利益冲突：{expert} —《{work}》', en: 'A locked assignment is a conflict: {expert} — "{work}"' },
  'review.explain.LOCKED_OTHER_GROUP': { 'zh-CN': '锁定的分配跨组：{expert} —《{work}》', en: 'A locked assignment crosses groups: {expert} — "{work}"' },
  'review.explain.LOCKED_TOO_MANY': { 'zh-CN': '《{work}》锁定了 {locked} 位专家，超过 {k} 位', en: '"{work}" has {locked} locked experts, more than {k}' },
  'review.explain.CANCELLED': { 'zh-CN': '分配已取消，原有分配未改变', en: 'The run was cancelled; the assignments did not change' },
  'review.explain.OTHER': { 'zh-CN': '分配无法完成：{code}', en: 'The assignment could not be made: {code}' },
  'review.explain.uncovered.tooFewExperts': { 'zh-CN': '组内可评专家不足', en: 'too few experts in its group may judge it' },
  'review.explain.uncovered.capacity': { 'zh-CN': '能评审它的专家已满额', en: 'the experts who may judge it are fully loaded' },
  'review.explain.uncovered.other': { 'zh-CN': '无法分配', en: 'cannot be assigned' },
  'review.explain.reason.conflicts': { 'zh-CN': '多数作品与其有利益冲突', en: 'most works conflict with them' },
  'review.explain.reason.max-load': { 'zh-CN': '已达到其可承担上限', en: 'they are at their declared maximum' },
  'review.explain.reason.competition': { 'zh-CN': '可评作品已被其他专家覆盖', en: 'other experts cover the works they may judge' },
  'review.explain.noGroup': { 'zh-CN': '没有评审组能评审该赛项', en: 'no review group judges its event' },
} as const;

/** A competition's open review rounds together (the workbench's running competitions): sheets submitted of all assigned, and when the next one closes. */
export interface CompetitionReviewProgress {
  competitionId: number;
  sheetsSubmitted: number;
  sheetsTotal: number;
  /** The earliest closing time still to come of its open rounds (null when none is set or all have passed). */
  closesAt: string | null;
}
