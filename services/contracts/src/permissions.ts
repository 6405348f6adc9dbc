/** The role that passes every permission check (spec section 6). */
export const ROOT_ROLE = 'ROOT';
/** The role the web assumes when the server gives none (spec section 4). */
export const DEFAULT_ROLE = 't';

/** Permission strings. A route declares the ones that let a caller in. */
export const Perm = {
  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userDelete: 'system:user:remove',
  userResetPwd: 'system:user:resetPwd',
  userRoleSet: 'system:user:role',
  userImport: 'system:user:import',
  userExport: 'system:user:export',
  roleList: 'system:role:list',
  roleEdit: 'system:role:edit',
  menuList: 'system:menu:list',
  menuEdit: 'system:menu:edit',
  deptList: 'system:dept:list',
  deptEdit: 'system:dept:edit',
  groupList: 'system:group:list',
  groupEdit: 'system:group:edit',
  websiteEdit: 'website:setting:edit',
  competitionList: 'competition:info:list',
  competitionEdit: 'competition:info:edit',
  logList: 'system:log:list',
  schoolList: 'system:school:list',
  schoolEdit: 'system:school:edit',
  schoolImport: 'system:school:import',
  collegeEdit: 'system:college:edit',
  majorEdit: 'system:major:edit',
  dictList: 'system:dict:list',
  dictEdit: 'system:dict:edit',
  /** Back-office news: see the organisation's news. */
  newsList: 'news:list',
  /** Write news; without news:check, publishing submits it to the superior organisation for approval. */
  newsEdit: 'news:edit',
  /** Publish directly, unpublish, and approve or reject subordinate organisations' applications. */
  newsCheck: 'news:check',
  /** Back-office sign-up management: see the organisation's sign-ups. */
  enrollList: 'enroll:list',
  /** Approve or reject sign-ups. */
  enrollCheck: 'enroll:check',
  enrollExport: 'enroll:export',
  /** Back-office works list and detail. */
  workList: 'work:list',
  /** Make a competition's submitted works public (/works/detail). */
  workPublish: 'work:publish',
  /** Certificates: templates, seal, batches and their certificates (read). */
  certificateList: 'certificate:list',
  /** Design templates, set the seal, build winners lists. */
  certificateEdit: 'certificate:edit',
  /** Issue (number and render) a batch, retry failures, send it to the winners. */
  certificateIssue: 'certificate:issue',
  /** Revoke and reissue single certificates. */
  certificateRevoke: 'certificate:revoke',
  /** Experts (review service): the organisation's expert library, accounts, recruitment calls and recommendations (read). */
  expertList: 'expert:list',
  /** Add, change, import and disable experts; create temporary experts; approve applications; recommend and accept. */
  expertEdit: 'expert:edit',
  /** An expert's own profile and conflict declarations (the expert role). */
  expertSelf: 'expert:self',
  /** Expert review (organiser): rounds, groups, assignments, progress and score tables (read). */
  reviewList: 'review:list',
  /** Set up rounds, groups and captains, run and change assignments, send reminders. */
  reviewEdit: 'review:edit',
  /** Finance: orders, callbacks, refunds and reconciliation runs of the organisation (read, export). */
  financeList: 'finance:list',
  /** Refund, close orders, record offline payments, run reconciliation. */
  financeEdit: 'finance:edit',
  /** The data centre (数据中心): figures, rows and reports of the organisation's competitions (read). */
  statisticsView: 'statistics:view',
  /** School summaries (总结管理): set what subordinate organisations hand in, read and decide their hand-ins. */
  summaryManage: 'summary:manage',
  /** Hand in the own organisation's summaries (a school contact, 学校联系人). */
  summarySubmit: 'summary:submit',
} as const;
export type Perm = (typeof Perm)[keyof typeof Perm];
export const ALL_PERMISSIONS: readonly string[] = Object.values(Perm);

/** Who is calling: set by the gateway from the verified token, sent with every NATS request. */
export interface Identity {
  userId: number;
  username: string;
  groupId: number;
  roleKeys: string[];
  permissions: string[];
  sessionId: string;
  /** When the account was made (sessions opened before this field existed lack it): public voting counts newer accounts apart. */
  createdAt?: string;
}

export const isRoot = (identity: Pick<Identity, 'roleKeys'>): boolean => identity.roleKeys.includes(ROOT_ROLE);

/** ROOT passes; others need at least one of the listed permissions. An empty list is a programming error. */
export function hasAnyPermission(identity: Pick<Identity, 'roleKeys' | 'permissions'>, required: readonly string[]): boolean {
  if (!required.length) throw new Error('hasAnyPermission needs at least one permission');
  if (isRoot(identity)) return true;
  return required.some((p) => identity.permissions.includes(p));
}

/** Redis key of a live session; the gateway reads it, the auth service writes and revokes it. */
export const sessionKey = (sessionId: string): string => `sess:${sessionId}`;
/** Claims of the access token (HS256 JWT). `jti` is the session id. */
export interface TokenClaims {
  sub: string;
  jti: string;
  exp: number;
  iat: number;
}
