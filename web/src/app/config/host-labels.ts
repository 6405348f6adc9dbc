/**
 * Host-dependent labels (spec section 9). One host uses "submit topic", "participant number"
 * and "proposition category"; all others "submit work", "individual/team" and "competition event".
 * Which host it is comes from VITE_TOPIC_HOSTS (comma-separated host names), so no host is hard-coded.
 */
export interface HostLabelKeys {
  /** i18n key of the work-submit button. */
  workSubmit: 'hostLabels.submitTopic' | 'hostLabels.submitWork';
  /** i18n key of the work selector. */
  workSelector: 'hostLabels.participantNumber' | 'hostLabels.individualTeam';
  /** i18n key of the sign-up item button. */
  signUpItem: 'hostLabels.propositionCategory' | 'hostLabels.competitionEvent';
}

export function parseHostList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export function hostLabelKeys(hostname: string, topicHosts: readonly string[]): HostLabelKeys {
  const topic = topicHosts.includes(hostname.toLowerCase());
  return topic
    ? { workSubmit: 'hostLabels.submitTopic', workSelector: 'hostLabels.participantNumber', signUpItem: 'hostLabels.propositionCategory' }
    : { workSubmit: 'hostLabels.submitWork', workSelector: 'hostLabels.individualTeam', signUpItem: 'hostLabels.competitionEvent' };
}
