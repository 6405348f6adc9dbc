/** Seeded random instances for the solver's tests and the review-assignment bench (same generator, same instance). */
import type { AssignmentExpert, AssignmentInput, AssignmentWork } from './types';

/** mulberry32: small, fast, good enough to make reproducible instances. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RandomInstanceOptions {
  seed: number;
  works: number;
  experts: number;
  groups: number;
  k: number;
  /** Share of same-group pairs in conflict, 0..1. */
  conflictRate: number;
}

/**
 * Works and experts spread round-robin over the groups; conflicts drawn per pair; affinities are
 * random numbers in [0, 1) per pair, looked up through `affinity`.
 */
export function randomInstance(o: RandomInstanceOptions): AssignmentInput & { score: Map<string, number> } {
  const rnd = seededRandom(o.seed);
  const experts: AssignmentExpert[] = Array.from({ length: o.experts }, (_, j) => ({ id: `e${j}`, groupId: `g${j % o.groups}` }));
  const score = new Map<string, number>();
  const works: AssignmentWork[] = Array.from({ length: o.works }, (_, i) => {
    const groupId = `g${i % o.groups}`;
    const conflictExpertIds: string[] = [];
    for (const e of experts) {
      if (e.groupId !== groupId) continue;
      if (rnd() < o.conflictRate) conflictExpertIds.push(e.id as string);
      score.set(`w${i}|${e.id}`, Math.round(rnd() * 1000) / 1000);
    }
    return { id: `w${i}`, groupId, conflictExpertIds };
  });
  return { works, experts, k: o.k, score, affinity: (w, e) => score.get(`${w.id}|${e.id}`) ?? 0 };
}
