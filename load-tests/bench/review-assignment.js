'use strict';
// Issue 14's assignment bench: 5,000 works, 3 experts each, 300 experts in 10 groups, about 10% of
// same-group pairs in conflict, random affinities (seeded). The platform's solver (min-cost flow,
// services/review/src/assignment) and, in the same run on the same instance, the exact LP optimum
// from HiGHS (WASM). Target: ratio 1.00 (or within 0.5%), loads within one, 0 conflicts, under 10 s.

const os = require('node:os');
const { loadSolver } = require('./lib/review-assignment-solver');

const INSTANCE = { seed: 14, works: 5000, experts: 300, groups: 10, k: 3, conflictRate: 0.1 };
const TARGET_SECONDS = 10;

/** Largest minus smallest load within a group, the worst over groups; and pairs that break a conflict or a group. */
function check(instance, pairs) {
  const works = new Map(instance.works.map((w) => [w.id, w]));
  const experts = new Map(instance.experts.map((e) => [e.id, e]));
  const loads = new Map(instance.experts.map((e) => [e.id, 0]));
  const perWork = new Map(instance.works.map((w) => [w.id, 0]));
  let violations = 0;
  let affinity = 0;
  for (const { workId, expertId } of pairs) {
    const w = works.get(workId);
    const e = experts.get(expertId);
    if (w.groupId !== e.groupId || w.conflictExpertIds.includes(expertId)) violations++;
    loads.set(expertId, loads.get(expertId) + 1);
    perWork.set(workId, perWork.get(workId) + 1);
    affinity += instance.affinity(w, e);
  }
  const spread = Math.max(
    ...[...new Set(instance.experts.map((e) => e.groupId))].map((g) => {
      const l = instance.experts.filter((e) => e.groupId === g).map((e) => loads.get(e.id));
      return Math.max(...l) - Math.min(...l);
    }),
  );
  const badCoverage = [...perWork.values()].filter((n) => n !== instance.k).length;
  return { affinity, spread, violations, badCoverage };
}

module.exports = {
  name: 'review-assignment',
  description:
    `Automatic expert assignment on a seeded random instance: ${INSTANCE.works} works × ${INSTANCE.k} experts, ${INSTANCE.experts} experts in ` +
    `${INSTANCE.groups} groups, ${INSTANCE.conflictRate * 100}% of same-group pairs in conflict, affinities uniform in [0, 1). The platform's ` +
    'min-cost-flow solver against the exact LP optimum (HiGHS, WASM build of the `highs` package) on the same instance, in the same process.',

  async run(ctx) {
    const { solver, from } = loadSolver();
    ctx.log(`solver loaded from ${from}`);
    const instance = solver.randomInstance(INSTANCE);
    const conflicts = instance.works.reduce((n, w) => n + w.conflictExpertIds.length, 0);
    const samegroup = (INSTANCE.works * INSTANCE.experts) / INSTANCE.groups;

    let t = process.hrtime.bigint();
    let progressCalls = 0;
    const result = await solver.solveAssignment(instance, { onProgress: () => progressCalls++ });
    const flowSeconds = Number(process.hrtime.bigint() - t) / 1e9;
    if (result.status !== 'ok') throw new Error(`solver answered ${result.status}: ${JSON.stringify(result.messages.slice(0, 3))}`);
    ctx.log(`min-cost flow: ${flowSeconds.toFixed(2)} s, ${result.stats.phases} phases, ${result.stats.arcs} arcs`);

    const highs = await require('highs')();
    t = process.hrtime.bigint();
    const model = solver.lpModel(instance);
    const lp = highs.solve(model.text);
    const lpSeconds = Number(process.hrtime.bigint() - t) / 1e9;
    if (lp.Status !== 'Optimal') throw new Error(`HiGHS answered ${lp.Status}`);
    const lpPairs = Object.entries(lp.Columns)
      .filter(([name, c]) => model.columns.has(name) && c.Primal > 0.5)
      .map(([name]) => model.columns.get(name));
    ctx.log(`HiGHS LP: ${lpSeconds.toFixed(2)} s, objective ${lp.ObjectiveValue}`);

    const ours = check(instance, result.pairs);
    const exact = check(instance, lpPairs);
    const optimum = lp.ObjectiveValue;
    const row = (method, seconds, c) => ({
      method,
      'time (s)': seconds.toFixed(2),
      'total affinity': c.affinity.toFixed(3),
      'ratio to LP optimum': (c.affinity / optimum).toFixed(5),
      'max − min load': c.spread,
      'conflicts violated': c.violations,
      'works not covered k times': c.badCoverage,
    });
    ctx.note(`Instance seed ${INSTANCE.seed}: ${conflicts} conflicted pairs of ${samegroup} same-group pairs (${((100 * conflicts) / samegroup).toFixed(1)}%); ${instance.works.length * INSTANCE.k} slots.`);
    ctx.note(`The LP is solved whole (one model, ${model.columns.size} columns); its time includes writing the LP text and HiGHS parsing it. It is totally unimodular, so its optimum is integral.`);
    ctx.note(`Solver: ${result.stats.phases} Dijkstra phases over ${result.stats.arcs} arcs, ${progressCalls} progress reports; loaded from ${from}.`);
    ctx.note(`Load average at the end of the run: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} (other work on the machine slows both solvers alike).`);
    const ratio = ours.affinity / optimum;
    const met = ratio >= 0.995 && ours.spread <= 1 && ours.violations === 0 && ours.badCoverage === 0 && flowSeconds < TARGET_SECONDS;
    ctx.note(`Target (ratio ≥ 0.995, loads within one, 0 conflicts, every work covered, under ${TARGET_SECONDS} s): ${met ? 'met' : 'NOT met'}.`);
    return [row('min-cost flow (services/review/src/assignment)', flowSeconds, ours), row('exact LP (HiGHS)', lpSeconds, exact)];
  },
};
