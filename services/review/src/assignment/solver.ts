/**
 * Expert assignment as a minimum-cost flow, solved exactly per group (groups share no expert).
 *
 *   source ─(k − locked)→ work ─(1, cost −affinity)→ expert ─floor arc (cost 0)───→ sink
 *                                                          ├─ceil arc  (cost BIG)──→
 *                                                          └─over arc  (BIG + OVER)→ (only when conflicts force it)
 *
 * Rules, in priority order: every work gets exactly k experts of its own group and no conflicted or
 * forbidden one (arcs absent); locked pairs are kept (placed before the flow, they count towards k and
 * the load); loads are balanced: each expert's first floor(S/n) units are preferred over any other
 * (BIG dominates every other cost), nobody exceeds ceil(S/n) unless the max flow shows it is needed,
 * and then only up to the smallest common cap U that works, with OVER per unit above ceil; within
 * that, total affinity (plus `moveCost` for each pair of `previous`) is maximal.
 *
 * Before the flow, a feasibility pass (per-work counts, then Dinic max flow with the hard caps) finds
 * the works that cannot be covered; then nothing is assigned and the result explains why (codes with
 * parameters, listed in types.ts). Costs are integers: affinities are scaled to at most 1e6 steps per
 * group (fewer for very large groups, so every sum stays a safe integer).
 */
import { defaultAffinity } from './affinity';
import { FlowGraph, MinCostFlow } from './flow-graph';
import type {
  AssignmentExpert,
  AssignmentInput,
  AssignmentMessage,
  AssignmentPair,
  AssignmentResult,
  AssignmentWork,
  ExpertLoad,
  GroupSummary,
  Id,
  ResultPair,
  SolveOptions,
  UncoveredWork,
} from './types';

const DEFAULT_MOVE_COST = 1000;
const DEFAULT_SLICE_MS = 25;
const MAX_COST_STEPS = 1e6;
const SAFE_TOTAL = 2 ** 50;

/** workId → expertId → value. */
type PairMap<V> = Map<Id, Map<Id, V>>;

function pairMap<V, P extends AssignmentPair = AssignmentPair>(pairs: readonly P[] | undefined, value: (p: P) => V): PairMap<V> {
  const map: PairMap<V> = new Map();
  for (const p of pairs ?? []) {
    let inner = map.get(p.workId);
    if (!inner) map.set(p.workId, (inner = new Map()));
    inner.set(p.expertId, value(p));
  }
  return map;
}

const has = <V>(map: PairMap<V>, w: Id, e: Id): boolean => map.get(w)?.has(e) ?? false;

const msg = (code: string, params: Record<string, unknown> = {}): AssignmentMessage => ({ code, params });

/** One group's data: works, experts, and per pair whether it is eligible, locked, or conflicted. */
interface Group {
  id: Id;
  works: AssignmentWork[];
  experts: AssignmentExpert[];
  /** Per work: indexes of eligible experts and their affinities (with the move bonus in `bonused`). */
  eligible: number[][];
  affinity: number[][];
  bonused: number[][];
  /** Per work: indexes of locked experts, and their affinities. */
  locked: number[][];
  lockedAffinity: number[][];
  conflicted: number[][];
  forbidden: number[][];
  lockedLoad: number[];
  /** Hard cap per expert (Infinity when none). */
  hardCap: number[];
}

interface Context {
  input: AssignmentInput;
  options: SolveOptions;
  started: number;
  sliceStart: number;
  done: number;
  total: number;
  groupsDone: number;
  groups: number;
  phases: number;
  arcs: number;
}

function emptyResult(status: AssignmentResult['status'], ctx: Pick<Context, 'input' | 'started' | 'phases' | 'arcs'>, extra: Partial<AssignmentResult> = {}): AssignmentResult {
  return {
    status,
    pairs: [],
    loads: [],
    groups: [],
    totalAffinity: 0,
    moved: 0,
    uncovered: [],
    messages: [],
    stats: { works: ctx.input.works.length, experts: ctx.input.experts.length, arcs: ctx.arcs, phases: ctx.phases, ms: Date.now() - ctx.started },
    ...extra,
  };
}

/** Checks what the flow cannot express: k, duplicate ids, locked pairs that break the rules. */
function validate(input: AssignmentInput): AssignmentMessage[] {
  const messages: AssignmentMessage[] = [];
  if (!Number.isInteger(input.k) || input.k < 1) messages.push(msg('INVALID_K', { k: input.k }));
  const works = new Map<Id, AssignmentWork>();
  for (const w of input.works) {
    if (works.has(w.id)) messages.push(msg('DUPLICATE_WORK', { workId: w.id }));
    works.set(w.id, w);
  }
  const experts = new Map<Id, AssignmentExpert>();
  for (const e of input.experts) {
    if (experts.has(e.id)) messages.push(msg('DUPLICATE_EXPERT', { expertId: e.id }));
    experts.set(e.id, e);
  }
  const forbidden = pairMap(input.forbidden, () => true);
  const lockedPerWork = new Map<Id, number>();
  for (const { workId, expertId } of input.locked ?? []) {
    const w = works.get(workId);
    const e = experts.get(expertId);
    const params = { workId, expertId };
    if (!w || !e) messages.push(msg('LOCKED_UNKNOWN', params));
    else if (w.groupId !== e.groupId) messages.push(msg('LOCKED_OTHER_GROUP', params));
    else if (isConflict(input, w, e)) messages.push(msg('LOCKED_CONFLICT', params));
    else if (has(forbidden, workId, expertId)) messages.push(msg('LOCKED_FORBIDDEN', params));
    lockedPerWork.set(workId, (lockedPerWork.get(workId) ?? 0) + 1);
  }
  for (const [workId, locked] of lockedPerWork) {
    if (locked > input.k) messages.push(msg('LOCKED_TOO_MANY', { workId, locked, k: input.k }));
  }
  return messages;
}

function isConflict(input: AssignmentInput, w: AssignmentWork, e: AssignmentExpert): boolean {
  return (w.conflictExpertIds?.includes(e.id) ?? false) || (input.isConflict?.(w, e) ?? false);
}

/** Splits the instance by group and classifies every same-group pair. */
function buildGroups(input: AssignmentInput, messages: AssignmentMessage[]): Group[] {
  const affinityOf = input.affinity ?? defaultAffinity;
  const moveCost = input.moveCost ?? DEFAULT_MOVE_COST;
  const bids = pairMap(input.bids, (p) => p.bid);
  const locked = pairMap(input.locked, () => true);
  const forbidden = pairMap(input.forbidden, () => true);
  const previous = pairMap(input.previous, () => true);
  const byId = new Map<Id, Group>();
  const groupOf = (id: Id): Group => {
    let g = byId.get(id);
    if (!g) {
      g = { id, works: [], experts: [], eligible: [], affinity: [], bonused: [], locked: [], lockedAffinity: [], conflicted: [], forbidden: [], lockedLoad: [], hardCap: [] };
      byId.set(id, g);
    }
    return g;
  };
  for (const e of input.experts) {
    const g = groupOf(e.groupId);
    g.experts.push(e);
    g.lockedLoad.push(0);
    g.hardCap.push(e.maxLoad === undefined ? Infinity : Math.max(0, Math.floor(e.maxLoad)));
  }
  for (const w of input.works) {
    const g = groupOf(w.groupId);
    const conflictSet = new Set(w.conflictExpertIds ?? []);
    const row = { eligible: [] as number[], affinity: [] as number[], bonused: [] as number[], locked: [] as number[], lockedAffinity: [] as number[], conflicted: [] as number[], forbidden: [] as number[] };
    g.experts.forEach((e, j) => {
      if (has(locked, w.id, e.id)) {
        row.locked.push(j);
        row.lockedAffinity.push(affinityOf(w, e, bids.get(w.id)?.get(e.id)));
        g.lockedLoad[j]++;
      } else if (conflictSet.has(e.id) || (input.isConflict?.(w, e) ?? false)) row.conflicted.push(j);
      else if (has(forbidden, w.id, e.id)) row.forbidden.push(j);
      else {
        const a = affinityOf(w, e, bids.get(w.id)?.get(e.id));
        if (!Number.isFinite(a)) {
          messages.push(msg('AFFINITY_NOT_FINITE', { workId: w.id, expertId: e.id }));
          return;
        }
        row.eligible.push(j);
        row.affinity.push(a);
        row.bonused.push(has(previous, w.id, e.id) ? a + moveCost : a);
      }
    });
    g.works.push(w);
    g.eligible.push(row.eligible);
    g.affinity.push(row.affinity);
    g.bonused.push(row.bonused);
    g.locked.push(row.locked);
    g.lockedAffinity.push(row.lockedAffinity);
    g.conflicted.push(row.conflicted);
    g.forbidden.push(row.forbidden);
  }
  return [...byId.values()].filter((g) => g.works.length > 0 || g.experts.length > 0);
}

/** Node numbering of a group's network: source, sink, works, experts. */
const SOURCE = 0;
const SINK = 1;
const workNode = (i: number): number => 2 + i;
const expertNode = (g: Group, j: number): number => 2 + g.works.length + j;

const need = (g: Group, k: number, i: number): number => k - g.locked[i].length;

/** Upper bound of a group network's arcs: source, eligible pairs, three sink arcs per expert. */
const arcCount = (g: Group): number => g.works.length + g.eligible.reduce((n, row) => n + row.length, 0) + 3 * g.experts.length;

/** Max flow with expert caps `capOf(j)` (after locked load); returns the graph so callers can read the cut. */
function capacityFlow(g: Group, k: number, capOf: (j: number) => number): { graph: FlowGraph; flow: number; demand: number } {
  const graph = new FlowGraph(2 + g.works.length + g.experts.length, arcCount(g));
  let demand = 0;
  g.works.forEach((_, i) => {
    demand += need(g, k, i);
    graph.addArc(SOURCE, workNode(i), need(g, k, i));
    for (const j of g.eligible[i]) graph.addArc(workNode(i), expertNode(g, j), 1);
  });
  g.experts.forEach((_, j) => {
    const cap = Math.min(capOf(j), g.works.length) - g.lockedLoad[j];
    if (cap > 0) graph.addArc(expertNode(g, j), SINK, cap);
  });
  return { graph, flow: graph.maxFlow(SOURCE, SINK), demand };
}

/** Works of the group that cannot be covered, with the messages that say why; empty when the group is feasible. */
function infeasibility(g: Group, k: number, messages: AssignmentMessage[]): UncoveredWork[] {
  const uncovered: UncoveredWork[] = [];
  g.works.forEach((w, i) => {
    const eligible = g.eligible[i].length + g.locked[i].length;
    if (eligible < k) {
      uncovered.push({ workId: w.id, groupId: g.id, reason: 'too-few-experts' });
      messages.push(
        msg('TOO_FEW_EXPERTS', {
          workId: w.id,
          groupId: g.id,
          eligible,
          needed: k,
          experts: g.experts.length,
          conflicted: g.conflicted[i].map((j) => g.experts[j].id),
          forbidden: g.forbidden[i].map((j) => g.experts[j].id),
        }),
      );
    }
  });
  if (uncovered.length || !g.hardCap.some(Number.isFinite)) return uncovered;
  // Only hard caps can still block the group: the source side of a minimum cut names the works that
  // compete for too little capacity, and the saturated experts they reach.
  const { graph, flow, demand } = capacityFlow(g, k, (j) => g.hardCap[j]);
  if (flow === demand) return uncovered;
  const side = graph.reachable(SOURCE);
  const works = g.works.filter((_, i) => side[workNode(i)]);
  const experts = g.experts.filter((_, j) => side[expertNode(g, j)]);
  const capacity = g.experts.reduce((n, _, j) => n + (side[expertNode(g, j)] ? Math.max(0, Math.min(g.hardCap[j], g.works.length) - g.lockedLoad[j]) : 0), 0);
  const cutDemand = g.works.reduce((n, _, i) => n + (side[workNode(i)] ? need(g, k, i) : 0), 0);
  messages.push(msg('CAPACITY', { groupId: g.id, workIds: works.map((w) => w.id), expertIds: experts.map((e) => e.id), demand: cutDemand, capacity }));
  for (const w of works) uncovered.push({ workId: w.id, groupId: g.id, reason: 'capacity' });
  return uncovered;
}

/** Balanced bounds of a group: floor and ceil of the mean load, and the smallest common cap U ≥ ceil that covers every work (null: cancelled). */
async function loadBounds(g: Group, k: number, ctx: Context): Promise<{ floor: number; ceil: number; cap: number } | null> {
  const slots = g.works.length * k;
  const n = g.experts.length;
  const floor = Math.floor(slots / n);
  const ceil = Math.ceil(slots / n);
  const fits = (u: number): boolean => {
    const { flow, demand } = capacityFlow(g, k, (j) => Math.min(u, g.hardCap[j]));
    return flow === demand;
  };
  if (fits(ceil)) return { floor, ceil, cap: ceil };
  let lo = ceil + 1;
  let hi = g.works.length; // feasible: the hard caps alone were checked by infeasibility()
  while (lo < hi) {
    if (await pause(ctx)) return null;
    const mid = (lo + hi) >> 1;
    if (fits(mid)) hi = mid;
    else lo = mid + 1;
  }
  return { floor, ceil, cap: lo };
}

async function pause(ctx: Context): Promise<boolean> {
  const slice = ctx.options.sliceMs ?? DEFAULT_SLICE_MS;
  if (Date.now() - ctx.sliceStart >= slice) {
    ctx.options.onProgress?.({ done: ctx.done, total: ctx.total, groupsDone: ctx.groupsDone, groups: ctx.groups });
    await new Promise<void>((resolve) => setImmediate(resolve));
    ctx.sliceStart = Date.now();
  }
  return ctx.options.signal?.aborted ?? false;
}

/** Solves one feasible group; returns its pairs (null when cancelled). */
async function solveGroup(g: Group, k: number, ctx: Context): Promise<{ pairs: ResultPair[]; loads: number[]; bounds: { floor: number; ceil: number } } | null> {
  const bounds = await loadBounds(g, k, ctx);
  if (!bounds) return null;
  const { floor, ceil, cap } = bounds;
  const slots = g.works.length * k;
  let lowest = Infinity;
  let highest = -Infinity;
  for (const row of g.bonused) {
    for (const a of row) {
      lowest = Math.min(lowest, a);
      highest = Math.max(highest, a);
    }
  }
  const overloaded = cap > ceil;
  const steps = Math.max(1, Math.min(MAX_COST_STEPS, Math.floor(SAFE_TOTAL / Math.max(1, slots) ** (overloaded ? 3 : 2))));
  const scale = highest > lowest ? steps / (highest - lowest) : 0;
  const span = highest > lowest ? steps : 0;
  const over = span * slots + 1;
  const big = overloaded ? over * (slots + 1) : span * slots + 1;

  const graph = new FlowGraph(2 + g.works.length + g.experts.length, arcCount(g));
  const arcs: { id: number; i: number; j: number; a: number }[] = [];
  let demand = 0;
  g.works.forEach((_, i) => {
    demand += need(g, k, i);
    graph.addArc(SOURCE, workNode(i), need(g, k, i));
    g.eligible[i].forEach((j, x) => {
      const id = graph.addArc(workNode(i), expertNode(g, j), 1, Math.round((highest - g.bonused[i][x]) * scale));
      arcs.push({ id, i, j, a: g.affinity[i][x] });
    });
  });
  g.experts.forEach((_, j) => {
    const limit = (u: number): number => Math.max(0, Math.min(u, g.hardCap[j], g.works.length) - g.lockedLoad[j]);
    const [toFloor, toCeil, toCap] = [limit(floor), limit(ceil), limit(cap)];
    if (toFloor > 0) graph.addArc(expertNode(g, j), SINK, toFloor, 0);
    if (toCeil > toFloor) graph.addArc(expertNode(g, j), SINK, toCeil - toFloor, big);
    if (toCap > toCeil) graph.addArc(expertNode(g, j), SINK, toCap - toCeil, big + over);
  });
  ctx.arcs += graph.size / 2;

  const mcf = new MinCostFlow(graph, SOURCE, SINK);
  while (mcf.flow < demand) {
    if (await pause(ctx)) return null;
    const routed = mcf.phase(demand - mcf.flow);
    if (routed === 0) throw new Error(`assignment flow stalled in group ${String(g.id)}: the feasibility pass should have caught this`);
    ctx.done += routed;
  }
  ctx.phases += mcf.phases;

  const loads = [...g.lockedLoad];
  const pairs: ResultPair[] = [];
  g.works.forEach((w, i) => {
    g.locked[i].forEach((j, x) => pairs.push({ workId: w.id, expertId: g.experts[j].id, groupId: g.id, affinity: g.lockedAffinity[i][x], locked: true }));
  });
  for (const { id, i, j, a } of arcs) {
    if (graph.flowOn(id) > 0) {
      pairs.push({ workId: g.works[i].id, expertId: g.experts[j].id, groupId: g.id, affinity: a, locked: false });
      loads[j]++;
    }
  }
  return { pairs, loads, bounds: { floor, ceil } };
}


/** Messages for a group whose loads differ by more than one: who is below the floor or above the ceiling, and why. */
function explainBalance(g: Group, loads: number[], floor: number, ceil: number, messages: AssignmentMessage[]): void {
  const minLoad = Math.min(...loads);
  const maxLoad = Math.max(...loads);
  if (maxLoad - minLoad <= 1) return;
  messages.push(msg('BALANCE_RELAXED', { groupId: g.id, floor, ceil, minLoad, maxLoad }));
  const conflictedWorks = new Array<number>(g.experts.length).fill(0);
  const eligibleWorks = [...g.lockedLoad];
  g.works.forEach((_, i) => {
    for (const j of g.conflicted[i]) conflictedWorks[j]++;
    for (const j of g.eligible[i]) eligibleWorks[j]++;
  });
  g.experts.forEach((e, j) => {
    if (loads[j] < floor) {
      const reason = g.hardCap[j] < floor ? 'max-load' : eligibleWorks[j] < floor ? 'conflicts' : 'competition';
      messages.push(msg('BELOW_FLOOR', { expertId: e.id, groupId: g.id, load: loads[j], floor, eligibleWorks: eligibleWorks[j], conflictedWorks: conflictedWorks[j], reason }));
    } else if (loads[j] > ceil) {
      messages.push(msg('ABOVE_CEIL', { expertId: e.id, groupId: g.id, load: loads[j], ceil }));
    }
  });
}

/**
 * Assigns k experts of its group to every work (see the header). Resolves, never rejects on bad
 * input: status 'invalid' / 'infeasible' / 'cancelled' come with messages and no pairs.
 */
export async function solveAssignment(input: AssignmentInput, options: SolveOptions = {}): Promise<AssignmentResult> {
  const started = Date.now();
  const ctx: Context = { input, options, started, sliceStart: started, done: 0, total: 0, groupsDone: 0, groups: 0, phases: 0, arcs: 0 };
  const invalid = validate(input);
  if (invalid.length) return emptyResult('invalid', ctx, { messages: invalid });
  const messages: AssignmentMessage[] = [];
  const groups = buildGroups(input, messages);
  if (messages.length) return emptyResult('invalid', ctx, { messages });

  const uncovered = groups.flatMap((g) => infeasibility(g, input.k, messages));
  if (uncovered.length) return emptyResult('infeasible', ctx, { uncovered, messages });

  ctx.groups = groups.length;
  ctx.total = groups.reduce((n, g) => n + g.works.reduce((m, _, i) => m + need(g, input.k, i), 0), 0);
  const pairs: ResultPair[] = [];
  const loads: ExpertLoad[] = [];
  const summaries: GroupSummary[] = [];
  for (const g of groups) {
    if (g.works.length === 0) {
      g.experts.forEach((e) => loads.push({ expertId: e.id, groupId: g.id, load: 0 }));
      summaries.push({ groupId: g.id, works: 0, experts: g.experts.length, floor: 0, ceil: 0, minLoad: 0, maxLoad: 0 });
      ctx.groupsDone++;
      continue;
    }
    const solved = await solveGroup(g, input.k, ctx);
    if (!solved) return emptyResult('cancelled', ctx, { messages: [msg('CANCELLED')] });
    pairs.push(...solved.pairs);
    g.experts.forEach((e, j) => loads.push({ expertId: e.id, groupId: g.id, load: solved.loads[j] }));
    const { floor, ceil } = solved.bounds;
    summaries.push({ groupId: g.id, works: g.works.length, experts: g.experts.length, floor, ceil, minLoad: Math.min(...solved.loads), maxLoad: Math.max(...solved.loads) });
    explainBalance(g, solved.loads, floor, ceil, messages);
    ctx.groupsDone++;
  }
  options.onProgress?.({ done: ctx.done, total: ctx.total, groupsDone: ctx.groupsDone, groups: ctx.groups });

  return {
    ...emptyResult('ok', ctx),
    pairs,
    loads,
    groups: summaries,
    totalAffinity: pairs.reduce((n, p) => n + p.affinity, 0),
    moved: countMoved(input, pairs),
    messages,
  };
}

/** Pairs of input.previous whose work and expert are still present but which the new pairs do not contain. */
export function countMoved(input: AssignmentInput, pairs: readonly AssignmentPair[]): number {
  const works = new Set(input.works.map((w) => w.id));
  const experts = new Set(input.experts.map((e) => e.id));
  const now = pairMap(pairs, () => true);
  return (input.previous ?? []).filter((p) => works.has(p.workId) && experts.has(p.expertId) && !has(now, p.workId, p.expertId)).length;
}

/**
 * An expert declines a work: every other pair of `current` is kept (locked) so nobody else loses a
 * work they started, the declined pair is forbidden, and the solver picks the best remaining expert
 * under the same rules (eligibility, then balance, then affinity).
 */
export async function declineAndReplace(
  input: AssignmentInput,
  current: readonly AssignmentPair[],
  declined: AssignmentPair,
  options: SolveOptions = {},
): Promise<{ result: AssignmentResult; replacement?: ResultPair }> {
  const isDeclined = (p: AssignmentPair): boolean => p.workId === declined.workId && p.expertId === declined.expertId;
  const locked = pairMap([...(input.locked ?? []), ...current.filter((p) => !isDeclined(p))], () => true);
  const lockedPairs = [...locked].flatMap(([workId, inner]) => [...inner.keys()].map((expertId) => ({ workId, expertId })));
  const result = await solveAssignment(
    { ...input, locked: lockedPairs, forbidden: [...(input.forbidden ?? []), declined], previous: current },
    options,
  );
  const replacement = result.pairs.find((p) => p.workId === declined.workId && !p.locked);
  return { result, replacement };
}
