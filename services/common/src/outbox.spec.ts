import { newestFacts } from './outbox';

const row = (id: number, subject: string, payload: unknown) => ({ id: String(id), subject, payload });

describe('newestFacts', () => {
  it("publishes each entity's newest fact of a run, standing for the rows it supersedes", () => {
    const run = [
      row(1, 'enrollment.signup.changed', { id: 7, version: 1 }),
      row(2, 'enrollment.signup.changed', { id: 7, version: 2 }),
      row(3, 'enrollment.signup.changed', { id: 8, version: 5 }),
      row(4, 'payment.order.changed', { id: 7, version: 1 }),
      row(5, 'enrollment.signup.changed', { id: 8, version: 4 }),
    ];
    expect(newestFacts(run).map((f) => [f.row.id, f.ids])).toEqual([
      ['2', ['1', '2']],
      ['3', ['3', '5']],
      ['4', ['4']],
    ]);
  });

  it('sends a fact without an id or a version as it is', () => {
    const run = [row(1, 'enrollment.signup.changed', { id: 7 }), row(2, 'enrollment.signup.changed', { id: 7 }), row(3, 'enrollment.signup.changed', null)];
    expect(newestFacts(run).map((f) => f.ids)).toEqual([['1'], ['2'], ['3']]);
  });
});
