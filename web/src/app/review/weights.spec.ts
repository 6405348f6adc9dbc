import { weightsComplete, weightSum } from './weights';

describe('score column weights', () => {
  it('add up to two decimals and must make exactly 100', () => {
    expect(weightSum([{ weight: 30 }, { weight: 33.33 }, {}])).toBe(63.33);
    expect(weightsComplete([{ weight: 40 }, { weight: 60 }])).toBe(true);
    expect(weightsComplete([{ weight: 33.33 }, { weight: 33.33 }, { weight: 33.34 }])).toBe(true);
    expect(weightsComplete([{ weight: 40 }, { weight: 50 }])).toBe(false);
    expect(weightsComplete([])).toBe(false);
  });
});
