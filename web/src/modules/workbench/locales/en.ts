import type { Catalogue } from '@/app/i18n/types';
import type { WorkbenchMessages } from './zh-CN';

const en: Catalogue<WorkbenchMessages> = {
  title: 'Workbench',
  welcome: 'Welcome, {{name}}',
  intro: 'Open a function from the menu on the left.',
  rounds: {
    title: 'My review rounds',
    empty: 'No review round is open for you',
    assigned: 'Assigned',
    submitted: 'Submitted',
    returned: 'Returned',
    closesAt: 'Closes {{time}}',
    noDeadline: 'No deadline',
    goReview: 'Review',
  },
  captain: {
    title: 'Groups to confirm',
    group: '{{group}} ({{round}})',
    submitted: '{{submitted}} of {{total}} submitted',
    confirm: 'Confirm',
    view: 'View',
  },
  platform: {
    title: 'Platform',
    organisations: 'Organisations',
    users: 'Users',
    competitions: 'Competitions',
    check: '{{part}}: {{state}}',
    ok: 'up',
    down: 'not answering',
  },
  todo: {
    title: 'To do',
    empty: 'Nothing is waiting for you',
    unavailable: 'Cannot be counted just now',
    open: 'Open',
    kinds: {
      signupsToApprove: 'Sign-ups to approve',
      roundsClosingSoon: 'Review rounds closing within 48 hours',
      roundsDisputed: 'Rounds with disputed works to arbitrate',
      roundsAppealed: 'Rounds with appeals to handle',
      roundsToPublish: 'Rounds with results to publish',
      batchesFailed: 'Certificate batches that failed',
      offlineToApprove: 'Offline payments to approve',
      refundsToApprove: 'Refunds to approve',
      refundsFailed: 'Refunds that failed',
      ordersUnpaid: 'Orders waiting for payment',
      ordersRefunding: 'Orders being refunded',
    },
  },
};
export default en;
