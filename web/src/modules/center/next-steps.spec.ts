import { PayStatus, SignupStatus, WorkStatus, type MyAppearance, type MyAward, type Signup, type Work } from '@cmp/contracts';
import { nextSteps } from './next-steps';

const ME = 7;
const signup = (id: number, o: Partial<Signup> = {}) =>
  ({ id, captainUserId: ME, status: SignupStatus.approved, payStatus: PayStatus.free, feeFen: 0, createdAt: `2026-05-0${id}T08:00:00Z`, ...o }) as Signup;
const work = (id: number, signupId: number, status: number = WorkStatus.submitted) => ({ id, signupId, status }) as Work;
const appearance = (workId: number, o: Partial<MyAppearance> = {}) => ({ workId, status: 'waiting', checkedInAt: null, ...o }) as MyAppearance;
const award = (signupId: number) => ({ signupId, level: '一等奖' }) as MyAward;
const kinds = (...args: Parameters<typeof nextSteps>) => nextSteps(...args).map((x) => [x.signup.id, x.step.kind]);

describe('nextSteps', () => {
  it('asks the captain for the fee first (a member is told the captain pays), then the work', () => {
    const unpaid = { payStatus: PayStatus.unpaid, feeFen: 5000 };
    expect(kinds(ME, [signup(1, unpaid), signup(2, { ...unpaid, captainUserId: 99 })], [], [], [])).toEqual([
      [1, 'pay'],
      [2, 'captainPays'],
    ]);
    // Refunded in full: owed again. Paid: the work comes next.
    expect(kinds(ME, [signup(1, { payStatus: PayStatus.refunded, feeFen: 5000 })], [], [], [])).toEqual([[1, 'pay']]);
    expect(kinds(ME, [signup(1, { payStatus: PayStatus.paid, feeFen: 5000 })], [work(5, 1, WorkStatus.draft)], [], [])).toEqual([[1, 'submit']]);
  });

  it('then checking in on site, then the results; otherwise what it waits for', () => {
    const signups = [signup(1), signup(2), signup(3), signup(4, { status: SignupStatus.pending })];
    const works = [work(11, 1), work(12, 2), work(13, 3), work(14, 4)];
    expect(kinds(ME, signups, works, [appearance(11), appearance(12, { checkedInAt: '2026-06-01T08:00:00Z' })], [award(3)])).toEqual([
      [3, 'results'],
      [1, 'checkIn'],
      [4, 'awaitApproval'],
      [2, 'awaitResults'],
    ]);
  });

  it('leaves out closed sign-ups unless they won something', () => {
    const rejected = signup(1, { status: SignupStatus.rejected, payStatus: PayStatus.unpaid, feeFen: 5000 });
    const withdrawn = signup(2, { status: SignupStatus.withdrawn });
    expect(kinds(ME, [rejected, withdrawn], [], [], [])).toEqual([]);
    expect(kinds(ME, [withdrawn], [work(12, 2)], [], [award(2)])).toEqual([[2, 'results']]);
  });
});
