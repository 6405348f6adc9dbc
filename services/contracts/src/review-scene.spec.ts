import { queueNumber } from './review-scene';

describe('queueNumber', () => {
  it("is the room's letter and the team's place in three digits", () => {
    expect(queueNumber('A', 1)).toBe('A001');
    expect(queueNumber('B', 12)).toBe('B012');
    expect(queueNumber('Z', 999)).toBe('Z999');
  });

  it('grows past three digits rather than cutting the place', () => {
    expect(queueNumber('C', 1234)).toBe('C1234');
  });
});
