import {
  AssistantSubject,
  AuthSubject,
  CertificatesSubject,
  CompetitionsSubject,
  EnrollmentSubject,
  EventConsumer,
  EventStream,
  EventSubject,
  ExpertSubject,
  FIGURES_CHANGED,
  GROUP_TREE_CHANGED,
  NewsSubject,
  PaymentSubject,
  PUBLIC_CACHE_INVALIDATED,
  ReferenceSubject,
  ReviewSubject,
  Service,
  StatisticsSubject,
  SubscriptionSubject,
  type EventStreamDefinition,
} from './subjects';

/**
 * Who may do what on NATS (issue 27): every process of the platform connects as its own NATS user, and the server
 * lets each one serve, call, publish and consume only what this table grants. The NATS server's users and permissions
 * are generated from here (infra/nats-config.js for local runs and tests, the same for the Kubernetes Secret), and the
 * service's code reaches NATS only with its own user (services/common, nats-rpc.ts). A call missing here fails at
 * once with a permissions violation; infra/nats-grants.spec.js checks that every subject a service's code names is
 * granted to it.
 */
export const NatsUser = {
  gateway: 'gateway',
  ...Service,
  certificatesWorker: 'certificates-worker',
  reviewWorker: 'review-worker',
  paymentWorker: 'payment-worker',
  statisticsWorker: 'statistics-worker',
} as const;
export type NatsUser = (typeof NatsUser)[keyof typeof NatsUser];

type ServiceName = (typeof Service)[keyof typeof Service];

/** Request/reply subjects by the service that serves them (its replicas join a queue group named after it). */
export const SERVED_SUBJECTS: Record<ServiceName, readonly Record<string, string>[]> = {
  auth: [AuthSubject],
  competitions: [CompetitionsSubject, ReferenceSubject, NewsSubject, SubscriptionSubject, AssistantSubject],
  enrollment: [EnrollmentSubject],
  certificates: [CertificatesSubject],
  review: [ReviewSubject, ExpertSubject],
  payment: [PaymentSubject],
  statistics: [StatisticsSubject],
};

/** Every request subject a service serves. */
export const servedBy = (service: ServiceName): string[] => SERVED_SUBJECTS[service].flatMap((o) => Object.values(o));

/** A durable consumer a user runs: its stream and its durable name. */
export interface ConsumerGrant {
  stream: EventStreamDefinition;
  durable: string;
}

export interface NatsGrant {
  /** The service whose request subjects this user answers. */
  serves?: ServiceName;
  /** Request subjects of other services it calls. */
  calls: readonly string[];
  /** Event subjects (into JetStream) and core broadcasts it publishes. */
  publishes: readonly string[];
  /** Core subscriptions every replica hears (broadcasts, or events seen as they pass). */
  hears: readonly string[];
  consumes: readonly ConsumerGrant[];
}

/** What every service calls through services/common (caller.ts: the caller's organisations, the caller's name). */
const COMMON_CALLS = [AuthSubject.groupScope, AuthSubject.userInfo];

const SERVICE_GRANTS: Record<ServiceName, NatsGrant> = {
  auth: {
    serves: Service.auth,
    calls: [],
    // Organisations made, moved or deleted: the scopes other services keep (common, caller.ts) are dropped.
    publishes: [GROUP_TREE_CHANGED],
    hears: [],
    consumes: [{ stream: EventStream.audit, durable: EventConsumer.authOperationLog }],
  },
  competitions: {
    serves: Service.competitions,
    // Summaries name their target organisations and remind their contacts by site message.
    calls: [AuthSubject.groupNames, AuthSubject.groupResolve, AuthSubject.userIdsWithPermission, EnrollmentSubject.messageSend],
    publishes: [...EventStream.competitions.subjects, PUBLIC_CACHE_INVALIDATED],
    // Its replicas' dictionary caches (reference/dict.service.ts); the scopes it keeps (common, keptScopesOverNats).
    hears: [PUBLIC_CACHE_INVALIDATED, GROUP_TREE_CHANGED],
    consumes: [],
  },
  enrollment: {
    serves: Service.enrollment,
    calls: [CompetitionsSubject.publicDetail],
    publishes: [...EventStream.enrollment.subjects],
    hears: [PUBLIC_CACHE_INVALIDATED, ...EventStream.competitions.subjects],
    consumes: [
      { stream: EventStream.payment, durable: EventConsumer.enrollmentPaymentPaid },
      { stream: EventStream.payment, durable: EventConsumer.enrollmentPaymentRefunded },
      { stream: EventStream.review, durable: EventConsumer.enrollmentPromotion },
      { stream: EventStream.review, durable: EventConsumer.enrollmentResults },
      { stream: EventStream.certificates, durable: EventConsumer.enrollmentCertificatesSent },
    ],
  },
  certificates: {
    serves: Service.certificates,
    calls: [AuthSubject.groupHosts, AuthSubject.userIdsByName, CompetitionsSubject.competitionDetail, EnrollmentSubject.approvedPage],
    publishes: [...EventStream.certificates.subjects],
    hears: [],
    consumes: [{ stream: EventStream.review, durable: EventConsumer.certificatesResults }],
  },
  review: {
    serves: Service.review,
    calls: [
      AuthSubject.expertAccounts,
      AuthSubject.groupNames,
      AuthSubject.userIdsByName,
      CompetitionsSubject.competitionDetail,
      EnrollmentSubject.messageSend,
      EnrollmentSubject.teamMembers,
      EnrollmentSubject.workReviewCandidates,
    ],
    publishes: [...EventStream.review.subjects, ...EventStream.scene.subjects],
    // The scopes it keeps (common, keptScopesOverNats).
    hears: [GROUP_TREE_CHANGED],
    consumes: [],
  },
  payment: {
    serves: Service.payment,
    calls: [
      AuthSubject.groupNames,
      AuthSubject.groupResolve,
      AuthSubject.userIdsWithPermission,
      CertificatesSubject.sealOf,
      EnrollmentSubject.messageSend,
      EnrollmentSubject.signupPage,
      EnrollmentSubject.signupPayable,
      EnrollmentSubject.signupSchool,
    ],
    publishes: [...EventStream.payment.subjects],
    hears: [],
    consumes: [{ stream: EventStream.enrollment, durable: EventConsumer.paymentSignupClosed }],
  },
  statistics: {
    serves: Service.statistics,
    // A rebuild reads each owning service's facts; the province figures ask for the schools' provinces.
    // Scoping a competition the model has not seen yet is asked of its service.
    // A report is named after its competition and organisation.
    calls: [AuthSubject.groupNames, CompetitionsSubject.competitionDetail, EnrollmentSubject.signupFacts, PaymentSubject.orderFacts, ReviewSubject.assignmentFacts, ReviewSubject.roundWorkFacts, ReviewSubject.roundScoreFacts, ReferenceSubject.schoolsByIds],
    // Its replicas tell one another which competitions' figure versions changed (figures/figure-versions.ts).
    publishes: [FIGURES_CHANGED],
    // The scopes it keeps (common, keptScopesOverNats); the figure versions it keeps.
    hears: [GROUP_TREE_CHANGED, FIGURES_CHANGED],
    consumes: [
      { stream: EventStream.enrollment, durable: EventConsumer.statisticsSignups },
      { stream: EventStream.payment, durable: EventConsumer.statisticsOrders },
      { stream: EventStream.review, durable: EventConsumer.statisticsAssignments },
      { stream: EventStream.review, durable: EventConsumer.statisticsRoundWorks },
      { stream: EventStream.review, durable: EventConsumer.statisticsRoundScores },
    ],
  },
};

/** A worker runs its service's code on jobs: the same calls and events, but it answers no request and consumes no stream. */
const workerOf = (service: ServiceName): NatsGrant => ({ ...SERVICE_GRANTS[service], serves: undefined, hears: [], consumes: [] });

/** Every user's grant. The gateway is the platform's front door: it may call every service's request subjects. */
export const NATS_GRANTS: Record<NatsUser, NatsGrant> = {
  gateway: {
    calls: (Object.keys(SERVED_SUBJECTS) as ServiceName[]).flatMap(servedBy),
    publishes: [EventSubject.operationLogged],
    hears: [PUBLIC_CACHE_INVALIDATED],
    consumes: [
      { stream: EventStream.scene, durable: EventConsumer.gatewayScene },
      { stream: EventStream.scene, durable: EventConsumer.gatewayKioskRevoked },
    ],
  },
  ...SERVICE_GRANTS,
  'certificates-worker': workerOf(Service.certificates),
  'review-worker': workerOf(Service.review),
  'payment-worker': workerOf(Service.payment),
  'statistics-worker': workerOf(Service.statistics),
};

/** The prefix of a user's reply inboxes: replies meant for one user cannot be read by another. */
export const natsInboxPrefix = (user: NatsUser): string => `_INBOX_${user}`;

/** The environment variable holding a user's password (`NATS_PASSWORD_PAYMENT_WORKER`). */
export const natsPasswordVariable = (user: string): string => `NATS_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`;

/** A nats-server user's permissions (publish and subscribe allow lists; anything else is refused). */
export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
  /** May answer the requests it received (to the asker's inbox), and nothing else there. */
  allow_responses: boolean;
}

const streamOf = (subject: string): EventStreamDefinition | undefined =>
  (Object.values(EventStream) as EventStreamDefinition[]).find((s) => s.subjects.includes(subject));

/**
 * The nats-server permissions of a user, derived from its grant. JetStream's API is granted per stream and per durable
 * consumer (make or update the stream it writes or reads, run its own consumers, acknowledge their messages): no user
 * may read, delete or purge another's stream or consumer.
 */
export function natsPermissions(user: NatsUser): NatsPermissions {
  const g = NATS_GRANTS[user];
  const streams = new Set<string>();
  for (const s of g.publishes) {
    const stream = streamOf(s);
    if (stream) streams.add(stream.name);
  }
  for (const c of g.consumes) streams.add(c.stream.name);
  const jsApi = ['$JS.API.INFO'];
  for (const s of [...streams].sort()) jsApi.push(`$JS.API.STREAM.INFO.${s}`, `$JS.API.STREAM.CREATE.${s}`, `$JS.API.STREAM.UPDATE.${s}`);
  const served = g.serves ? servedBy(g.serves) : [];
  for (const { stream, durable } of g.consumes) {
    const at = `${stream.name}.${durable}`;
    jsApi.push(
      `$JS.API.CONSUMER.CREATE.${at}`,
      `$JS.API.CONSUMER.CREATE.${at}.>`,
      `$JS.API.CONSUMER.DURABLE.CREATE.${at}`,
      `$JS.API.CONSUMER.INFO.${at}`,
      `$JS.API.CONSUMER.MSG.NEXT.${at}`,
    );
    // A user that answers requests acks by allow_responses (the delivery's reply subject): an explicit ack allow
    // would leave nats-server a reply record per delivery that the ack never uses up, and past 4,096 of them the
    // server scans them all on every delivery (docs/performance.md, the statistics bench).
    if (served.length === 0) jsApi.push(`$JS.ACK.${at}.>`);
  }
  return {
    publish: { allow: unique([...g.calls, ...COMMON_CALLS.filter((s) => !served.includes(s)), ...g.publishes, ...jsApi]) },
    subscribe: { allow: unique([...served, ...g.hears, `${natsInboxPrefix(user)}.>`]) },
    allow_responses: served.length > 0,
  };
}

const unique = (list: string[]): string[] => [...new Set(list)];
