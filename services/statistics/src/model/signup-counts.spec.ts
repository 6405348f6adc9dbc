import { SignupStatus, type SignupFact } from '@cmp/contracts';
import { countDeltas, countKeys } from './signup-counts';

const fact = (o: Partial<SignupFact> = {}): SignupFact => ({
  id: 1,
  competitionId: 9,
  groupId: 2,
  itemId: 5,
  itemName: 'A组',
  itemNameEn: 'Group A',
  schoolId: 3,
  schoolName: '南开大学',
  college: '计算机学院',
  major: null,
  grade: '2023级',
  status: SignupStatus.pending,
  payStatus: 0,
  feeFen: 0,
  // 23:30 UTC is the next morning in Beijing.
  createdAt: '2026-11-26T23:30:00.000Z',
  workSubmittedAt: null,
  version: 1,
  epoch: 'e1',
  ...o,
});

describe('sign-up counts', () => {
  it('counts a sign-up by status, Beijing day, event, school, college, major and grade while it counts', () => {
    expect(countKeys(fact()).map((k) => [k.dimension, k.key, k.label])).toEqual([
      ['status', '0', ''],
      ['day', '2026-11-27', ''],
      ['event', '5', 'A组'],
      ['school', '3', '南开大学'],
      ['college', '计算机学院', '计算机学院'],
      ['major', '', ''],
      ['grade', '2023级', '2023级'],
    ]);
    // A submitted work counts on the Beijing day it was submitted.
    expect(countKeys(fact({ workSubmittedAt: '2026-11-28T16:00:00.000Z' })).at(-1)).toMatchObject({ dimension: 'workDay', key: '2026-11-29' });
    expect(countKeys(fact({ status: SignupStatus.rejected }))).toEqual([]);
    expect(countKeys(fact({ status: SignupStatus.withdrawn }))).toEqual([]);
  });

  it('moves only what changed: approval moves the status, a withdrawal takes it out of every count', () => {
    const pending = fact();
    const approved = fact({ status: SignupStatus.approved, version: 2 });
    expect(countDeltas([{ before: pending, after: approved }]).map((d) => [d.dimension, d.key, d.delta])).toEqual([
      ['status', '0', -1],
      ['status', '1', 1],
    ]);
    // Its work submitted: one more work that day, nothing else moves.
    expect(countDeltas([{ before: approved, after: { ...approved, workSubmittedAt: '2026-11-27T02:00:00.000Z', version: 3 } }]).map((d) => [d.dimension, d.key, d.delta])).toEqual([
      ['workDay', '2026-11-27', 1],
    ]);
    const withdrawn = fact({ status: SignupStatus.withdrawn, version: 3 });
    expect(countDeltas([{ before: approved, after: withdrawn }]).every((d) => d.delta === -1)).toBe(true);
    expect(countDeltas([{ before: approved, after: approved }])).toEqual([]);
    // Two new sign-ups of one school in one batch: one count of two.
    const two = countDeltas([{ after: fact() }, { after: fact({ id: 2 }) }]);
    expect(two.find((d) => d.dimension === 'school')).toMatchObject({ key: '3', delta: 2 });
  });
});
