/**
 * Every NATS name of the platform, in one place: request/reply subjects `<service>.<entity>.<verb>` (each
 * service's servers join a queue group named after the service), broadcasts, and the JetStream event
 * subjects, streams and durable consumers. Renaming one breaks running replicas: add, never rename.
 */
export const Service = {
  auth: 'auth',
  competitions: 'competitions',
  enrollment: 'enrollment',
  certificates: 'certificates',
  review: 'review',
  payment: 'payment',
  statistics: 'statistics',
} as const;

export const AuthSubject = {
  loginPassword: 'auth.login.password',
  /** A one-time password's login: sets the new password and opens the session. */
  loginFirst: 'auth.login.first',
  loginCodeSend: 'auth.login.code-send',
  loginCode: 'auth.login.code',
  logout: 'auth.session.logout',
  /** Self-service sign-up and password recovery (public). */
  registerGroups: 'auth.register.groups',
  registerCodeSend: 'auth.register.code-send',
  register: 'auth.register.submit',
  retrieveCodeSend: 'auth.retrieve.code-send',
  retrieve: 'auth.retrieve.reset',
  /** The operation log, fed by the audit.operation.logged event (EventSubject below). */
  logPage: 'auth.log.page',
  userInfo: 'auth.user.info',
  userMenu: 'auth.menu.user',
  groupSelect: 'auth.group.select',
  userPage: 'auth.user.page',
  userGet: 'auth.user.get',
  userAdd: 'auth.user.add',
  userUpdate: 'auth.user.update',
  userProfile: 'auth.user.profile',
  userRoleSet: 'auth.user.role-set',
  userUpdatePassword: 'auth.user.update-password',
  userDelete: 'auth.user.delete',
  userImportCheck: 'auth.user.import-check',
  userImport: 'auth.user.import',
  roleList: 'auth.role.list',
  roleSave: 'auth.role.save',
  roleDelete: 'auth.role.delete',
  menuTree: 'auth.menu.tree',
  menuSave: 'auth.menu.save',
  menuDelete: 'auth.menu.delete',
  deptTree: 'auth.dept.tree',
  deptSave: 'auth.dept.save',
  deptDelete: 'auth.dept.delete',
  groupTree: 'auth.group.tree',
  groupSave: 'auth.group.save',
  groupDelete: 'auth.group.delete',
  /** Disable or enable an organisation (and so its subtree's logins). */
  groupStatus: 'auth.group.status',
  /** Trial applications (/experience): public code and submission; ROOT's list, notes and conversion. */
  trialCodeSend: 'auth.trial.code-send',
  trialSave: 'auth.trial.save',
  trialPage: 'auth.trial.page',
  trialNote: 'auth.trial.note',
  trialConvert: 'auth.trial.convert',
  /** Organisation id by public host name or code, for the public site. */
  groupResolve: 'auth.group.resolve',
  /** Ids of an organisation and all its subordinates, for other services' scoping. */
  groupScope: 'auth.group.scope',
  /** Names of organisations by id, for other services' public lists. */
  groupNames: 'auth.group.names',
  /** Public site hosts of an organisation and its ancestors, nearest first (certificate QR codes point there). */
  groupHosts: 'auth.group.hosts',
  /** Account ids by user name (internal: certificates resolve their holders for site messages). */
  userIdsByName: 'auth.user.ids-by-name',
  /** Ids of live accounts a permission is granted to by a role, in given organisations (internal: finance's site messages). */
  userIdsWithPermission: 'auth.user.ids-with-permission',
  /** Create or link expert accounts and give them the expert role (internal: the review service's experts). */
  expertAccounts: 'auth.expert.accounts',
  health: 'auth.health.ping',
} as const;

/** Experts in the review service (review-experts.ts): library, import, own profile and conflicts, temporary experts, recruitment, recommendation. */
export const ExpertSubject = {
  page: 'review.expert.page',
  /** Every active expert of the caller's organisations, for pickers (groups, manual assignment). */
  options: 'review.expert.options',
  get: 'review.expert.get',
  save: 'review.expert.save',
  status: 'review.expert.status',
  importCheck: 'review.expert.import-check',
  import: 'review.expert.import',
  /** The calling expert's own profiles and conflict declarations. */
  mine: 'review.expert.mine',
  conflictList: 'review.conflict.list',
  conflictSave: 'review.conflict.save',
  conflictDelete: 'review.conflict.delete',
  temporaryCreate: 'review.temporary.create',
  recruitPage: 'review.recruit.page',
  recruitSave: 'review.recruit.save',
  recruitClose: 'review.recruit.close',
  /** Public: a call as the apply page shows it, and an application to it. */
  recruitPublic: 'review.recruit.public',
  recruitApply: 'review.recruit.apply',
  applicationPage: 'review.application.page',
  applicationGet: 'review.application.get',
  applicationDecide: 'review.application.decide',
  recommendSave: 'review.recommend.save',
  recommendPage: 'review.recommend.page',
  recommendDecide: 'review.recommend.decide',
  /** 专家管理: each expert's reviewing, their unscored works handed on, a site message to some. */
  workload: 'review.expert.workload',
  reassign: 'review.expert.reassign',
  message: 'review.expert.message',
} as const;

export const CompetitionsSubject = {
  websiteGet: 'competitions.website.get',
  websiteSave: 'competitions.website.save',
  websiteBannersSave: 'competitions.website.banners-save',
  /** School summaries (summary.ts): the organiser's requirements, records and decisions; a contact's tasks and hand-ins. */
  summaryPage: 'competitions.summary.page',
  summarySave: 'competitions.summary.save',
  summaryDelete: 'competitions.summary.delete',
  summaryRecords: 'competitions.summary.records',
  summaryRemind: 'competitions.summary.remind',
  summaryReview: 'competitions.summary.review',
  summarySubmissions: 'competitions.summary.submissions',
  summaryTasks: 'competitions.summary.tasks',
  summarySubmit: 'competitions.summary.submit',
  /** A stored file (template or hand-in) the caller may read: its storage key, for the gateway to stream or link. */
  summaryFile: 'competitions.summary.file',
  competitionPage: 'competitions.competition.page',
  competitionDetail: 'competitions.competition.detail',
  competitionAdd: 'competitions.competition.add',
  competitionUpdate: 'competitions.competition.update',
  competitionCopy: 'competitions.competition.copy',
  competitionPublish: 'competitions.competition.publish',
  competitionArchive: 'competitions.competition.archive',
  competitionDelete: 'competitions.competition.delete',
  competitionOptions: 'competitions.competition.options',
  /** The caller's competitions among some ids, named in the caller's language (archived ones too). */
  competitionNames: 'competitions.competition.names',
  itemOptions: 'competitions.item.options',
  itemSave: 'competitions.item.save',
  itemDelete: 'competitions.item.delete',
  stageList: 'competitions.stage.list',
  stageDetail: 'competitions.stage.detail',
  stageSave: 'competitions.stage.save',
  stageDelete: 'competitions.stage.delete',
  schedule: 'competitions.schedule.get',
  enrollSettingSave: 'competitions.enroll-setting.save',
  workSubmitSettingSave: 'competitions.work-submit-setting.save',
  reviewSettingSave: 'competitions.review-setting.save',
  /** Public reads: published competitions of an organisation chosen by id or host. */
  publicPage: 'competitions.public.page',
  publicDetail: 'competitions.public.detail',
  publicLastRound: 'competitions.public.last-round',
  publicGroups: 'competitions.public.groups',
  publicStages: 'competitions.public.stages',
  health: 'competitions.health.ping',
} as const;

/** The help assistant's retrieval (assistant.ts): a public site's passages best matching a question. */
export const AssistantSubject = {
  search: 'competitions.assistant.search',
} as const;

/**
 * Core NATS broadcast (no queue group): every gateway drops its cached public answers of the named
 * organisation when an organiser changes what the public site shows.
 */
export const PUBLIC_CACHE_INVALIDATED = 'competitions.public-cache.invalidated';
/**
 * Core NATS broadcast (no queue group): the auth service made, moved or deleted an organisation, after its transaction
 * committed. Every replica of a service that keeps callers' scopes per organisation (services/common, caller.ts,
 * keptScopesOverNats) drops them all.
 */
export const GROUP_TREE_CHANGED = 'auth.group-tree.changed';
/**
 * Core NATS broadcast (no queue group) among the statistics service's replicas, after a transaction of the read model
 * committed: it gave these competitions' figures new versions (`competitionIds` null: every competition's, a rebuild),
 * at `appliedAt` (ISO time). Each replica drops the versions it keeps for them (figures/figure-versions.ts).
 */
export const FIGURES_CHANGED = 'statistics.figures.changed';
/** Reference data, served by the competitions service. */
export const ReferenceSubject = {
  provinceList: 'competitions.province.list',
  schoolPublicPage: 'competitions.school.public-page',
  /** Internal: schools by id with their provinces (SchoolBrief), for the statistics' province figures. */
  schoolsByIds: 'competitions.school.by-ids',
  schoolPage: 'competitions.school.page',
  schoolOptions: 'competitions.school.options',
  schoolSave: 'competitions.school.save',
  schoolStatus: 'competitions.school.status',
  schoolDelete: 'competitions.school.delete',
  schoolImportCheck: 'competitions.school.import-check',
  schoolImport: 'competitions.school.import',
  collegePublicList: 'competitions.college.public-list',
  collegePage: 'competitions.college.page',
  collegeSave: 'competitions.college.save',
  collegeDelete: 'competitions.college.delete',
  majorPublicList: 'competitions.major.public-list',
  majorPage: 'competitions.major.page',
  majorSave: 'competitions.major.save',
  majorDelete: 'competitions.major.delete',
  dictPublicList: 'competitions.dict.public-list',
  dictTypeList: 'competitions.dict.type-list',
  dictTypeSave: 'competitions.dict.type-save',
  dictTypeDelete: 'competitions.dict.type-delete',
  dictItemList: 'competitions.dict.item-list',
  dictItemSave: 'competitions.dict.item-save',
  dictItemDelete: 'competitions.dict.item-delete',
} as const;

export const NewsSubject = {
  /** Back office: news of the caller's organisation and its subordinates. */
  page: 'competitions.news.page',
  get: 'competitions.news.get',
  save: 'competitions.news.save',
  delete: 'competitions.news.delete',
  /** Publishes (with news:check) or submits for approval (without). */
  publish: 'competitions.news.publish',
  unpublish: 'competitions.news.unpublish',
  /** Approve or reject an application from a subordinate organisation. */
  check: 'competitions.news.check',
  collect: 'competitions.news.collect',
  collectPage: 'competitions.news.collect-page',
  /** Public site: published news only. */
  publicPage: 'competitions.news.public-page',
  publicGet: 'competitions.news.public-get',
} as const;

export const SubscriptionSubject = {
  get: 'competitions.subscription.get',
  save: 'competitions.subscription.save',
  messagePage: 'competitions.subscription.message-page',
  messageDelete: 'competitions.subscription.message-delete',
  messageRead: 'competitions.subscription.message-read',
} as const;

export const EnrollmentSubject = {
  // Participant side (logged in).
  signUp: 'enrollment.signup.create',
  withdraw: 'enrollment.signup.withdraw',
  mySignups: 'enrollment.signup.mine',
  signupGet: 'enrollment.signup.get',
  copy: 'enrollment.signup.copy',
  teachersSave: 'enrollment.signup.teachers-save',
  teamInvite: 'enrollment.team.invite',
  teamJoin: 'enrollment.team.join',
  teamLeave: 'enrollment.team.leave',
  teamRemoveMember: 'enrollment.team.remove-member',
  teamTransfer: 'enrollment.team.transfer',
  teamDissolve: 'enrollment.team.dissolve',
  teamMembers: 'enrollment.team.members',
  teamInvitation: 'enrollment.team.invitation',
  memberProfileSave: 'enrollment.member.profile-save',
  completeStatus: 'enrollment.member.complete-status',
  profileGet: 'enrollment.profile.get',
  profileSave: 'enrollment.profile.save',
  centre: 'enrollment.centre.get',
  messagePage: 'enrollment.message.page',
  messageRead: 'enrollment.message.read',
  /**
   * Internal (no gateway route): another service leaves personal-centre messages, rendered from a catalogue key
   * in both languages (the review service's reminders to experts).
   */
  messageSend: 'enrollment.message.send',
  /** The caller's published awards (/center/reward). */
  myAwards: 'enrollment.centre.awards',
  /** The caller's bank card (for prize money): masked view, save, delete. */
  bankCardGet: 'enrollment.bank-card.get',
  bankCardSave: 'enrollment.bank-card.save',
  bankCardDelete: 'enrollment.bank-card.delete',
  // Works.
  workSave: 'enrollment.work.save',
  workSubmit: 'enrollment.work.submit',
  workWithdraw: 'enrollment.work.withdraw',
  workGet: 'enrollment.work.get',
  workMine: 'enrollment.work.mine',
  /** What a file for a work may be (types, size, how many more); asked by the gateway before it reads an upload. */
  workUploadPolicy: 'enrollment.work.upload-policy',
  workFileAdd: 'enrollment.work.file-add',
  workFileDelete: 'enrollment.work.file-delete',
  /** Whether the caller (or a share id holder) may download a file, and where it is stored. */
  workFileAccess: 'enrollment.work.file-access',
  workByShareId: 'enrollment.work.by-share-id',
  workPublicDetail: 'enrollment.work.public-detail',
  // Public.
  counts: 'enrollment.public.counts',
  publicMembers: 'enrollment.public.members',
  // Back office (scoped to the caller's organisations).
  signupPage: 'enrollment.signup.page',
  signupDetail: 'enrollment.signup.detail',
  signupCheck: 'enrollment.signup.check',
  /** One member's full identity number, for an organiser who asks (the gateway records each call). */
  signupIdNumber: 'enrollment.signup.id-number',
  signupExport: 'enrollment.signup.export',
  sourceList: 'enrollment.signup.sources',
  /** Approved sign-ups of a competition with their members, teachers and work (certificate winners are picked from them). */
  approvedPage: 'enrollment.signup.approved',
  workPage: 'enrollment.work.page',
  workDetail: 'enrollment.work.detail',
  workPublish: 'enrollment.work.publish',
  /** Whether a competition's works are published (the works list's switch). */
  workPublication: 'enrollment.work.publication',
  /** Submitted works of a competition with every identity of their members and advisers (the review service's conflict checks). */
  workReviewCandidates: 'enrollment.work.review-candidates',
  /** Internal: what a sign-up's payer owes (the payment service makes its order from it). */
  signupPayable: 'enrollment.signup.payable',
  /** Internal: the school a sign-up entered for (the payment service prints it on receipts). */
  signupSchool: 'enrollment.signup.school',
  /** Internal: sign-up facts page by page (SignupFact), for a rebuild of the statistics read model. */
  signupFacts: 'enrollment.signup.facts',
  health: 'enrollment.health.ping',
} as const;

export const PaymentSubject = {
  /** The payer starts (or resumes) paying a sign-up's fee. */
  pay: 'payment.order.pay',
  /** The payer's view of an order (by number or the sign-up's latest); asks Alipay (trade query) while it is unpaid. */
  query: 'payment.order.query',
  /** What holds the payer's pay button (an offline payment waiting for approval). */
  payState: 'payment.order.state',
  /** Alipay's asynchronous notification, as posted (public; the payment service verifies it). */
  notify: 'payment.notify.receive',
  // Finance (scoped to the caller's organisations).
  orderPage: 'payment.order.page',
  orderDetail: 'payment.order.detail',
  orderClose: 'payment.order.close',
  orderExport: 'payment.order.export',
  refundCreate: 'payment.refund.create',
  refundPage: 'payment.refund.page',
  /** A refund above the organisation's approval amount, approved or rejected by a second finance person. */
  refundDecide: 'payment.refund.decide',
  /** An organisation's finance settings (the refund approval amount). */
  settingsGet: 'payment.settings.get',
  settingsSave: 'payment.settings.save',
  /** Offline payments: recorded with a voucher by one finance account, approved or rejected by another. */
  offlineCreate: 'payment.offline.create',
  /** Whether offlineCreate would take a record, asked before the voucher is stored (nothing is stored for a refusal). */
  offlineCheck: 'payment.offline.check',
  offlinePage: 'payment.offline.page',
  offlineDecide: 'payment.offline.decide',
  /** Sign-ups that owe their fee, by payer name, account or number, for the record form. */
  offlineSignups: 'payment.offline.signups',
  /** The stored voucher's name, for a caller who may see it. */
  offlineVoucher: 'payment.offline.voucher',
  /** Reconciliation: a bill the gateway stored from an upload, or fetched from Alipay for a day. */
  reconcileImport: 'payment.reconcile.import',
  reconcileFetch: 'payment.reconcile.fetch',
  reconcilePage: 'payment.reconcile.page',
  reconcileDetail: 'payment.reconcile.detail',
  /** A payment Alipay has and the platform lacks: asked of Alipay (trade query) and applied like its notification. */
  reconcileApply: 'payment.reconcile.apply',
  /** A paid fee's receipt (收据): authorises the payer or finance, numbers it once, prints it and answers where it is stored. */
  receipt: 'payment.receipt.file',
  /** Finance's totals per day and per competition over a date range. */
  totals: 'payment.order.totals',
  /** Paid orders' facts in id order after `afterId` (FactPage<OrderFact>), for the statistics' rebuild. */
  orderFacts: 'payment.order.facts',
  health: 'payment.health.ping',
} as const;

/** The statistics read model (statistics.ts): figures scoped to the caller's organisations. */
export const StatisticsSubject = {
  competition: 'statistics.competition.figures',
  /** The figures of all the caller's organisations' competitions together (OrganisationFigures). */
  organisation: 'statistics.organisation.figures',
  /** Headline figures of the listed competitions (CompetitionSummary), those outside the caller's organisations left out. */
  summaries: 'statistics.competition.summaries',
  /** The counted sign-ups under a figure's bar, a page (FigureSignupQuery), for the competition's own organisation. */
  signupRows: 'statistics.competition.signupRows',
  /** 数据报告: queue a competition's report (ReportCreate), answer its ReportItem. */
  reportCreate: 'statistics.report.create',
  /** Reports of the caller's organisations' competitions, newest first (ReportQuery). */
  reportPage: 'statistics.report.page',
  /** One report with the storage key of its PDF when done ({ id }: ReportFile). */
  reportFile: 'statistics.report.file',
  health: 'statistics.health.ping',
} as const;

export const CertificatesSubject = {
  templatePage: 'certificates.template.page',
  templateDetail: 'certificates.template.detail',
  templateAdd: 'certificates.template.add',
  templateUpdate: 'certificates.template.update',
  templateDelete: 'certificates.template.delete',
  sealGet: 'certificates.seal.get',
  sealSave: 'certificates.seal.save',
  /** Internal: an organisation's seal image address (the payment service prints it on receipts). */
  sealOf: 'certificates.seal.of',
  batchPage: 'certificates.batch.page',
  batchDetail: 'certificates.batch.detail',
  batchAdd: 'certificates.batch.add',
  batchDelete: 'certificates.batch.delete',
  recipientsAdd: 'certificates.batch.recipients-add',
  recipientsImport: 'certificates.batch.recipients-import',
  /** Approved sign-ups of the batch's competition, marked when already in the batch (the pick-from-sign-ups list). */
  batchSignups: 'certificates.batch.signups',
  /** The published review rounds of the batch's competition, with their levels (the pick-from-results choice). */
  publishedRounds: 'certificates.batch.published-rounds',
  /** Adds winners from approved sign-ups of the batch's competition (asked from the enrollment service). */
  recipientsFromSignups: 'certificates.batch.recipients-from-signups',
  batchPreview: 'certificates.batch.preview',
  batchIssue: 'certificates.batch.issue',
  batchProgress: 'certificates.batch.progress',
  batchRetry: 'certificates.batch.retry',
  batchSend: 'certificates.batch.send',
  batchFiles: 'certificates.batch.files',
  certificatePage: 'certificates.certificate.page',
  /** Certificates of all the caller's batches by holder, account or number (the back office's trace screen). */
  certificateSearch: 'certificates.certificate.search',
  certificateRevoke: 'certificates.certificate.revoke',
  certificateReissue: 'certificates.certificate.reissue',
  /** Authorises a download (holder or organiser) and answers where the file is stored. */
  certificateFile: 'certificates.certificate.file',
  myPage: 'certificates.my.page',
  trace: 'certificates.trace.get',
  health: 'certificates.health.ping',
} as const;

export const ReviewSubject = {
  /** Round types and statuses for the back office's selects. */
  typeGet: 'review.type.get',
  roundPage: 'review.round.page',
  roundList: 'review.round.list',
  /** The listed competitions' open rounds: sheets submitted of all, and the next closing time (CompetitionReviewProgress). */
  competitionProgress: 'review.round.competitionProgress',
  /** A page of assignment facts for the statistics' rebuild (FactPageQuery: FactPage<AssignmentFact>). */
  assignmentFacts: 'review.assignment.facts',
  /** A page of round-work facts for the statistics' rebuild (FactPageQuery: FactPage<RoundWorkFact>). */
  roundWorkFacts: 'review.roundwork.facts',
  /** A page of round-score facts for the statistics' rebuild (FactPageQuery: FactPage<RoundScoreFact>). */
  roundScoreFacts: 'review.roundscore.facts',
  roundDetail: 'review.round.detail',
  roundSave: 'review.round.save',
  roundDelete: 'review.round.delete',
  roundOpen: 'review.round.open',
  roundClose: 'review.round.close',
  /** Imports a competition's review settings (asked once from the competitions service) as rounds. */
  roundImport: 'review.round.import',
  /** Reloads the works a round covers from the enrollment service. */
  roundWorksSync: 'review.round.works-sync',
  /** The round a round's works come from, and whether its promotion is confirmed. */
  roundWorkSource: 'review.round.work-source',
  roundWorks: 'review.round.works',
  groupList: 'review.group.list',
  groupSave: 'review.group.save',
  groupDelete: 'review.group.delete',
  /** Splits a round's experts into n groups evenly by event. */
  groupAuto: 'review.group.auto',
  groupExperts: 'review.group.experts',
  groupCaptain: 'review.group.captain',
  captainFlag: 'review.group.captain-flag',
  assignRun: 'review.assignment.run',
  assignProgress: 'review.assignment.progress',
  assignCancel: 'review.assignment.cancel',
  assignList: 'review.assignment.list',
  assignLoads: 'review.assignment.loads',
  assignAdd: 'review.assignment.add',
  assignRemove: 'review.assignment.remove',
  assignSwap: 'review.assignment.swap',
  /** The experts who may take a work (add or swap), and why the others may not. */
  assignCandidates: 'review.assignment.candidates',
  /** One more expert for a disputed work (仲裁), drawn by the assignment's rules. */
  assignArbitrate: 'review.assignment.arbitrate',
  assignLock: 'review.assignment.lock',
  assignDecline: 'review.assignment.decline',
  /** An expert's bids (eager, willing, unwilling) on the works of their group, when the round takes bids. */
  bidPage: 'review.bid.page',
  bidSave: 'review.bid.save',
  /** Final scores (issue 16): queue a calculation, its versions and results. */
  resultCalculate: 'review.result.calculate',
  resultVersions: 'review.result.versions',
  resultVersion: 'review.result.version',
  resultScores: 'review.result.scores',
  resultCalibration: 'review.result.calibration',
  competitionScore: 'review.result.competition',
  /** Who would go through to the next stage by a rule (per event), and then the confirmation of it. */
  promotionPreview: 'review.promotion.preview',
  promotionConfirm: 'review.promotion.confirm',
  /** Award levels per event by a rule, previewed, then confirmed once per round. */
  awardPreview: 'review.award.preview',
  awardConfirm: 'review.award.confirm',
  /** 奖励管理: the caller's organisation's award presets (AwardPreset[]). */
  awardPresetList: 'review.awardPreset.list',
  /** Adds or changes a preset (AwardPresetSave): its name is unique in the organisation. */
  awardPresetSave: 'review.awardPreset.save',
  awardPresetDelete: 'review.awardPreset.delete',
  /** Publication (review.results.published), the published lists, appeals and public voting. */
  resultPublish: 'review.result.publish',
  /** What is unfinished before a round's results go out (publishing then needs a reason). */
  resultPublishReadiness: 'review.result.publish-readiness',
  publications: 'review.result.publications',
  rewardList: 'review.reward.list',
  /** 获奖列表: published awards per round and event with each level's count (AwardSummaryQuery: Page<AwardSummaryRow>). */
  awardSummary: 'review.reward.summary',
  publicRanking: 'review.ranking.public',
  appealCreate: 'review.appeal.create',
  appealMine: 'review.appeal.mine',
  appealList: 'review.appeal.list',
  appealHandle: 'review.appeal.handle',
  voteOpen: 'review.vote.open',
  voteWindows: 'review.vote.windows',
  voteCast: 'review.vote.cast',
  voteBoard: 'review.vote.board',
  voteReport: 'review.vote.report',
  columnSetting: 'review.sheet.columns',
  /** On-site review: rooms, the draw, check-in, each room's queue and the venue's kiosks. */
  sceneSetting: 'review.scene.setting',
  sceneSave: 'review.scene.save',
  sceneDraw: 'review.scene.draw',
  scenePublish: 'review.scene.publish',
  sceneQueue: 'review.scene.queue',
  sceneCheckIn: 'review.scene.checkin',
  sceneCall: 'review.scene.call',
  sceneRecall: 'review.scene.recall',
  sceneStart: 'review.scene.start',
  sceneEnd: 'review.scene.end',
  sceneSkip: 'review.scene.skip',
  sceneAbsent: 'review.scene.absent',
  scenePause: 'review.scene.pause',
  sceneMove: 'review.scene.move',
  sceneMine: 'review.scene.mine',
  kioskBind: 'review.kiosk.bind',
  kioskList: 'review.kiosk.list',
  kioskRevoke: 'review.kiosk.revoke',
  /** A kiosk's token → the device and its rooms (refused when unknown or revoked). */
  kioskAuth: 'review.kiosk.auth',
  /** The states of the rooms a kiosk token may read. */
  kioskRooms: 'review.kiosk.rooms',
  mineDashboard: 'review.mine.dashboard',
  minePage: 'review.mine.page',
  sheetDetail: 'review.sheet.detail',
  sheetFile: 'review.sheet.file',
  sheetSave: 'review.sheet.save',
  sheetSubmit: 'review.sheet.submit',
  sheetReturn: 'review.sheet.return',
  sheetHistory: 'review.sheet.history',
  groupScores: 'review.group.scores',
  groupConfirm: 'review.group.confirm',
  scoreTable: 'review.statistics.scores',
  progress: 'review.progress.get',
  remind: 'review.progress.remind',
  scoreExport: 'review.statistics.export',
  health: 'review.health.ping',
} as const;

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
  /** A paid sign-up was rejected or withdrawn; payload SignupClosedEvent (enrollment.ts). Through the enrollment outbox. */
  signupClosed: 'enrollment.signup.closed',
  /** A sign-up was made or changed; payload SignupFact (statistics.ts), written to the outbox by a trigger on every change. */
  signupChanged: 'enrollment.signup.changed',
  /** Money of an order went back to the payer; payload PaymentOrderRefundedEvent (payment.ts). */
  paymentOrderRefunded: 'payment.order.refunded',
  /** A paid order changed (paid, refunded); payload OrderFact (statistics.ts), written to the outbox by a trigger. */
  orderChanged: 'payment.order.changed',
  /**
   * A round's results were published with its award list; payload ResultsPublishedEvent (review-results.ts), through
   * the review outbox. Enrollment keeps each sign-up's award and tells its people; certificates offers the winners.
   */
  resultsPublished: 'review.results.published',
  /** An assignment or its sheet changed; payload AssignmentFact (statistics.ts), written to the outbox by a trigger. */
  assignmentChanged: 'review.assignment.changed',
  /** A work in a round checked in, called, or voted for; payload RoundWorkFact (statistics.ts), by trigger (votes: by the worker's tally). */
  roundWorkChanged: 'review.roundwork.changed',
  /** A round's final scores changed (a version computed, its results published, the round renamed or deleted); payload RoundScoreFact (statistics.ts), by trigger. */
  roundScoreChanged: 'review.roundscore.changed',
  /** A round's promotion was confirmed; payload PromotionConfirmedEvent (review-results.ts). Through the review outbox. */
  promotionConfirmed: 'review.promotion.confirmed',
  /** A room of an on-site round changed; payload RoomChangedEvent (review-scene.ts), through the review outbox. */
  sceneChanged: 'review.scene.changed',
  /** An organiser revoked a kiosk; payload { deviceId }. The gateway drops its connections. */
  kioskRevoked: 'review.kiosk.revoked',
  /** A certificate batch was sent to its holders; payload CertificatesSentEvent (certificates.ts), one per chunk of holders, through the certificates outbox. */
  certificatesSent: 'certificates.batch.sent',
} as const;
export type EventSubject = (typeof EventSubject)[keyof typeof EventSubject];

/**
 * Facts for the statistics read model: each carries its entity's whole state and a version, and the newest version
 * wins, so their order in the stream does not matter (the outbox relay publishes a run of them at once).
 */
export const FACT_SUBJECTS: readonly string[] = [EventSubject.signupChanged, EventSubject.orderChanged, EventSubject.assignmentChanged, EventSubject.roundWorkChanged, EventSubject.roundScoreChanged];

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
    subjects: [EventSubject.paymentOrderPaid, EventSubject.paymentOrderRefunded, EventSubject.orderChanged],
    maxAgeSeconds: 30 * 86400,
    duplicateWindowSeconds: 60 * 60,
  },
  review: {
    name: 'REVIEW',
    subjects: [EventSubject.promotionConfirmed, EventSubject.resultsPublished, EventSubject.assignmentChanged, EventSubject.roundWorkChanged, EventSubject.roundScoreChanged],
    maxAgeSeconds: 30 * 86400,
    duplicateWindowSeconds: 60 * 60,
  },
  /** Queue changes for the venue screens: only worth a day (a screen that missed more fetches the room's state). */
  scene: {
    name: 'SCENE',
    subjects: [EventSubject.sceneChanged, EventSubject.kioskRevoked],
    maxAgeSeconds: 86400,
    duplicateWindowSeconds: 10 * 60,
  },
  enrollment: {
    name: 'ENROLLMENT',
    subjects: [EventSubject.signupClosed, EventSubject.signupChanged],
    maxAgeSeconds: 30 * 86400,
    duplicateWindowSeconds: 60 * 60,
  },
  certificates: {
    name: 'CERTIFICATES',
    subjects: [EventSubject.certificatesSent],
    maxAgeSeconds: 30 * 86400,
    duplicateWindowSeconds: 10 * 60,
  },
} as const satisfies Record<string, EventStreamDefinition>;

/** Durable consumer names: a consumer's position survives restarts under its name; never rename one. */
export const EventConsumer = {
  authOperationLog: 'auth-operation-log',
  enrollmentPaymentPaid: 'enrollment-payment-paid',
  enrollmentPaymentRefunded: 'enrollment-payment-refunded',
  paymentSignupClosed: 'payment-signup-closed',
  enrollmentPromotion: 'enrollment-promotion',
  enrollmentCertificatesSent: 'enrollment-certificates-sent',
  enrollmentResults: 'enrollment-results',
  certificatesResults: 'certificates-results',
  gatewayScene: 'gateway-scene',
  gatewayKioskRevoked: 'gateway-kiosk-revoked',
  statisticsSignups: 'statistics-signups',
  statisticsOrders: 'statistics-orders',
  statisticsAssignments: 'statistics-assignments',
  statisticsRoundWorks: 'statistics-round-works',
  statisticsRoundScores: 'statistics-round-scores',
} as const;
