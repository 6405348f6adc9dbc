import { owesFee, SignupStatus, WorkStatus, type MyAppearance, type MyAward, type Signup, type Work } from '@cmp/contracts';

/**
 * What a sign-up waits for from its participant, most pressing first: the fee (the captain pays; a member is told
 * so), the work, checking in on site, then the results; otherwise what it waits for from others.
 */
export type NextStep =
  | { kind: 'pay'; to: string }
  | { kind: 'captainPays' }
  | { kind: 'submit'; to: string }
  | { kind: 'checkIn'; to: string; appearance: MyAppearance }
  | { kind: 'results'; to: string; award: MyAward }
  | { kind: 'awaitApproval' }
  | { kind: 'awaitResults' };

export interface SignupStep {
  signup: Signup;
  step: NextStep;
}

const isOpen = (s: Signup) => s.status === SignupStatus.pending || s.status === SignupStatus.approved;

/** Each open (or awarded) sign-up's next step, those asking something of the caller first, then newest first. */
export function nextSteps(userId: number, signups: Signup[], works: Work[], appearances: MyAppearance[], awards: MyAward[]): SignupStep[] {
  const steps: SignupStep[] = [];
  for (const s of signups) {
    const award = awards.find((a) => a.signupId === s.id);
    if (!isOpen(s) && !award) continue;
    const work = works.find((w) => w.signupId === s.id);
    const appearance = work && appearances.find((a) => a.workId === work.id && a.status === 'waiting' && !a.checkedInAt);
    const step: NextStep = owesFee(s)
      ? s.captainUserId === userId
        ? { kind: 'pay', to: `/home/competition/team/details?id=${s.id}` }
        : { kind: 'captainPays' }
      : isOpen(s) && work?.status !== WorkStatus.submitted
        ? { kind: 'submit', to: `/home/competition/submitWork?signupId=${s.id}` }
        : appearance
          ? { kind: 'checkIn', to: '/center/scene', appearance }
          : award
            ? { kind: 'results', to: '/center/reward', award }
            : s.status === SignupStatus.pending
              ? { kind: 'awaitApproval' }
              : { kind: 'awaitResults' };
    steps.push({ signup: s, step });
  }
  const asks = (x: SignupStep) => Number('to' in x.step);
  return steps.sort((a, b) => asks(b) - asks(a) || b.signup.createdAt.localeCompare(a.signup.createdAt));
}
