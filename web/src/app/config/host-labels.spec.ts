import { hostLabelKeys, parseHostList } from './host-labels';

describe('host-dependent labels', () => {
  it('uses the topic wording on a listed host', () => {
    expect(hostLabelKeys('Topic.Example.edu', parseHostList(' topic.example.edu , other.org'))).toEqual({
      workSubmit: 'hostLabels.submitTopic',
      workSelector: 'hostLabels.participantNumber',
      signUpItem: 'hostLabels.propositionCategory',
    });
  });

  it('uses the usual wording elsewhere', () => {
    expect(hostLabelKeys('localhost', parseHostList(undefined))).toEqual({
      workSubmit: 'hostLabels.submitWork',
      workSelector: 'hostLabels.individualTeam',
      signUpItem: 'hostLabels.competitionEvent',
    });
  });
});
