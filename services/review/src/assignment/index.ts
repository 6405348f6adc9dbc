/** Pure expert-assignment solver of the review service: no database, no framework (see solver.ts). */
export * from './types';
export { AFFINITY_WEIGHTS, defaultAffinity } from './affinity';
export { solveAssignment, declineAndReplace, countMoved } from './solver';
export { randomInstance, seededRandom } from './random-instance';
export { lpModel } from './lp-model';
export type { LpModel } from './lp-model';
export type { RandomInstanceOptions } from './random-instance';
