import type { AffinityFn, Bid } from './types';

/** Weights of the default affinity; exported so the service can show how a score was made. */
export const AFFINITY_WEIGHTS = {
  /** The expert judges the work's event. */
  event: 2,
  /** Per work keyword found among the expert's subjects or keywords (case-insensitive), at most `keywordCap` of them. */
  keyword: 1,
  keywordCap: 3,
  bid: { eager: 3, willing: 1, unwilling: -3 } as Record<Bid, number>,
} as const;

/** Event match + keyword overlap + bid. Range: -3 (unwilling, nothing in common) to 8. */
export const defaultAffinity: AffinityFn = (work, expert, bid) => {
  let score = 0;
  if (work.eventId !== undefined && expert.eventIds?.includes(work.eventId)) score += AFFINITY_WEIGHTS.event;
  if (work.keywords?.length) {
    const known = new Set([...(expert.subjects ?? []), ...(expert.keywords ?? [])].map((s) => s.trim().toLowerCase()));
    const hits = work.keywords.filter((kw) => known.has(kw.trim().toLowerCase())).length;
    score += AFFINITY_WEIGHTS.keyword * Math.min(hits, AFFINITY_WEIGHTS.keywordCap);
  }
  if (bid) score += AFFINITY_WEIGHTS.bid[bid];
  return score;
};
