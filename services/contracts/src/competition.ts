/** Competitions, their events (items), stages and settings: what the competitions service answers. */
import type { PageQuery } from './rpc';

/** draft → published → archived; a published competition can go back to draft only by copying it. */
export const CompetitionStatus = { draft: 0, published: 1, archived: 2 } as const;
export type CompetitionStatus = (typeof CompetitionStatus)[keyof typeof CompetitionStatus];

/** Who may sign up: alone, as a team, or either. */
export const ParticipationMode = { individual: 1, team: 2, both: 3 } as const;
export type ParticipationMode = (typeof ParticipationMode)[keyof typeof ParticipationMode];

/** Where a published competition stands today, from its sign-up window and stages. */
export type CompetitionPhase = 'upcoming' | 'enrolling' | 'ongoing' | 'ended';

/** Member details a competition can require at sign-up. */
export const MEMBER_FIELDS = ['realName', 'gender', 'idNumber', 'phone', 'email', 'school', 'college', 'major', 'studentNo', 'grade'] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

/** File types a work may have, by extension; the gateway checks real content against them. */
export const WORK_FILE_TYPES = ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'zip', 'jpg', 'png', 'mp4'] as const;
export type WorkFileType = (typeof WORK_FILE_TYPES)[number];

export interface CompetitionInput {
  name: string;
  nameEn: string;
  /** Dictionary value of the competition level (school, provincial, national...). */
  level: string;
  year: number;
  coverUrl: string;
  summary: string;
  /** Introduction and guide: sanitised HTML shown on the public detail page's tabs. */
  intro: string;
  guide: string;
}

export interface CompetitionItemInput {
  id?: number;
  name: string;
  nameEn: string;
  description: string;
  /** Most sign-ups the event takes; null means no limit. */
  quota: number | null;
  /** Entry fee in fen (1/100 yuan); 0 means free. */
  feeFen: number;
  orderNum: number;
}

export interface CompetitionItem extends CompetitionItemInput {
  id: number;
  competitionId: number;
}

export interface StageInput {
  id?: number;
  name: string;
  nameEn: string;
  description: string;
  /** ISO 8601 instants. */
  startAt: string;
  endAt: string;
  orderNum: number;
}

export interface Stage extends StageInput {
  id: number;
  competitionId: number;
}

export interface EnrollSetting {
  competitionId: number;
  startAt: string | null;
  endAt: string | null;
  mode: ParticipationMode;
  teamMin: number;
  teamMax: number;
  /** Advisers (teachers) a sign-up may name. */
  teacherMax: number;
  /** Sign-ups one school may make per event unless `schoolQuotas` says otherwise; null means no limit. */
  schoolQuota: number | null;
  schoolQuotas: { schoolId: number; quota: number }[];
  requiredFields: MemberField[];
}

export interface WorkSubmitItemSetting {
  itemId: number;
  fileTypes: WorkFileType[];
  maxFileMb: number;
  maxFiles: number;
}

export interface WorkSubmitSetting {
  competitionId: number;
  startAt: string | null;
  endAt: string | null;
  items: WorkSubmitItemSetting[];
}

export interface ScoreColumn {
  name: string;
  maxScore: number;
  /** Percent of the round's total; a round's weights add up to 100. */
  weight: number;
}

export interface ReviewRound {
  name: string;
  expertsPerWork: number;
  scoreColumns: ScoreColumn[];
}

export interface ReviewSetting {
  competitionId: number;
  rounds: ReviewRound[];
}

export interface Competition extends CompetitionInput {
  id: number;
  groupId: number;
  status: CompetitionStatus;
  phase: CompetitionPhase;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  itemCount: number;
  enrollStartAt: string | null;
  enrollEndAt: string | null;
}

export interface CompetitionDetail extends Competition {
  items: CompetitionItem[];
  stages: Stage[];
  enroll: EnrollSetting;
  workSubmit: WorkSubmitSetting;
  review: ReviewSetting;
}

export interface CompetitionPageQuery extends PageQuery {
  keyword?: string;
  status?: CompetitionStatus;
  year?: number;
}

/** The public list: an organisation's published competitions, chosen by id or by the visitor's host. */
export interface PublicCompetitionQuery extends PageQuery {
  groupId?: number;
  host?: string;
  keyword?: string;
  phase?: CompetitionPhase;
}

export interface Option {
  value: number;
  label: string;
}

/** A competition's timeline for the schedule screen and the public detail page. */
export interface ScheduleEntry {
  kind: 'enroll' | 'submit' | 'stage';
  name: string;
  nameEn: string;
  startAt: string;
  endAt: string;
  stageId?: number;
}

/** JetStream events the competitions service publishes through its outbox. */
export interface CompetitionPublishedEvent {
  competitionId: number;
  groupId: number;
  name: string;
  publishedAt: string;
}

export interface ScheduleChangedEvent {
  competitionId: number;
  groupId: number;
  stages: Stage[];
  enroll: Pick<EnrollSetting, 'startAt' | 'endAt'>;
  workSubmit: Pick<WorkSubmitSetting, 'startAt' | 'endAt'>;
}
