import { FlowGraph, MinCostFlow } from './flow-graph';

/** Total cost of the flow on forward arcs (even ids). */
const costOf = (g: FlowGraph): number => {
  let total = 0;
  for (let a = 0; a < g.size; a += 2) total += g.flowOn(a) * g.cost[a];
  return total;
};

describe('FlowGraph and MinCostFlow', () => {
  it('finds the max flow and its minimum cut', () => {
    const g = new FlowGraph(5, 2); // 0 source, 1 sink; room for 2 arcs, so adding 5 grows the arrays
    g.addArc(0, 2, 3);
    g.addArc(0, 3, 2);
    g.addArc(2, 4, 1);
    g.addArc(3, 4, 5);
    g.addArc(4, 1, 10);
    expect(g.maxFlow(0, 1)).toBe(3);
    expect([...g.reachable(0)]).toEqual([1, 0, 1, 0, 0]);
  });

  it('reroutes an earlier cheap unit when that makes the total cheaper (residual arcs)', () => {
    // Two works, two experts: w0→e1 (0) + w1→e0 (1) = 1 beats w0→e0 (3) + w1→e1 (2).
    const g = new FlowGraph(6);
    g.addArc(0, 2, 1);
    g.addArc(0, 3, 1);
    g.addArc(2, 4, 1, 3);
    g.addArc(2, 5, 1, 0);
    g.addArc(3, 4, 1, 1);
    g.addArc(3, 5, 1, 2);
    g.addArc(4, 1, 1);
    g.addArc(5, 1, 1);
    const mcf = new MinCostFlow(g, 0, 1);
    while (mcf.phase(2 - mcf.flow) > 0);
    expect(mcf.flow).toBe(2);
    expect(costOf(g)).toBe(1);
  });

  it('must cancel a unit already routed to reach the optimum', () => {
    // Unit 1 first takes the cheapest path s→a→x→t; the second unit can only use x via a, so the
    // optimum (total 4: a→y 2 + b→x 2) needs the residual arc x→a.
    const g = new FlowGraph(6); // 0 s, 1 t, 2 a, 3 b, 4 x, 5 y
    g.addArc(0, 2, 1);
    g.addArc(0, 3, 1);
    g.addArc(2, 4, 1, 0);
    g.addArc(2, 5, 1, 2);
    g.addArc(3, 4, 1, 2);
    g.addArc(4, 1, 1);
    g.addArc(5, 1, 1);
    const mcf = new MinCostFlow(g, 0, 1);
    while (mcf.phase(2 - mcf.flow) > 0);
    expect(mcf.flow).toBe(2);
    expect(costOf(g)).toBe(4);
    expect(mcf.phase(1)).toBe(0);
  });
});
