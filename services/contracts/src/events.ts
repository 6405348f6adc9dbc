/**
 * JetStream streams and event subjects. Events are past tense (`<area>.<entity>.<happened>`).
 *
 * A stream lists its subjects EXPLICITLY: a wildcard such as `auth.>` would also capture the RPC
 * subjects of subjects.ts, and JetStream would then answer (and store) every request/reply call.
 * Add a subject to a stream's list when you add an event; never rename one (consumers filter on it).
 */
export interface EventStreamDefinition {
  /** Stream name, upper case by NATS convention. */
  name: string;
  /** The event subjects the stream stores, each written out in full. */
  subjects: string[];
  /** How long the stream keeps a message (consumers that were down catch up within it). */
  maxAgeSeconds?: number;
  /** Window in which a repeated message id is dropped as a duplicate (JetStream default: 2 minutes). */
  duplicateWindowSeconds?: number;
}

export const EventSubject = {
  /** The gateway finished a mutating call or a login attempt; payload OperationLoggedEvent. */
  operationLogged: 'audit.operation.logged',
  /** A competition was published; payload CompetitionPublishedEvent. Sent through the competitions outbox. */
  competitionPublished: 'competitions.competition.published',
  /** A published competition's windows or stages changed; payload ScheduleChangedEvent. */
  scheduleChanged: 'competitions.schedule.changed',
  /** A payment order was paid; payload PaymentOrderPaidEvent (enrollment.ts). Published by the payment part. */
  paymentOrderPaid: 'payment.order.paid',
  /**
   * Review results published a competition's winners list; payload WinnersPublishedEvent. The certificates
   * service will turn it into a draft batch (the same list an organiser imports from a spreadsheet).
   */
  winnersPublished: 'review.winners.published',
} as const;
export type EventSubject = (typeof EventSubject)[keyof typeof EventSubject];

export const EventStream = {
  audit: {
    name: 'AUDIT',
    subjects: [EventSubject.operationLogged],
    maxAgeSeconds: 7 * 86400,
    duplicateWindowSeconds: 10 * 60,
  },
  competitions: {
    name: 'COMPETITIONS',
    subjects: [EventSubject.competitionPublished, EventSubject.scheduleChanged],
    maxAgeSeconds: 30 * 86400,
    duplicateWindowSeconds: 10 * 60,
  },
  payment: {
    name: 'PAYMENT',
    subjects: [EventSubject.paymentOrderPaid],
    maxAgeSeconds: 30 * 86400,
    duplicateWindowSeconds: 60 * 60,
  },
} as const satisfies Record<string, EventStreamDefinition>;

/** Durable consumer names: a consumer's position survives restarts under its name; never rename one. */
export const EventConsumer = {
  authOperationLog: 'auth-operation-log',
  enrollmentPaymentPaid: 'enrollment-payment-paid',
} as const;

/** Payload of review.winners.published: the winners of one competition (or one of its events). */
export interface WinnersPublishedEvent {
  groupId: number;
  competitionId: number;
  competitionName: string;
  itemId?: number;
  itemName?: string;
  winners: { username?: string; holderName: string; awardName: string; values: Record<string, string> }[];
}
