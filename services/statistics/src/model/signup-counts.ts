import { beijingDay } from '@cmp/common';
import { SignupStatus, type SignupFact } from '@cmp/contracts';

/** A sign-up counts while it is waiting for approval or approved (not once rejected or withdrawn). */
export const counts = (status: number) => status === SignupStatus.pending || status === SignupStatus.approved;

/** What the counts are kept by: the figures' dimensions, the Beijing day it was made, its status, and the day its work was submitted. */
export type CountDimension = 'status' | 'day' | 'event' | 'school' | 'college' | 'major' | 'grade' | 'workDay';

export interface CountKey {
  competitionId: number;
  dimension: CountDimension;
  /** An id or a text; '' when not given. */
  key: string;
  label: string;
  /** '' when the same as label. */
  labelEn: string;
}

const text = (v: string | null, max: number) => (v ?? '').slice(0, max);

/** The counts one sign-up adds to while it counts (none once it does not). */
export function countKeys(s: SignupFact): CountKey[] {
  if (!counts(s.status)) return [];
  const at = (dimension: CountDimension, key: string, label = '', labelEn = '') => ({
    competitionId: s.competitionId,
    dimension,
    key: key.slice(0, 100),
    label: label.slice(0, 200),
    labelEn: labelEn.slice(0, 200),
  });
  return [
    at('status', String(s.status)),
    at('day', beijingDay(s.createdAt)),
    at('event', String(s.itemId), s.itemName, s.itemNameEn ?? ''),
    at('school', s.schoolId ? String(s.schoolId) : '', text(s.schoolName, 200)),
    at('college', text(s.college, 100), text(s.college, 100)),
    at('major', text(s.major, 100), text(s.major, 100)),
    at('grade', text(s.grade, 50), text(s.grade, 50)),
    ...(s.workSubmittedAt ? [at('workDay', beijingDay(s.workSubmittedAt))] : []),
  ];
}

export interface CountDelta extends CountKey {
  delta: number;
}

/**
 * How the counts move when sign-ups change from `before` (absent when new) to `after`: each changed pair takes one
 * from what the old state counted and adds one to what the new state counts. In key order, so that two transactions
 * updating the same counts take their locks in the same order (no deadlock).
 */
export function countDeltas(changes: { before?: SignupFact; after: SignupFact }[]): CountDelta[] {
  const deltas = new Map<string, CountDelta>();
  const add = (k: CountKey, delta: number) => {
    const id = `${k.competitionId}\u0000${k.dimension}\u0000${k.key}`;
    const d = deltas.get(id) ?? { ...k, delta: 0 };
    d.delta += delta;
    // The newest labels win (an event renamed).
    if (delta > 0) Object.assign(d, { label: k.label, labelEn: k.labelEn });
    deltas.set(id, d);
  };
  for (const { before, after } of changes) {
    if (before) for (const k of countKeys(before)) add(k, -1);
    for (const k of countKeys(after)) add(k, +1);
  }
  return [...deltas.entries()]
    .filter(([, d]) => d.delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);
}
