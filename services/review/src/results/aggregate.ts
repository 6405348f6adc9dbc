/**
 * A round's score per work from its experts' totals (issue 16), pure: mean, trimmed mean, median, or per-expert
 * calibration followed by the mean. Inputs are each expert's weighted total out of 100 (sheet-rules' weightedTotal).
 */
import type { ScoreMethod } from '@cmp/contracts';

export interface ExpertScore {
  workId: number;
  expertId: number;
  /** Weighted total out of 100. */
  score: number;
}

export interface AggregateOptions {
  method: ScoreMethod;
  /** Trimmed mean: drop the highest and the lowest when a work has at least this many scores. Default 5. */
  trimFrom?: number;
  /**
   * Calibration: how many works of evidence the round's own mean and spread count as, when an expert's are
   * estimated (empirical-Bayes shrinkage). An expert with one score gets mostly the round's. Default 3.
   */
  prior?: number;
}

export interface ExpertCalibration {
  expertId: number;
  count: number;
  /** The expert's raw mean and spread (population standard deviation). */
  mean: number;
  spread: number;
  /** After shrinkage towards the round's. */
  shrunkMean: number;
  shrunkSpread: number;
}

export interface WorkScore {
  workId: number;
  /** The round score by the chosen method, 2 decimals. */
  score: number;
  /** The plain mean of the raw totals, for the side-by-side view. */
  rawMean: number;
  count: number;
  /** Largest minus smallest raw total: the experts' disagreement. */
  range: number;
  /** Each expert's score as the method used it (calibrated, or raw). */
  used: { expertId: number; raw: number; used: number }[];
}

export interface AggregateResult {
  works: WorkScore[];
  round: { mean: number; spread: number };
  experts: ExpertCalibration[];
}

export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const spreadOf = (xs: number[], m = mean(xs)) => Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Mean without the single highest and lowest score once there are at least `from` scores. */
export function trimmedMean(xs: number[], from: number): number {
  if (xs.length < from || xs.length < 3) return mean(xs);
  const s = [...xs].sort((a, b) => a - b);
  return mean(s.slice(1, -1));
}

/**
 * Per-expert calibration: each expert's mean and spread are shrunk towards the round's by `prior` works of
 * evidence (m' = (n·m + k·μ)/(n + k), v' = (n·v + k·σ²)/(n + k)), and each score is mapped back onto the round's
 * scale: μ + σ·(x − m')/√v'. A shrunk variance is zero only when the whole round's is (every score equal), and
 * then scores stay as they are; so an expert with one or two scores never divides by a zero spread.
 */
export function calibrate(scores: ExpertScore[], prior = 3): { map: (s: ExpertScore) => number; experts: ExpertCalibration[]; round: { mean: number; spread: number } } {
  const all = scores.map((s) => s.score);
  const mu = all.length ? mean(all) : 0;
  const sigma = all.length ? spreadOf(all, mu) : 0;
  const byExpert = new Map<number, number[]>();
  for (const s of scores) byExpert.set(s.expertId, [...(byExpert.get(s.expertId) ?? []), s.score]);
  const experts: ExpertCalibration[] = [...byExpert].map(([expertId, xs]) => {
    const n = xs.length;
    const m = mean(xs);
    const v = spreadOf(xs, m) ** 2;
    return {
      expertId,
      count: n,
      mean: m,
      spread: Math.sqrt(v),
      shrunkMean: (n * m + prior * mu) / (n + prior),
      shrunkSpread: Math.sqrt((n * v + prior * sigma ** 2) / (n + prior)),
    };
  });
  const of = new Map(experts.map((e) => [e.expertId, e]));
  const map = (s: ExpertScore) => {
    const e = of.get(s.expertId)!;
    return e.shrunkSpread > 0 ? mu + (sigma * (s.score - e.shrunkMean)) / e.shrunkSpread : s.score;
  };
  return { map, experts, round: { mean: mu, spread: sigma } };
}

/** Every work's round score by the chosen method, with what the screens show beside it. Works in workId order. */
export function aggregate(scores: ExpertScore[], o: AggregateOptions): AggregateResult {
  const cal = calibrate(scores, o.prior ?? 3);
  const used = o.method === 'calibrated' ? cal.map : (s: ExpertScore) => s.score;
  const byWork = new Map<number, ExpertScore[]>();
  for (const s of scores) byWork.set(s.workId, [...(byWork.get(s.workId) ?? []), s]);
  const works = [...byWork]
    .sort(([a], [b]) => a - b)
    .map(([workId, list]): WorkScore => {
      const raw = list.map((s) => s.score);
      const xs = list.map(used);
      const score =
        o.method === 'trimmed' ? trimmedMean(xs, o.trimFrom ?? 5) : o.method === 'median' ? median(xs) : mean(xs);
      return {
        workId,
        score: round2(score),
        rawMean: round2(mean(raw)),
        count: list.length,
        range: round2(Math.max(...raw) - Math.min(...raw)),
        used: list.map((s, i) => ({ expertId: s.expertId, raw: s.score, used: round2(xs[i]) })),
      };
    });
  return { works, round: cal.round, experts: cal.experts };
}
