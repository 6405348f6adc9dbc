import type { RoundScoreColumn } from '@cmp/contracts';

/** The running sum of a review round's weights, to two decimals (weights may be fractions). */
export function weightSum(columns: readonly Partial<RoundScoreColumn>[] | undefined): number {
  const sum = (columns ?? []).reduce((total, c) => total + (Number(c?.weight) || 0), 0);
  return Math.round(sum * 100) / 100;
}

/** A round's weights must add up to 100, as the server checks (to a millionth). */
export const weightsComplete = (columns: readonly Partial<RoundScoreColumn>[] | undefined): boolean =>
  Math.abs(weightSum(columns) - 100) < 1e-6;
