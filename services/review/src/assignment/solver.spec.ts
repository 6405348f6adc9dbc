import { AFFINITY_WEIGHTS, defaultAffinity } from './affinity';
import { lpModel } from './lp-model';
import { randomInstance, seededRandom } from './random-instance';
import { declineAndReplace, solveAssignment } from './solver';
import type { AssignmentInput, AssignmentPair, AssignmentResult, Id } from './types';

/** Checks the hard rules on an ok result: k distinct experts of the work's group, no conflict, no forbidden pair. */
function expectValid(input: AssignmentInput, result: AssignmentResult): void {
  expect(result.status).toBe('ok');
  const works = new Map(input.works.map((w) => [w.id, w]));
  const experts = new Map(input.experts.map((e) => [e.id, e]));
  const perWork = new Map<Id, Set<Id>>(input.works.map((w) => [w.id, new Set()]));
  const forbidden = new Set((input.forbidden ?? []).map((p) => `${p.workId}|${p.expertId}`));
  for (const p of result.pairs) {
    const w = works.get(p.workId)!;
    const e = experts.get(p.expertId)!;
    expect(e.groupId).toBe(w.groupId);
    expect(w.conflictExpertIds ?? []).not.toContain(p.expertId);
    expect(forbidden.has(`${p.workId}|${p.expertId}`)).toBe(false);
    perWork.get(p.workId)!.add(p.expertId);
  }
  for (const set of perWork.values()) expect(set.size).toBe(input.k);
  expect(result.pairs).toHaveLength(input.works.length * input.k);
  const loads = new Map<Id, number>();
  for (const p of result.pairs) loads.set(p.expertId, (loads.get(p.expertId) ?? 0) + 1);
  for (const l of result.loads) expect(l.load).toBe(loads.get(l.expertId) ?? 0);
}

function spreadByGroup(result: AssignmentResult): Map<Id, number> {
  const byGroup = new Map<Id, number[]>();
  for (const l of result.loads) byGroup.set(l.groupId, [...(byGroup.get(l.groupId) ?? []), l.load]);
  return new Map([...byGroup].map(([g, loads]) => [g, Math.max(...loads) - Math.min(...loads)]));
}

/** Exhaustive optimum over balanced assignments (floor ≤ load ≤ ceil per expert) of a one-group instance; null when none. */
function bruteForce(input: AssignmentInput & { score: Map<string, number> }): number | null {
  const { works, experts, k } = input;
  const floor = Math.floor((works.length * k) / experts.length);
  const ceil = Math.ceil((works.length * k) / experts.length);
  const subsets = (items: number[], size: number): number[][] =>
    size === 0 ? [[]] : items.flatMap((x, i) => subsets(items.slice(i + 1), size - 1).map((rest) => [x, ...rest]));
  const options = works.map((w) => subsets(experts.map((_, j) => j).filter((j) => !(w.conflictExpertIds ?? []).includes(experts[j].id)), k));
  const loads = experts.map(() => 0);
  let best: number | null = null;
  const visit = (i: number, total: number): void => {
    if (i === works.length) {
      if (loads.every((l) => l >= floor && l <= ceil) && (best === null || total > best)) best = total;
      return;
    }
    for (const option of options[i]) {
      if (option.some((j) => loads[j] + 1 > ceil)) continue;
      option.forEach((j) => loads[j]++);
      visit(i + 1, total + option.reduce((n, j) => n + input.score.get(`${works[i].id}|${experts[j].id}`)!, 0));
      option.forEach((j) => loads[j]--);
    }
  };
  visit(0, 0);
  return best;
}

describe('solveAssignment', () => {
  it('keeps every rule over many random instances: k experts of the group per work, no conflict, loads within one or explained', async () => {
    const rnd = seededRandom(7);
    let relaxed = 0;
    let infeasible = 0;
    for (let n = 0; n < 60; n++) {
      const input = randomInstance({
        seed: 1000 + n,
        works: 5 + Math.floor(rnd() * 120),
        experts: 3 + Math.floor(rnd() * 25),
        groups: 1 + Math.floor(rnd() * 3),
        k: 1 + Math.floor(rnd() * 3),
        conflictRate: rnd() * 0.5,
      });
      const result = await solveAssignment(input);
      if (result.status === 'infeasible') {
        infeasible++;
        expect(result.pairs).toEqual([]);
        expect(result.uncovered.length).toBeGreaterThan(0);
        continue;
      }
      expectValid(input, result);
      for (const [groupId, spread] of spreadByGroup(result)) {
        if (spread > 1) {
          relaxed++;
          expect(result.messages).toContainEqual(expect.objectContaining({ code: 'BALANCE_RELAXED', params: expect.objectContaining({ groupId }) }));
        }
      }
      expect(result.totalAffinity).toBeCloseTo(result.pairs.reduce((s, p) => s + input.affinity!(input.works.find((w) => w.id === p.workId)!, input.experts.find((e) => e.id === p.expertId)!, undefined), 0), 6);
    }
    // The generator must exercise both hard branches, or this test proves less than it claims.
    expect(infeasible).toBeGreaterThan(0);
    expect(infeasible).toBeLessThan(60);
    expect(relaxed).toBeGreaterThan(0);
  });

  it('finds the exact optimum of small instances (exhaustive search)', async () => {
    let compared = 0;
    for (let n = 0; n < 40; n++) {
      const input = randomInstance({ seed: 50 + n, works: 4 + (n % 3), experts: 3 + (n % 2), groups: 1, k: 1 + (n % 2), conflictRate: 0.2 });
      const best = bruteForce(input);
      const result = await solveAssignment(input);
      if (best === null) continue;
      compared++;
      expectValid(input, result);
      expect(Math.max(...spreadByGroup(result).values())).toBeLessThanOrEqual(1);
      expect(result.totalAffinity).toBeCloseTo(best, 6);
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('matches the LP optimum computed by HiGHS on medium instances', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const highs = await require('highs')();
    for (const seed of [1, 2, 3]) {
      const input = randomInstance({ seed, works: 400, experts: 60, groups: 3, k: 3, conflictRate: 0.15 });
      const result = await solveAssignment(input);
      expectValid(input, result);
      const lp = highs.solve(lpModel(input).text);
      expect(lp.Status).toBe('Optimal');
      expect(result.totalAffinity).toBeCloseTo(lp.ObjectiveValue, 4);
      expect(Math.max(...spreadByGroup(result).values())).toBeLessThanOrEqual(1);
    }
  });

  it('answers an infeasible instance with the works that cannot be covered, why, and no pairs', async () => {
    const input: AssignmentInput = {
      k: 3,
      experts: ['a', 'b', 'c', 'd'].map((id) => ({ id, groupId: 'G' })),
      works: [
        { id: 'w1', groupId: 'G' },
        { id: 'w2', groupId: 'G', conflictExpertIds: ['a', 'b'] },
        { id: 'w3', groupId: 'G' },
      ],
    };
    const result = await solveAssignment(input);
    expect(result.status).toBe('infeasible');
    expect(result.pairs).toEqual([]);
    expect(result.uncovered).toEqual([{ workId: 'w2', groupId: 'G', reason: 'too-few-experts' }]);
    expect(result.messages).toEqual([
      { code: 'TOO_FEW_EXPERTS', params: { workId: 'w2', groupId: 'G', eligible: 2, needed: 3, experts: 4, conflicted: ['a', 'b'], forbidden: [] } },
    ]);
  });

  it('explains a capacity shortage with the works and experts of the minimum cut', async () => {
    const input: AssignmentInput = {
      k: 1,
      experts: [
        { id: 'a', groupId: 'G', maxLoad: 1 },
        { id: 'b', groupId: 'G', maxLoad: 5 },
      ],
      works: [
        { id: 'w1', groupId: 'G', conflictExpertIds: ['b'] },
        { id: 'w2', groupId: 'G', conflictExpertIds: ['b'] },
        { id: 'w3', groupId: 'G' },
      ],
    };
    const result = await solveAssignment(input);
    expect(result.status).toBe('infeasible');
    expect(result.pairs).toEqual([]);
    expect(result.uncovered.map((u) => u.workId).sort()).toEqual(['w1', 'w2']);
    expect(result.messages).toEqual([{ code: 'CAPACITY', params: { groupId: 'G', workIds: ['w1', 'w2'], expertIds: ['a'], demand: 2, capacity: 1 } }]);
  });

  it('relaxes the balance only as far as conflicts force it, and says which expert and why', async () => {
    // e0 conflicts with every work but one: it cannot reach the floor of 2, so someone must take 3.
    const works = Array.from({ length: 8 }, (_, i) => ({ id: `w${i}`, groupId: 'G', conflictExpertIds: i === 0 ? [] : ['e0'] }));
    const input: AssignmentInput = { k: 1, works, experts: ['e0', 'e1', 'e2', 'e3'].map((id) => ({ id, groupId: 'G' })) };
    const result = await solveAssignment(input);
    expectValid(input, result);
    const loads = Object.fromEntries(result.loads.map((l) => [l.expertId, l.load]));
    expect(loads.e0).toBe(1);
    expect([loads.e1, loads.e2, loads.e3].sort()).toEqual([2, 2, 3]);
    expect(result.messages).toContainEqual({ code: 'BALANCE_RELAXED', params: { groupId: 'G', floor: 2, ceil: 2, minLoad: 1, maxLoad: 3 } });
    expect(result.messages).toContainEqual({
      code: 'BELOW_FLOOR',
      params: { expertId: 'e0', groupId: 'G', load: 1, floor: 2, eligibleWorks: 1, conflictedWorks: 7, reason: 'conflicts' },
    });
    expect(result.messages.filter((m) => m.code === 'ABOVE_CEIL')).toHaveLength(1);
  });

  it('keeps locked pairs even against affinity, and refuses a locked pair that breaks a rule', async () => {
    const input = randomInstance({ seed: 3, works: 40, experts: 10, groups: 1, k: 2, conflictRate: 0 });
    const free = await solveAssignment(input);
    // Lock, for each of 5 works, an expert the free optimum did not pick.
    const locked: AssignmentPair[] = input.works.slice(0, 5).map((w) => {
      const chosen = new Set(free.pairs.filter((p) => p.workId === w.id).map((p) => p.expertId));
      return { workId: w.id, expertId: input.experts.find((e) => !chosen.has(e.id))!.id };
    });
    const result = await solveAssignment({ ...input, locked });
    expectValid(input, result);
    for (const l of locked) expect(result.pairs).toContainEqual(expect.objectContaining({ ...l, locked: true }));
    expect(result.totalAffinity).toBeLessThanOrEqual(free.totalAffinity + 1e-9);

    const conflicted = { ...input, works: input.works.map((w, i) => (i === 0 ? { ...w, conflictExpertIds: [locked[0].expertId] } : w)), locked };
    const refused = await solveAssignment(conflicted);
    expect(refused.status).toBe('invalid');
    expect(refused.pairs).toEqual([]);
    expect(refused.messages).toEqual([{ code: 'LOCKED_CONFLICT', params: locked[0] }]);
  });

  it('moves exactly as few existing pairs as 5% new works need (the LP minimum) when re-run with the previous assignment', async () => {
    const all = randomInstance({ seed: 11, works: 420, experts: 40, groups: 2, k: 3, conflictRate: 0.1 });
    const before = { ...all, works: all.works.slice(0, 400) };
    const first = await solveAssignment(before);
    expectValid(before, first);
    const previous = first.pairs.map(({ workId, expertId }) => ({ workId, expertId }));
    const again = await solveAssignment({ ...all, previous });
    expectValid(all, again);
    expect(Math.max(...spreadByGroup(again).values())).toBeLessThanOrEqual(1);
    // 20 new works bring 60 slots; balance can need a few existing pairs to move, never more than that.
    expect(again.moved).toBeLessThanOrEqual(20 * all.k);
    // Exact minimum: the LP that keeps as many previous pairs as balance allows (HiGHS). With a move
    // cost above any affinity total, the solver must move exactly that many.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const highs = await require('highs')();
    const kept = new Set(previous.map((p) => `${p.workId}|${p.expertId}`));
    const lp = highs.solve(lpModel({ ...all, affinity: (w, e) => (kept.has(`${w.id}|${e.id}`) ? 1 : 0) }).text);
    const fewestMoves = previous.length - Math.round(lp.ObjectiveValue);
    const strict = await solveAssignment({ ...all, previous, moveCost: 1e4 });
    expect(strict.moved).toBe(fewestMoves);
    expect(again.moved).toBe(fewestMoves);
    const fresh = await solveAssignment({ ...all, previous, moveCost: 0 });
    expect(fresh.moved).toBeGreaterThan(again.moved);
    expect(again.totalAffinity).toBeLessThanOrEqual(fresh.totalAffinity + 1e-9);
  });

  it('re-running an unchanged instance with its own result moves nothing', async () => {
    const input = randomInstance({ seed: 12, works: 200, experts: 30, groups: 3, k: 2, conflictRate: 0.2 });
    const first = await solveAssignment(input);
    const again = await solveAssignment({ ...input, previous: first.pairs });
    expect(again.moved).toBe(0);
    expect(again.totalAffinity).toBeCloseTo(first.totalAffinity, 6);
  });

  it('replaces a declined expert by the best remaining one and touches no other pair', async () => {
    const input = randomInstance({ seed: 21, works: 30, experts: 8, groups: 1, k: 2, conflictRate: 0.1 });
    const current = await solveAssignment(input);
    expectValid(input, current);
    for (const declined of current.pairs.slice(0, 6)) {
      const { result, replacement } = await declineAndReplace(input, current.pairs, declined);
      expectValid({ ...input, forbidden: [declined] }, result);
      expect(result.moved).toBe(1);
      expect(replacement).toBeDefined();
      // Expected: among eligible experts not already on the work, those still under the ceiling; the
      // ones under the floor first (balance), then the highest affinity.
      const { floor, ceil } = current.groups[0];
      const load = new Map(current.loads.map((l) => [l.expertId, l.load]));
      load.set(declined.expertId, load.get(declined.expertId)! - 1);
      const work = input.works.find((w) => w.id === declined.workId)!;
      const onWork = new Set(current.pairs.filter((p) => p.workId === work.id).map((p) => p.expertId));
      const candidates = input.experts.filter((e) => !onWork.has(e.id) && !work.conflictExpertIds!.includes(e.id) && load.get(e.id)! < ceil);
      const rank = (id: Id): number => (load.get(id)! < floor ? 10 : 0) + input.score.get(`${work.id}|${id}`)!;
      const best = Math.max(...candidates.map((e) => rank(e.id)));
      expect(rank(replacement!.expertId)).toBeCloseTo(best, 9);
    }
  });

  it('stops when its AbortSignal is aborted and returns a cancelled result with no pairs', async () => {
    const input = randomInstance({ seed: 5, works: 2000, experts: 100, groups: 2, k: 3, conflictRate: 0.1 });
    const before = new AbortController();
    before.abort();
    const early = await solveAssignment(input, { signal: before.signal });
    expect(early).toEqual(expect.objectContaining({ status: 'cancelled', pairs: [], messages: [{ code: 'CANCELLED', params: {} }] }));

    const during = new AbortController();
    const seen: number[] = [];
    const result = await solveAssignment(input, {
      signal: during.signal,
      sliceMs: 0,
      onProgress: (p) => {
        seen.push(p.done);
        if (seen.length === 3) setImmediate(() => during.abort());
      },
    });
    expect(result.status).toBe('cancelled');
    expect(result.pairs).toEqual([]);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen[seen.length - 1]).toBeLessThan(2000 * 3);
  });

  it('reports progress that grows to the total', async () => {
    const input = randomInstance({ seed: 6, works: 600, experts: 60, groups: 3, k: 3, conflictRate: 0.1 });
    const seen: { done: number; total: number; groupsDone: number }[] = [];
    const result = await solveAssignment(input, { sliceMs: 0, onProgress: (p) => seen.push(p) });
    expectValid(input, result);
    expect(seen.length).toBeGreaterThan(3);
    seen.slice(1).forEach((p, i) => expect(p.done).toBeGreaterThanOrEqual(seen[i].done));
    expect(seen[seen.length - 1]).toEqual({ done: 1800, total: 1800, groupsDone: 3, groups: 3 });
  });

  it('answers bad input with codes, not exceptions', async () => {
    const experts = [{ id: 'a', groupId: 'G' }];
    expect((await solveAssignment({ k: 0, works: [], experts })).messages).toEqual([{ code: 'INVALID_K', params: { k: 0 } }]);
    const dup = await solveAssignment({ k: 1, works: [{ id: 1, groupId: 'G' }, { id: 1, groupId: 'G' }], experts });
    expect(dup).toEqual(expect.objectContaining({ status: 'invalid', messages: [{ code: 'DUPLICATE_WORK', params: { workId: 1 } }] }));
    const nan = await solveAssignment({ k: 1, works: [{ id: 1, groupId: 'G' }], experts, affinity: () => NaN });
    expect(nan.messages).toEqual([{ code: 'AFFINITY_NOT_FINITE', params: { workId: 1, expertId: 'a' } }]);
  });

  it('uses the default affinity: event, keywords and bids', async () => {
    const input: AssignmentInput = {
      k: 1,
      experts: [
        { id: 'match', groupId: 'G', eventIds: ['robotics'], subjects: ['Control'] },
        { id: 'other', groupId: 'G', eventIds: ['math'] },
      ],
      works: [
        { id: 'w1', groupId: 'G', eventId: 'robotics', keywords: ['control'] },
        { id: 'w2', groupId: 'G', eventId: 'math' },
      ],
      bids: [{ workId: 'w1', expertId: 'other', bid: 'unwilling' }],
    };
    expect(defaultAffinity(input.works[0], input.experts[0], undefined)).toBe(AFFINITY_WEIGHTS.event + AFFINITY_WEIGHTS.keyword);
    const result = await solveAssignment(input);
    expect(result.pairs.map((p) => [p.workId, p.expertId]).sort()).toEqual([
      ['w1', 'match'],
      ['w2', 'other'],
    ]);
  });
});
