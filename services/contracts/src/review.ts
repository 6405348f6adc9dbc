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

export interface RoundPageQuery extends PageQuery {
  competitionId?: number;
  keyword?: string;
  status?: RoundStatus;
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
