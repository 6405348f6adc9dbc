import { AppError } from '@cmp/common';
import type { ReviewRound, RoundInput, RoundScoreColumn } from '@cmp/contracts';

/** Scores and weights are kept to two decimals; compare in hundredths so 33.33 + 33.33 + 33.34 is exactly 100. */
const cents = (n: number) => Math.round(n * 100);

/** The round's own rules the DTO cannot see: weights total 100, names differ, maxima are whole steps, a real window. */
export function checkRound(p: RoundInput): RoundInput {
  const sum = p.scoreColumns.reduce((s, c) => s + cents(c.weight), 0);
  if (sum !== 10000) throw AppError.badRequest('review.weights', { sum: sum / 100 });
  const seen = new Set<string>();
  for (const c of p.scoreColumns) {
    const name = c.name.trim();
    if (seen.has(name)) throw AppError.badRequest('review.columnNames', { name });
    seen.add(name);
    if (cents(c.max) % cents(c.step) !== 0) throw AppError.badRequest('review.columnStep', { name, max: c.max, step: c.step });
  }
  if (p.opensAt && p.closesAt && Date.parse(p.closesAt) <= Date.parse(p.opensAt)) throw AppError.badRequest('review.window');
  return { ...p, name: p.name.trim(), scoreColumns: p.scoreColumns.map((c) => ({ ...c, name: c.name.trim(), rubric: c.rubric ?? '' })) };
}

/** Whether two score sheets ask the same (jsonb keeps a column's keys in its own order, so they are compared one by one). */
export function sameColumns(a: RoundScoreColumn[], b: RoundScoreColumn[]): boolean {
  const keys: (keyof RoundScoreColumn)[] = ['name', 'max', 'step', 'weight', 'rubric'];
  return a.length === b.length && a.every((c, i) => keys.every((k) => c[k] === b[i][k]));
}

/** A round of the competition's old review settings, as the review service keeps it (handed over once). */
export function importedRound(competitionId: number, r: ReviewRound): RoundInput {
  const scoreColumns: RoundScoreColumn[] = r.scoreColumns.map((c) => ({ name: c.name, max: c.maxScore, step: 1, weight: c.weight, rubric: '' }));
  return {
    competitionId,
    stageId: null,
    name: r.name,
    type: 'online',
    blind: false,
    opensAt: null,
    closesAt: null,
    expertsPerWork: r.expertsPerWork,
    scoreColumns,
    commentRequired: false,
    biddingAllowed: false,
    excludeOwnOrganisation: false,
    eventIds: [],
  };
}
