import dayjs, { type Dayjs } from 'dayjs';
import { CompetitionStatus, ParticipationMode, type CompetitionStatus as Status } from '@cmp/contracts';

/**
 * Pure rules of the competition screens. Where the server has the same rule (services/competitions
 * competition.rules.ts, gateway competition.dto.ts) these mirror it, so a person hears of a mistake
 * before saving; the server stays the judge.
 */

export type DayRange = [Dayjs, Dayjs];

/**
 * Windows are picked as whole days in the organiser's time zone: from the first day's start to the last
 * day's end. Sent as ISO instants, as the server wants them.
 */
export function dayRangeToWindow(range: DayRange | null | undefined): { startAt: string | null; endAt: string | null } {
  if (!range?.[0] || !range[1]) return { startAt: null, endAt: null };
  return { startAt: range[0].startOf('day').toISOString(), endAt: range[1].endOf('day').toISOString() };
}

export function windowToDayRange(startAt: string | null | undefined, endAt: string | null | undefined): DayRange | undefined {
  return startAt && endAt ? [dayjs(startAt), dayjs(endAt)] : undefined;
}

/**
 * What a team sign-up starts from when the organiser turns it on: a new competition is individual (teams of
 * one, no advisers), which would otherwise be saved as "teams of 1–1".
 */
export const TEAM_DEFAULTS = { teamMin: 2, teamMax: 5, teacherMax: 2 } as const;

/** The sizes to show after the mode changes to `mode`: the defaults when the ones there are still an individual's. */
export function teamDefaultsFor(mode: number, current: { teamMax?: number | null; teacherMax?: number | null }) {
  if (mode === ParticipationMode.individual || (current.teamMax ?? 0) > 1) return {};
  // Individual or team: a person alone is a team of one.
  return { ...TEAM_DEFAULTS, teamMin: mode === ParticipationMode.both ? 1 : TEAM_DEFAULTS.teamMin, teacherMax: current.teacherMax || TEAM_DEFAULTS.teacherMax };
}

/** The server refuses a team whose smallest size is above its largest, except for individual sign-up. */
export function teamSizeOk(mode: number, teamMin: number | null | undefined, teamMax: number | null | undefined): boolean {
  if (mode === ParticipationMode.individual) return true;
  return (teamMin ?? 1) <= (teamMax ?? 1);
}

/** Repeated school ids in the per-school quotas, which the server refuses. */
export function repeatedSchools(quotas: readonly { schoolId?: number | null }[] | undefined): number[] {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const q of quotas ?? []) {
    if (q?.schoolId == null) continue;
    if (seen.has(q.schoolId)) repeated.add(q.schoolId);
    seen.add(q.schoolId);
  }
  return [...repeated];
}

/** What may be done to a competition in each state (the server refuses the rest). */
export function allowedActions(status: Status) {
  return {
    edit: status !== CompetitionStatus.archived,
    settings: status !== CompetitionStatus.archived,
    publish: status === CompetitionStatus.draft,
    archive: status === CompetitionStatus.published,
    copy: true,
    remove: status === CompetitionStatus.draft,
  };
}

export const STATUS_COLOR: Record<Status, string> = { 0: 'default', 1: 'green', 2: 'purple' };
export const PHASE_COLOR = { upcoming: 'blue', enrolling: 'gold', ongoing: 'cyan', ended: 'default' } as const;
