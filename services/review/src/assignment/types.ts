/** Inputs and outputs of the expert-assignment solver (see solver.ts). Plain data: no database, no framework. */

export type Id = string | number;

export type Bid = 'eager' | 'willing' | 'unwilling';

export interface AssignmentWork {
  id: Id;
  /** The expert group that reviews this work; only experts of the same group are eligible. */
  groupId: Id;
  eventId?: Id;
  keywords?: readonly string[];
  /** Experts with a conflict of interest, already computed by the caller from every identity it knows. */
  conflictExpertIds?: readonly Id[];
}

export interface AssignmentExpert {
  id: Id;
  groupId: Id;
  subjects?: readonly string[];
  keywords?: readonly string[];
  /** Events the expert can judge. */
  eventIds?: readonly Id[];
  /** Hard cap on this expert's load (declared availability); none when absent. */
  maxLoad?: number;
}

export interface AssignmentPair {
  workId: Id;
  expertId: Id;
}

export interface BidEntry extends AssignmentPair {
  bid: Bid;
}

/** Affinity of one pair: higher is better; any finite number (negative = rather not). */
export type AffinityFn = (work: AssignmentWork, expert: AssignmentExpert, bid: Bid | undefined) => number;

export interface AssignmentInput {
  works: readonly AssignmentWork[];
  experts: readonly AssignmentExpert[];
  /** Experts per work. */
  k: number;
  /** Defaults to defaultAffinity (affinity.ts). */
  affinity?: AffinityFn;
  bids?: readonly BidEntry[];
  /** Extra conflict test on top of conflictExpertIds, e.g. backed by precomputed sets. */
  isConflict?: (work: AssignmentWork, expert: AssignmentExpert) => boolean;
  /** Manual assignments: always kept; they count towards k and towards the expert's load. */
  locked?: readonly AssignmentPair[];
  /** Pairs that must not be assigned (manual removals, declined works). */
  forbidden?: readonly AssignmentPair[];
  /** The assignment being re-run; each of its pairs gets `moveCost` extra affinity, so it moves only when needed. */
  previous?: readonly AssignmentPair[];
  /** In affinity units; defaults to 1000, i.e. keeping a pair outweighs any affinity gain of the default function. */
  moveCost?: number;
}

export interface SolveOptions {
  signal?: AbortSignal;
  onProgress?: (progress: AssignmentProgress) => void;
  /** How long the solver may compute before giving the event loop a turn (abort, timers, I/O); 25 ms when absent. */
  sliceMs?: number;
}

export interface AssignmentProgress {
  /** Units (work–expert slots) placed so far, out of `total`. */
  done: number;
  total: number;
  groupsDone: number;
  groups: number;
}

/**
 * Explanation codes with their parameters, so the service renders them in zh-CN and en:
 * - INVALID_K { k }, DUPLICATE_WORK { workId }, DUPLICATE_EXPERT { expertId }, AFFINITY_NOT_FINITE { workId, expertId }
 * - LOCKED_UNKNOWN { workId, expertId }, LOCKED_OTHER_GROUP { workId, expertId }, LOCKED_CONFLICT { workId, expertId },
 *   LOCKED_FORBIDDEN { workId, expertId }, LOCKED_TOO_MANY { workId, locked, k }
 * - TOO_FEW_EXPERTS { workId, groupId, eligible, needed, experts, conflicted, forbidden }: the work cannot get k experts.
 * - CAPACITY { groupId, workIds, expertIds, demand, capacity }: these works together need more than these experts' caps allow
 *   (the source side of the minimum cut).
 * - BELOW_FLOOR { expertId, groupId, load, floor, eligibleWorks, conflictedWorks, reason: 'conflicts' | 'max-load' | 'competition' }
 * - ABOVE_CEIL { expertId, groupId, load, ceil }
 * - BALANCE_RELAXED { groupId, floor, ceil, minLoad, maxLoad }: the group's loads differ by more than one, and why follows.
 * - CANCELLED {}
 */
export interface AssignmentMessage {
  code: string;
  params: Record<string, unknown>;
}

export interface ResultPair extends AssignmentPair {
  groupId: Id;
  affinity: number;
  locked: boolean;
}

export interface ExpertLoad {
  expertId: Id;
  groupId: Id;
  load: number;
}

export interface UncoveredWork {
  workId: Id;
  groupId: Id;
  reason: 'too-few-experts' | 'capacity';
}

export interface GroupSummary {
  groupId: Id;
  works: number;
  experts: number;
  floor: number;
  ceil: number;
  minLoad: number;
  maxLoad: number;
}

export interface AssignmentResult {
  /** ok: every work has k experts. infeasible / invalid / cancelled: no pairs at all (nothing half-assigned). */
  status: 'ok' | 'infeasible' | 'invalid' | 'cancelled';
  pairs: ResultPair[];
  loads: ExpertLoad[];
  groups: GroupSummary[];
  totalAffinity: number;
  /** Pairs of `previous` (whose work and expert are still in the input) that the result no longer has. */
  moved: number;
  uncovered: UncoveredWork[];
  messages: AssignmentMessage[];
  stats: { works: number; experts: number; arcs: number; phases: number; ms: number };
}
