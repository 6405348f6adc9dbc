import type { Catalogue } from '@/app/i18n/types';
import type { ReviewPublicMessages } from './zh-CN';

const en: Catalogue<ReviewPublicMessages> = {
  mine: {
    title: 'My awards',
    empty: 'No awards yet: your awards appear here once competition results are published',
    certificatesHint: 'Certificates already sent are under “New awards”',
    rank: 'Rank {{rank}}',
    publishedAt: 'Published {{time}}',
    appeal: 'Appeal',
    appealUntil: 'Appeals until {{time}}',
    appealTitle: 'Appeal the result of "{{title}}"',
    appealReason: 'Reason',
    appealPlaceholder: 'Say why you think the result is wrong (one appeal per work and round)',
    appealSent: 'Appeal sent',
    appeals: 'My appeals',
    appealStatus: 'Status',
  },
  site: {
    ranking: 'Winners',
    votes: 'Votes',
    noRanking: 'Results are not published yet',
    noVote: 'No vote is running',
    voteWindow: 'Voting {{from}} — {{to}}, {{limit}} works per account a day',
    vote: 'Vote',
    voted: 'Vote counted',
    already: 'You already voted for this work today',
    loginToVote: 'Log in to vote',
    voteCount: '{{count}} votes',
    closed: 'Voting is not open',
  },
  columns: { rank: 'Rank', work: 'Work', event: 'Event', schools: 'School', level: 'Award', votes: 'Votes' },
  appealStatus: { pending: 'Pending', rejected: 'Rejected', reviewing: 'In re-review', resolved: 'Resolved' },
};

export default en;
