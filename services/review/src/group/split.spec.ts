import { splitByEvent } from './split';

describe('splitByEvent', () => {
  it('keeps sizes within one and experts of one event together', () => {
    const experts = [
      { id: 1, eventIds: [20] },
      { id: 2, eventIds: [10] },
      { id: 3, eventIds: [20] },
      { id: 4, eventIds: [10] },
      { id: 5, eventIds: [] },
    ];
    const groups = splitByEvent(experts, 2, [10, 20]);
    expect(groups.map((g) => g.expertIds)).toEqual([[2, 4, 1], [3, 5]]);
    expect(groups[0].eventIds).toEqual([10, 20]);
    const sizes = groups.map((g) => g.expertIds.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
  it('places every expert exactly once', () => {
    const experts = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, eventIds: [i % 3] }));
    const groups = splitByEvent(experts, 4, []);
    expect(groups.flatMap((g) => g.expertIds).sort((a, b) => a - b)).toEqual(experts.map((e) => e.id));
  });
});
