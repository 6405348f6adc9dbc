/**
 * The assignment as a linear program in CPLEX LP text, for checking the solver against an exact LP
 * solver (the tests and the review-assignment bench feed it to HiGHS). x_we ∈ [0, 1] for every
 * eligible same-group pair, Σ_e x_we = k per work, floor ≤ Σ_w x_we ≤ ceil per expert, maximise
 * Σ affinity·x. The constraint matrix is totally unimodular, so the LP optimum is integral and equals
 * the best balanced assignment. No locks, bids of their own, or previous assignment: the reference is
 * for fresh runs.
 */
import { defaultAffinity } from './affinity';
import type { AssignmentInput, Id } from './types';

export interface LpModel {
  text: string;
  /** Column name → pair. */
  columns: Map<string, { workId: Id; expertId: Id }>;
}

/** One model per call; pass `groupId` to model a single group (groups are independent). */
export function lpModel(input: AssignmentInput, groupId?: Id): LpModel {
  const affinity = input.affinity ?? defaultAffinity;
  const works = input.works.filter((w) => groupId === undefined || w.groupId === groupId);
  const experts = input.experts.filter((e) => groupId === undefined || e.groupId === groupId);
  const columns = new Map<string, { workId: Id; expertId: Id }>();
  const objective: string[] = [];
  const perWork: string[][] = works.map(() => []);
  const perExpert: string[][] = experts.map(() => []);
  const expertIndex = new Map(experts.map((e, j) => [e.id, j]));
  works.forEach((w, i) => {
    const conflicts = new Set(w.conflictExpertIds ?? []);
    experts.forEach((e, j) => {
      if (e.groupId !== w.groupId || conflicts.has(e.id) || input.isConflict?.(w, e)) return;
      const name = `x${i}_${j}`;
      columns.set(name, { workId: w.id, expertId: e.id });
      objective.push(`${affinity(w, e, undefined)} ${name}`);
      perWork[i].push(name);
      perExpert[expertIndex.get(e.id) as number].push(name);
    });
  });
  const lines = ['Maximize', ` obj: ${wrap(objective)}`, 'Subject To'];
  perWork.forEach((terms, i) => lines.push(` w${i}: ${wrap(terms.length ? terms : ['0 x_none'])} = ${input.k}`));
  const slots = new Map<Id, number>();
  const members = new Map<Id, number>();
  for (const w of works) slots.set(w.groupId, (slots.get(w.groupId) ?? 0) + input.k);
  for (const e of experts) members.set(e.groupId, (members.get(e.groupId) ?? 0) + 1);
  experts.forEach((e, j) => {
    const mean = (slots.get(e.groupId) ?? 0) / (members.get(e.groupId) as number);
    const terms = perExpert[j].length ? perExpert[j] : ['0 x_none'];
    lines.push(` lo${j}: ${wrap(terms)} >= ${Math.floor(mean)}`, ` hi${j}: ${wrap(terms)} <= ${Math.ceil(mean)}`);
  });
  lines.push('Bounds');
  for (const name of columns.keys()) lines.push(` 0 <= ${name} <= 1`);
  lines.push(' x_none = 0', 'End');
  return { text: lines.join('\n'), columns };
}

/** Terms joined with " + ", a few per line (LP readers limit line length). */
function wrap(terms: string[]): string {
  const rows: string[] = [];
  for (let i = 0; i < terms.length; i += 8) rows.push(terms.slice(i, i + 8).join(' + '));
  return rows.join('\n + ');
}
