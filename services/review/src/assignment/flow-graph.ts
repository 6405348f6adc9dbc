/**
 * A residual flow network with integer capacities and costs, plus the two algorithms the
 * assignment solver needs:
 * - maxFlow: Dinic (feasibility, and the minimum cut that explains an infeasible instance);
 * - MinCostFlow: successive shortest paths with potentials (Dijkstra on reduced costs), where each
 *   Dijkstra is followed by depth-first augmentations over the zero-reduced-cost arcs (primal-dual),
 *   so one phase routes (nearly) every unit that shares the current shortest distance.
 * Costs must be non-negative when MinCostFlow starts (the solver shifts them), so zero potentials
 * are valid; all arithmetic stays in safe integers.
 */

const anyArc = (): boolean => true;

export class FlowGraph {
  readonly head: Int32Array;
  // Typed arrays (doubled when full): big groups have millions of arcs.
  to: Int32Array;
  cap: Int32Array;
  cost: Float64Array;
  next: Int32Array;
  /** Arcs stored, twins included. */
  size = 0;

  /** `arcs`: expected number of addArc calls, to allocate once. */
  constructor(readonly nodes: number, arcs = 16) {
    this.head = new Int32Array(nodes).fill(-1);
    const room = 2 * Math.max(1, arcs);
    this.to = new Int32Array(room);
    this.cap = new Int32Array(room);
    this.cost = new Float64Array(room);
    this.next = new Int32Array(room);
  }

  /** Adds u→v and its residual twin v→u (id ^ 1); returns the forward arc id. */
  addArc(u: number, v: number, capacity: number, cost = 0): number {
    const id = this.size;
    if (id + 2 > this.to.length) this.grow();
    this.push(u, v, capacity, cost);
    this.push(v, u, 0, -cost);
    return id;
  }

  /** Units currently sent over forward arc `id`. */
  flowOn(id: number): number {
    return this.cap[id ^ 1];
  }

  private push(u: number, v: number, capacity: number, cost: number): void {
    const id = this.size++;
    this.to[id] = v;
    this.cap[id] = capacity;
    this.cost[id] = cost;
    this.next[id] = this.head[u];
    this.head[u] = id;
  }

  private grow(): void {
    const bigger = <T extends Int32Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.to = bigger(this.to);
    this.cap = bigger(this.cap);
    this.cost = bigger(this.cost);
    this.next = bigger(this.next);
  }

  /** Nodes reachable from `s` over arcs with residual capacity (the source side of a minimum cut). */
  reachable(s: number): Uint8Array {
    const seen = new Uint8Array(this.nodes);
    const stack = [s];
    seen[s] = 1;
    while (stack.length) {
      const u = stack.pop() as number;
      for (let a = this.head[u]; a !== -1; a = this.next[a]) {
        if (this.cap[a] > 0 && !seen[this.to[a]]) {
          seen[this.to[a]] = 1;
          stack.push(this.to[a]);
        }
      }
    }
    return seen;
  }

  /** Dinic's maximum flow from s to t, ignoring costs. */
  maxFlow(s: number, t: number): number {
    let total = 0;
    const level = new Int32Array(this.nodes);
    const iter = new Int32Array(this.nodes);
    for (;;) {
      if (!this.levels(s, t, level, anyArc)) return total;
      iter.set(this.head);
      for (let f = this.augment(s, t, Infinity, level, iter); f > 0; f = this.augment(s, t, Infinity, level, iter)) total += f;
    }
  }

  /** BFS levels from s over residual arcs that `admissible` accepts; false when t is not reached. */
  levels(s: number, t: number, level: Int32Array, admissible: (arc: number, u: number) => boolean): boolean {
    level.fill(-1);
    level[s] = 0;
    const queue = [s];
    for (let i = 0; i < queue.length; i++) {
      const u = queue[i];
      for (let a = this.head[u]; a !== -1; a = this.next[a]) {
        const v = this.to[a];
        if (this.cap[a] > 0 && level[v] < 0 && admissible(a, u)) {
          level[v] = level[u] + 1;
          queue.push(v);
        }
      }
    }
    return level[t] >= 0;
  }

  /** One augmenting path over admissible level-graph arcs (current-arc pointers in `iter`); returns the units pushed. */
  augment(u: number, t: number, limit: number, level: Int32Array, iter: Int32Array, admissible: (arc: number, u: number) => boolean = anyArc): number {
    if (u === t) return limit;
    for (; iter[u] !== -1; iter[u] = this.next[iter[u]]) {
      const a = iter[u];
      const v = this.to[a];
      if (this.cap[a] > 0 && level[v] === level[u] + 1 && admissible(a, u)) {
        const pushed = this.augment(v, t, Math.min(limit, this.cap[a]), level, iter, admissible);
        if (pushed > 0) {
          this.cap[a] -= pushed;
          this.cap[a ^ 1] += pushed;
          return pushed;
        }
      }
    }
    return 0;
  }
}

/** Binary min-heap of (key, node) used by Dijkstra; stale entries are skipped by the caller. */
class Heap {
  private keys: number[] = [];
  private vals: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, val: number): void {
    const { keys, vals } = this;
    let i = keys.length;
    keys.push(key);
    vals.push(val);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] <= key) break;
      keys[i] = keys[p];
      vals[i] = vals[p];
      i = p;
    }
    keys[i] = key;
    vals[i] = val;
  }

  /** Removes the smallest entry; returns its node, and its key in `lastKey`. */
  pop(): number {
    const { keys, vals } = this;
    const top = vals[0];
    this.lastKey = keys[0];
    const key = keys.pop() as number;
    const val = vals.pop() as number;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && keys[c + 1] < keys[c]) c++;
        if (keys[c] >= key) break;
        keys[i] = keys[c];
        vals[i] = vals[c];
        i = c;
      }
      keys[i] = key;
      vals[i] = val;
    }
    return top;
  }

  lastKey = 0;
}

/**
 * Minimum-cost flow from s to t, run in phases so the caller can report progress and cancel between
 * them. Each phase: Dijkstra on reduced costs (stopping at t), potential update, then a blocking flow
 * over the arcs whose reduced cost is zero.
 */
export class MinCostFlow {
  private readonly potential: number[];
  private readonly dist: number[];
  private readonly done: Uint8Array;
  private readonly iter: Int32Array;
  flow = 0;
  phases = 0;

  constructor(private readonly g: FlowGraph, private readonly s: number, private readonly t: number) {
    this.potential = new Array<number>(g.nodes).fill(0);
    this.dist = new Array<number>(g.nodes).fill(0);
    this.done = new Uint8Array(g.nodes);
    this.iter = new Int32Array(g.nodes);
  }

  /** Routes up to `limit` more units along the current shortest paths; returns the units routed (0: t unreachable). */
  phase(limit: number): number {
    if (limit <= 0 || !this.shortestPaths()) return 0;
    this.phases++;
    const routed = this.augmentZeroPaths(limit);
    this.flow += routed;
    return routed;
  }

  /**
   * Depth-first augmentations over arcs of zero reduced cost, with current-arc pointers and nodes
   * marked dead once explored without reaching t. A node blocked only by the path on the stack may be
   * marked dead too early; that only leaves a path for the next phase (Dijkstra finds it at distance
   * 0), and the first search of a phase always succeeds, so every phase makes progress. Iterative, so
   * long paths in big groups cannot overflow the stack.
   */
  private augmentZeroPaths(limit: number): number {
    const { g, s, t, potential } = this;
    const { head, next, to, cap, cost } = g;
    const iter = this.iter;
    iter.set(head);
    const dead = this.done; // reused: Dijkstra has finished with it
    dead.fill(0);
    const onPath = new Uint8Array(g.nodes);
    const arcs: number[] = [];
    let routed = 0;
    let u = s;
    onPath[s] = 1;
    while (routed < limit) {
      if (u === t) {
        let f = limit - routed;
        for (const a of arcs) f = Math.min(f, cap[a]);
        for (const a of arcs) {
          cap[a] -= f;
          cap[a ^ 1] += f;
          onPath[to[a]] = 0;
        }
        routed += f;
        arcs.length = 0;
        u = s;
        continue;
      }
      let a = iter[u];
      const pu = potential[u];
      for (; a !== -1; a = next[a]) {
        const v = to[a];
        if (cap[a] > 0 && !dead[v] && !onPath[v] && cost[a] + pu - potential[v] === 0) break;
      }
      iter[u] = a;
      if (a !== -1) {
        arcs.push(a);
        u = to[a];
        onPath[u] = 1;
        continue;
      }
      // Dead end: retreat one arc and skip it from now on.
      dead[u] = 1;
      onPath[u] = 0;
      if (u === s) break;
      const back = arcs.pop() as number;
      u = to[back ^ 1];
      iter[u] = next[iter[u]];
    }
    return routed;
  }

  /** Dijkstra from s on reduced costs; updates the potentials so every residual arc keeps a non-negative reduced cost. */
  private shortestPaths(): boolean {
    const { g, s, t, dist, done, potential } = this;
    dist.fill(Infinity);
    done.fill(0);
    dist[s] = 0;
    const heap = new Heap();
    heap.push(0, s);
    while (heap.size) {
      const u = heap.pop();
      const d = heap.lastKey;
      if (done[u] || d > dist[u]) continue;
      done[u] = 1;
      if (u === t) break;
      const pu = potential[u];
      for (let a = g.head[u]; a !== -1; a = g.next[a]) {
        if (g.cap[a] <= 0) continue;
        const v = g.to[a];
        const nd = d + g.cost[a] + pu - potential[v];
        if (nd < dist[v]) {
          dist[v] = nd;
          heap.push(nd, v);
        }
      }
    }
    if (!done[t]) return false;
    // Nodes not settled before t are at least as far as t: raising them by dist[t] keeps reduced costs non-negative.
    const dt = dist[t];
    for (let v = 0; v < g.nodes; v++) potential[v] += done[v] ? dist[v] : dt;
    return true;
  }
}
