import { aggregate, calibrate, trimmedMean, type ExpertScore } from './aggregate';

const s = (workId: number, expertId: number, score: number): ExpertScore => ({ workId, expertId, score });

describe('round scores from expert totals', () => {
  const five = [s(1, 1, 70), s(1, 2, 80), s(1, 3, 90), s(1, 4, 60), s(1, 5, 100), s(2, 1, 81), s(2, 2, 79), s(2, 3, 80), s(2, 4, 85)];

  it('means, trims the highest and lowest only from N scores on, and takes medians', () => {
    expect(aggregate(five, { method: 'mean' }).works.map((w) => w.score)).toEqual([80, 81.25]);
    // Work 1 has 5 scores: 60 and 100 dropped → (70 + 80 + 90) / 3; work 2 has 4 < 5: the plain mean.
    expect(aggregate(five, { method: 'trimmed' }).works.map((w) => w.score)).toEqual([80, 81.25]);
    expect(aggregate(five, { method: 'trimmed', trimFrom: 4 }).works.map((w) => w.score)).toEqual([80, 80.5]);
    expect(aggregate([s(1, 1, 70), s(1, 2, 99), s(1, 3, 72), s(1, 4, 71), s(1, 5, 0)], { method: 'trimmed' }).works[0].score).toBe(71);
    expect(aggregate(five, { method: 'median' }).works.map((w) => w.score)).toEqual([80, 80.5]);
    expect(trimmedMean([1, 2], 2)).toBe(1.5);
  });

  it('reports the raw mean, count and disagreement beside the score', () => {
    const [w1] = aggregate(five, { method: 'median' }).works;
    expect(w1).toMatchObject({ workId: 1, rawMean: 80, count: 5, range: 40 });
  });

  it('calibrates a harsh and a lenient expert towards the round, shrunk by the prior (hand-computed)', () => {
    // μ = 75, σ² = 125. A: m = 85, v = 25 → m' = (2·85 + 3·75)/5 = 79, v' = (2·25 + 3·125)/5 = 85. B: m' = 71, v' = 85.
    const scores = [s(1, 1, 80), s(2, 1, 90), s(1, 2, 60), s(2, 2, 70)];
    const r = aggregate(scores, { method: 'calibrated' });
    expect(r.round.mean).toBe(75);
    expect(r.round.spread).toBeCloseTo(Math.sqrt(125), 10);
    expect(r.experts.map((e) => [e.expertId, e.shrunkMean, e.shrunkSpread ** 2])).toEqual([
      [1, 79, expect.closeTo(85, 10)],
      [2, 71, expect.closeTo(85, 10)],
    ]);
    const k = Math.sqrt(125) / Math.sqrt(85);
    expect(r.works.map((w) => w.score)).toEqual([
      Math.round(((75 + k * (80 - 79) + 75 + k * (60 - 71)) / 2) * 100) / 100,
      Math.round(((75 + k * (90 - 79) + 75 + k * (70 - 71)) / 2) * 100) / 100,
    ]);
    // The experts' 20-point offset shrinks: the works' gap is what both experts agree on, 10 points.
    expect(r.works[1].score - r.works[0].score).toBeCloseTo(k * 10, 1);
    expect(r.works.map((w) => w.rawMean)).toEqual([70, 80]);
  });

  it('never divides by a zero spread: an expert with one score, or a round where all scores are equal', () => {
    const lonely = aggregate([s(1, 1, 80), s(2, 1, 60), s(3, 1, 70), s(1, 2, 95)], { method: 'calibrated' });
    for (const w of lonely.works) expect(Number.isFinite(w.score)).toBe(true);
    const single = lonely.experts.find((e) => e.expertId === 2)!;
    expect(single.spread).toBe(0);
    expect(single.shrunkSpread).toBeGreaterThan(0);
    const flat = aggregate([s(1, 1, 80), s(2, 2, 80)], { method: 'calibrated' });
    expect(flat.works.map((w) => w.score)).toEqual([80, 80]);
    expect(calibrate([], 3).experts).toEqual([]);
  });
});
