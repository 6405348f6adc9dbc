import { AppError } from '@cmp/common';
import { ParticipationMode, type EnrollSetting, type Lang, type ReviewSetting } from '@cmp/contracts';

/** Cross-field rules the gateway's field checks cannot see. Pure, so unit-tested on their own. */

export function assertWindow(startAt: string | null, endAt: string | null, what: string): void {
  if (!startAt || !endAt) throw AppError.badRequest('competition.windowIncomplete', { what });
  if (new Date(endAt).getTime() <= new Date(startAt).getTime()) throw AppError.badRequest('competition.endBeforeStart', { what });
}

/** An individual competition has teams of one and no team sizes to get wrong. */
export function checkEnroll(s: EnrollSetting, lang: Lang): EnrollSetting {
  if (s.startAt || s.endAt) assertWindow(s.startAt, s.endAt, lang === 'en' ? 'sign-up' : '报名');
  if (s.mode === ParticipationMode.individual) return { ...s, teamMin: 1, teamMax: 1 };
  if (s.teamMin > s.teamMax) throw AppError.badRequest('competition.teamSize', { min: s.teamMin, max: s.teamMax });
  const ids = s.schoolQuotas.map((q) => q.schoolId);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated !== undefined) throw AppError.badRequest('competition.schoolRepeated', { id: repeated });
  return s;
}

export function checkReview(s: ReviewSetting): ReviewSetting {
  for (const round of s.rounds) {
    const sum = round.scoreColumns.reduce((total, c) => total + c.weight, 0);
    if (Math.abs(sum - 100) > 1e-6) throw AppError.badRequest('competition.weightSum', { round: round.name, sum });
  }
  return s;
}
