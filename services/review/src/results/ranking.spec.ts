import { award, promote, rank, type Ranked } from './ranking';

const w = (workId: number, score: number, schoolId: number | null = null, tieBreak?: number[]): Ranked => ({ workId, score, schoolId, tieBreak });

describe('ranking, promotion and awards of one event', () => {
  const works = [w(1, 90, 1, [40]), w(2, 85, 1, [30]), w(3, 85, 2, [35]), w(4, 80, 2), w(5, 70, 3), w(6, 70, 3), w(7, 60, null)];

  it('ranks ties together (1, 2, 2, 4) unless a tie-break separates them', () => {
    expect(rank(works).map((r) => [r.workId, r.rank])).toEqual([[1, 1], [2, 2], [3, 2], [4, 4], [5, 5], [6, 5], [7, 7]]);
    expect(rank(works, true).map((r) => [r.workId, r.rank])).toEqual([[1, 1], [3, 2], [2, 3], [4, 4], [5, 5], [6, 5], [7, 7]]);
  });

  it('promotes the top N with every work tied at the cut, or breaks the tie when asked', () => {
    const promoted = (rows: ReturnType<typeof promote>) => rows.filter((r) => r.promoted).map((r) => r.workId);
    expect(promoted(promote(works, { rule: { kind: 'top', count: 2 }, schoolCap: null, ties: 'include' }))).toEqual([1, 2, 3]);
    expect(promoted(promote(works, { rule: { kind: 'top', count: 2 }, schoolCap: null, ties: 'break' }))).toEqual([1, 3]);
    expect(promoted(promote(works, { rule: { kind: 'top', count: 5 }, schoolCap: null, ties: 'break' }))).toEqual([1, 3, 2, 4, 5, 6]);
    // 30% of 7 = 2.1 → 3 works.
    expect(promoted(promote(works, { rule: { kind: 'percent', percent: 30 }, schoolCap: null, ties: 'include' }))).toEqual([1, 2, 3]);
    expect(promoted(promote(works, { rule: { kind: 'score', min: 80 }, schoolCap: null, ties: 'include' }))).toEqual([1, 2, 3, 4]);
  });

  it('passes over works of a school at its cap and takes the next ones', () => {
    const rows = promote(works, { rule: { kind: 'top', count: 3 }, schoolCap: 1, ties: 'break' });
    expect(rows.filter((r) => r.promoted).map((r) => r.workId)).toEqual([1, 3, 5]);
    // 6 is tied with 5 and would go through with it, but school 3 is at its cap.
    expect(rows.filter((r) => r.cappedBySchool).map((r) => r.workId)).toEqual([2, 4, 6]);
    // A work without a school counts as its own school.
    expect(promote([w(1, 9), w(2, 8), w(3, 7)], { rule: { kind: 'top', count: 2 }, schoolCap: 1, ties: 'include' }).filter((r) => r.promoted).length).toBe(2);
  });

  it('awards levels by count, percent and score band, ties sharing a level', () => {
    const rows = award(works, [
      { name: '一等奖', rule: { kind: 'count', count: 2 } },
      { name: '二等奖', rule: { kind: 'percent', percent: 20 } },
      { name: '三等奖', rule: { kind: 'band', min: 65 } },
    ]);
    // 一等奖 takes 1 and 2, and 3 tied with 2; 二等奖 floor(7 × 20%) = 1 → 4; 三等奖 the rest ≥ 65: 5 and 6.
    expect(rows.map((r) => [r.workId, r.level])).toEqual([[1, '一等奖'], [2, '一等奖'], [3, '一等奖'], [4, '二等奖'], [5, '三等奖'], [6, '三等奖'], [7, null]]);
    const band = award(works, [{ name: '优秀奖', rule: { kind: 'band', min: 80 } }]);
    expect(band.filter((r) => r.level).map((r) => r.workId)).toEqual([1, 2, 3, 4]);
  });

  it('never lets rounding lift the winners above the percent levels\' total share', () => {
    const defaults = [5, 10, 15, 20, 30].map((percent, i) => ({ name: `L${i}`, rule: { kind: 'percent' as const, percent } }));
    // Four works: 80 % of 4 is 3.2, so three win (not four, as rounding each level up gave), the best levels none.
    const four = award([w(1, 90), w(2, 80), w(3, 70), w(4, 60)], defaults);
    expect(four.map((r) => r.level)).toEqual(['L2', 'L3', 'L4', null]);
    // Twenty works: exactly 1, 2, 3, 4, 6.
    const twenty = award(Array.from({ length: 20 }, (_, i) => w(i + 1, 100 - i)), defaults);
    expect(defaults.map((l) => twenty.filter((r) => r.level === l.name).length)).toEqual([1, 2, 3, 4, 6]);
  });

  it('gives no level to works that may not win, counting shares among those that may', () => {
    const rows = award(works, [{ name: '一等奖', rule: { kind: 'percent', percent: 50 } }], false, (id) => id !== 1 && id !== 4);
    // Five may win: floor(2.5) = 2 → 2 and 3 (tied); 1 and 4 keep their ranks without a level.
    expect(rows.map((r) => [r.workId, r.rank, r.level])).toEqual([[1, 1, null], [2, 2, '一等奖'], [3, 2, '一等奖'], [4, 4, null], [5, 5, null], [6, 5, null], [7, 7, null]]);
  });
});
