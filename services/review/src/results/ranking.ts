/**
 * Ranking, promotion and awards of one event's works (issue 16), pure. Scores are a version's round scores;
 * `tieBreak` holds, in order, what the organiser named to break ties (a column's score, another round's score).
 */

import type { AwardLevel, PromotionRule } from '@cmp/contracts';

export interface Ranked {
  workId: number;
  score: number;
  schoolId: number | null;
  /** Compared in order, higher first; absent or equal values leave the tie. */
  tieBreak?: number[];
}

export interface RankRow extends Ranked {
  /** Competition ranking: tied works share a rank and the next rank skips (1, 2, 2, 4). */
  rank: number;
}

const byTieBreak = (a: Ranked, b: Ranked, use: boolean) => {
  if (!use) return 0;
  const n = Math.max(a.tieBreak?.length ?? 0, b.tieBreak?.length ?? 0);
  for (let i = 0; i < n; i++) {
    const d = (b.tieBreak?.[i] ?? -Infinity) - (a.tieBreak?.[i] ?? -Infinity);
    if (d) return d;
  }
  return 0;
};

/** Ranks by score, then (when `useTieBreak`) by the tie-breaks; works still equal share a rank. */
export function rank(works: Ranked[], useTieBreak = false): RankRow[] {
  const sorted = [...works].sort((a, b) => b.score - a.score || byTieBreak(a, b, useTieBreak) || a.workId - b.workId);
  const rows: RankRow[] = [];
  sorted.forEach((w, i) => {
    const prev = rows[i - 1];
    const tied = prev && prev.score === w.score && byTieBreak(prev, w, useTieBreak) === 0;
    rows.push({ ...w, rank: tied ? prev.rank : i + 1 });
  });
  return rows;
}


export interface PromotionOptions {
  rule: PromotionRule;
  /** At most this many works of one school go through; null: no cap. */
  schoolCap: number | null;
  /** At the cut, 'include' lets every work tied with the last one through; 'break' uses the tie-breaks first. */
  ties: 'include' | 'break';
}

export interface PromotionRow extends RankRow {
  promoted: boolean;
  /** Why a work that would have gone through did not: its school reached the cap. */
  cappedBySchool: boolean;
}

/**
 * Who goes on to the next stage. Works are taken in rank order; a work whose school already has `schoolCap`
 * promoted is passed over (and the next one taken instead); the cut is N (top), ceil(N·p/100) (percent) or every
 * work with at least the score. Works tied with the last one taken share its fate: all go through.
 */
export function promote(works: Ranked[], o: PromotionOptions): PromotionRow[] {
  const rows = rank(works, o.ties === 'break');
  const target =
    o.rule.kind === 'top' ? o.rule.count : o.rule.kind === 'percent' ? Math.ceil((rows.length * o.rule.percent) / 100 - 1e-9) : Number.POSITIVE_INFINITY;
  const perSchool = new Map<number, number>();
  const out: PromotionRow[] = [];
  let taken = 0;
  let lastRank: number | null = null;
  for (const r of rows) {
    const eligible = o.rule.kind === 'score' ? r.score >= o.rule.min : taken < target || r.rank === lastRank;
    const school = r.schoolId ?? -r.workId; // a work without a school is its own school
    const full = o.schoolCap !== null && (perSchool.get(school) ?? 0) >= o.schoolCap;
    const promoted = eligible && !full;
    if (promoted) {
      taken++;
      lastRank = r.rank;
      perSchool.set(school, (perSchool.get(school) ?? 0) + 1);
    }
    out.push({ ...r, promoted, cappedBySchool: eligible && full });
  }
  return out;
}

/**
 * Awards by level, best first, in rank order among the works that may win (`eligible`; the rest keep their rank
 * without a level): a count level takes the next works, a percent level the next works up to its running share of
 * the eligible works rounded down, so rounding never lifts the winners above the levels' total share (four works and
 * 5/10/15/20/30 % give 0, 0, 1, 1, 1), and a band level takes every remaining work scoring at least its minimum.
 * Works tied with the last one a level takes get the same level. A work gets at most one level.
 */
export function award(works: Ranked[], levels: AwardLevel[], useTieBreak = false, eligible: (workId: number) => boolean = () => true): (RankRow & { level: string | null })[] {
  const rows = rank(works, useTieBreak);
  const pool = rows.filter((r) => eligible(r.workId));
  const level = new Map<number, string>();
  let at = 0;
  let share = 0; // the percent levels' running share
  let fixed = 0; // works the count and band levels took
  for (const l of levels) {
    const from = at;
    if (l.rule.kind === 'band') {
      while (at < pool.length && pool[at].score >= l.rule.min) level.set(pool[at++].workId, l.name);
    } else {
      if (l.rule.kind === 'percent') share += l.rule.percent;
      const n = l.rule.kind === 'count' ? l.rule.count : Math.floor((pool.length * share) / 100 + 1e-9) + fixed - at;
      const end = Math.min(pool.length, at + Math.max(0, n));
      for (; at < end; at++) level.set(pool[at].workId, l.name);
      while (at > from && at < pool.length && pool[at].rank === pool[at - 1].rank) level.set(pool[at++].workId, l.name);
    }
    if (l.rule.kind !== 'percent') fixed += at - from;
  }
  return rows.map((r) => ({ ...r, level: level.get(r.workId) ?? null }));
}
