/**
 * Experts of the review service: the expert library, accounts, recruitment calls and applications,
 * recommendations to the parent organisation, temporary experts and conflict declarations.
 */
import type { ConflictKind, ExpertSource, ExpertStatus } from './review';
import type { PageQuery } from './rpc';

export interface ExpertProfileInput {
  name: string;
  /** 职称, e.g. 教授. */
  title?: string;
  unit?: string;
  phone?: string;
  email?: string;
  subjects?: string[];
  keywords?: string[];
  /** Events (competition items) the expert can judge. */
  itemIds?: number[];
}

export interface ExpertView extends Required<Omit<ExpertProfileInput, 'phone' | 'email'>> {
  id: number;
  userId: number;
  username: string;
  groupId: number;
  /** '' when none (temporary experts). */
  phone: string;
  email: string;
  status: ExpertStatus;
  source: ExpertSource;
  /** Temporary experts: the competition they were made for and when their account ends. */
  competitionId: number | null;
  expiresAt: string | null;
  createdAt: string;
}

export interface ExpertPageQuery extends PageQuery {
  keyword?: string;
  source?: ExpertSource;
  status?: ExpertStatus;
  competitionId?: number;
}

export interface ExpertSavePayload extends ExpertProfileInput {
  id?: number;
  status?: ExpertStatus;
}

/** A new account's one-time credentials, shown once (the login slip); only the hash is kept. */
export interface ExpertCredential {
  expertId: number;
  name: string;
  username: string;
  password: string;
}

export interface ExpertSaveReply {
  id: number;
  /** Present when the save created a new account. */
  credential: ExpertCredential | null;
}

export const EXPERT_TEMPLATE_COLUMNS = [
  { key: 'name', zh: '姓名', en: 'Name', required: true, width: 14 },
  { key: 'phone', zh: '手机号', en: 'Phone', required: true, width: 16 },
  { key: 'email', zh: '邮箱', en: 'Email', required: false, width: 24 },
  { key: 'title', zh: '职称', en: 'Title', required: false, width: 12 },
  { key: 'unit', zh: '单位', en: 'Unit', required: false, width: 24 },
  { key: 'subjects', zh: '学科（多个用逗号分隔）', en: 'Subjects (comma separated)', required: false, width: 24 },
  { key: 'keywords', zh: '关键词（多个用逗号分隔）', en: 'Keywords (comma separated)', required: false, width: 24 },
] as const;
export type ExpertTemplateKey = (typeof EXPERT_TEMPLATE_COLUMNS)[number]['key'];
export type ExpertImportRow = Partial<Record<ExpertTemplateKey, string>> & { rowNumber: number };
export const EXPERT_IMPORT_MAX_ROWS = 1000;
export const EXPERT_LIST_MAX = 20;
export const EXPERT_TEXT_MAX = 100;

export interface ExpertImportReply {
  count: number;
  /** Accounts the import created, with their one-time passwords (existing accounts were linked). */
  credentials: ExpertCredential[];
}

/** Splits "a, b；c，d" into trimmed distinct entries (Chinese and English commas and semicolons). */
export const splitList = (text: string | undefined): string[] =>
  [...new Set((text ?? '').split(/[,，;；、]/).map((s) => s.trim()).filter(Boolean))];

// ---- accounts (auth) ----

/** One account the review service asks auth to create or link and give the expert role. */
export interface ExpertAccountRequest {
  realName: string;
  phone?: string;
  email?: string;
  /** A temporary account's end. */
  expiresAt?: string;
  /** A name prefix for generated account names (temporary experts). */
  usernamePrefix?: string;
}

export interface ExpertAccountsPayload {
  groupId: number;
  accounts: ExpertAccountRequest[];
  /** Check only: report which would be linked and which refused, change nothing. */
  dryRun?: boolean;
}

export interface ExpertAccountResult {
  /** null on a dry run for an account that would be created, or when refused. */
  userId: number | null;
  username: string | null;
  /** Generated for a new account; null when an existing one was linked. */
  password: string | null;
  /** A message key when this account cannot be made (e.g. the phone is another organisation's account). */
  error: string | null;
  errorParams?: Record<string, string | number>;
}

// ---- conflicts (回避声明) ----

export interface ConflictInput {
  kind: ConflictKind;
  /** school: a school id; work: a work id; person: the person's account name (stored as their user id). */
  value: string;
  reason?: string;
}

export interface ConflictView extends Required<ConflictInput> {
  id: number;
  expertId: number;
  createdAt: string;
}

// ---- temporary experts ----

export interface TemporaryExpertsPayload {
  competitionId: number;
  count: number;
  /** Name prefix of the generated experts, e.g. 现场评委 → 现场评委01. */
  namePrefix?: string;
}

export interface TemporaryExpertsReply {
  expiresAt: string;
  credentials: ExpertCredential[];
}
export const TEMPORARY_EXPERTS_MAX = 200;

// ---- recruitment (专家招募) ----

export interface RecruitCallInput {
  title: string;
  description?: string;
  /** Applications are taken until then. */
  closesAt: string;
}

export interface RecruitCallView extends Required<RecruitCallInput> {
  id: number;
  groupId: number;
  /** 1 open, 0 closed by the organiser. */
  status: number;
  applicationCount: number;
  pendingCount: number;
  createdAt: string;
}

/** What the public apply page shows. */
export interface RecruitCallPublic {
  id: number;
  title: string;
  description: string;
  closesAt: string;
  groupName: string;
  open: boolean;
}

export interface RecruitApplyPayload extends ExpertProfileInput {
  callId: number;
  phone: string;
  /** The uploaded CV's storage key (from the public CV upload). */
  cvKey: string;
  cvName: string;
}

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface ApplicationView extends Required<Omit<ExpertProfileInput, 'itemIds'>> {
  id: number;
  callId: number;
  phone: string;
  cvName: string;
  status: ApplicationStatus;
  expertId: number | null;
  reviewNote: string;
  createdAt: string;
}

export interface ApplicationDecision {
  id: number;
  approve: boolean;
  note?: string;
}

/** CVs: PDF or Word, judged by their bytes. */
export const CV_MAX_BYTES = 10 * 1024 * 1024;

// ---- recommendation (专家推荐) ----

export type RecommendationStatus = 'pending' | 'accepted' | 'declined';

export interface RecommendPayload {
  expertId: number;
  note?: string;
}

export interface RecommendationView {
  id: number;
  expertId: number;
  expertName: string;
  expertTitle: string;
  expertUnit: string;
  fromGroupId: number;
  fromGroupName: string;
  toGroupId: number;
  status: RecommendationStatus;
  note: string;
  /** The expert created in the parent organisation on acceptance. */
  acceptedExpertId: number | null;
  createdAt: string;
}

export interface RecommendationQuery extends PageQuery {
  /** 'in': recommendations to the caller's organisation; 'out': the ones it sent. */
  direction: 'in' | 'out';
  status?: RecommendationStatus;
}

/**
 * 专家管理: how an expert of the caller's organisations has reviewed (in one competition's rounds when filtered): works
 * assigned (not declined), scored (sheets submitted), still to score, declined, returned by captains, the mean time
 * from assignment to submission, declared conflicts, and where their scores sat in the latest final-score calculation.
 */
export interface ExpertWorkload {
  id: number;
  name: string;
  unit: string;
  title: string;
  status: ExpertStatus;
  /** Only experts with an account can be messaged. */
  hasAccount: boolean;
  rounds: number;
  assigned: number;
  scored: number;
  pending: number;
  declined: number;
  returned: number;
  avgHours: number | null;
  conflicts: number;
  calibration: { roundName: string; offset: number | null; sharedWorks: number | null; outlier: boolean } | null;
}

export interface ExpertWorkloadQuery {
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  competitionId?: number;
  status?: ExpertStatus;
  /** Only experts flagged out of line in their latest calculation. */
  outlier?: boolean;
}

/** Each unscored work of an expert handed to another by the assignment's rules, or why it could not be. */
export interface ExpertReassignReply {
  moved: { roundName: string; workTitle: string; to: string }[];
  stuck: { roundName: string; workTitle: string; why: string }[];
}

export interface ExpertMessagePayload {
  ids: number[];
  text: string;
}

export const EXPERT_MESSAGE_MAX = 500;

export const expertMessages = {
  'message.fromOrganiser': { 'zh-CN': '{sender}：{text}', en: '{sender}: {text}' },
  'expert.reassignReason': { 'zh-CN': '专家管理：改派给其他专家', en: 'Expert management: handed to another expert' },
  'auth.accountExpired': { 'zh-CN': '账号已过期（临时账号在竞赛结束后失效）', en: 'This account has expired (temporary accounts end with their competition)' },
  'expert.notFound': { 'zh-CN': '专家不存在：{id}', en: 'No such expert: {id}' },
  'expert.exists': { 'zh-CN': '{name}（{phone}）已在专家库中', en: '{name} ({phone}) is already in the expert library' },
  'expert.accountElsewhere': {
    'zh-CN': '手机号 {phone} 已是其他机构的账号，请由该机构推荐',
    en: 'The phone {phone} belongs to an account of another organisation; ask it to recommend the expert',
  },
  'expert.badPhone': { 'zh-CN': '手机号格式不正确（11 位，以 1 开头）', en: 'The phone number must be 11 digits starting with 1' },
  'expert.badEmail': { 'zh-CN': '邮箱格式不正确', en: 'The email address is not valid' },
  'expert.tooLong': { 'zh-CN': '{field}不能超过 {max} 个字符', en: '{field} must be at most {max} characters' },
  'expert.tooMany': { 'zh-CN': '{field}最多 {max} 项', en: '{field} takes at most {max} entries' },
  'expert.unknownItem': { 'zh-CN': '赛项不存在：{id}', en: 'No such event: {id}' },
  'expert.notExpert': { 'zh-CN': '当前账号不是本机构的评审专家', en: 'This account is not an expert of this organisation' },
  'expert.badConflictId': { 'zh-CN': '请填写{kind}的编号（正整数）', en: 'Give the {kind} as its id (a positive whole number)' },
  'expert.unknownPerson': { 'zh-CN': '账号 {username} 不存在', en: 'No account named {username}' },
  'expert.conflictNotFound': { 'zh-CN': '回避声明不存在：{id}', en: 'No such conflict declaration: {id}' },
  'expert.competitionEnded': {
    'zh-CN': '竞赛没有未结束的赛段，无法创建临时专家（请先设置赛段时间）',
    en: 'The competition has no stage that has not ended, so temporary experts cannot be created (set the stage dates first)',
  },
  'expert.tooManyTemporary': { 'zh-CN': '一次最多创建 {max} 名临时专家', en: 'At most {max} temporary experts at once' },
  'recruit.notFound': { 'zh-CN': '招募不存在：{id}', en: 'No such recruitment call: {id}' },
  'recruit.closed': { 'zh-CN': '该招募已截止', en: 'This recruitment call is closed' },
  'recruit.badCloseTime': { 'zh-CN': '截止时间必须晚于现在', en: 'The closing time must be in the future' },
  'recruit.applied': { 'zh-CN': '手机号 {phone} 已提交过申请', en: 'An application with the phone {phone} was already sent' },
  'recruit.applicationNotFound': { 'zh-CN': '申请不存在：{id}', en: 'No such application: {id}' },
  'recruit.decided': { 'zh-CN': '该申请已处理', en: 'This application was already decided' },
  'recruit.badCv': { 'zh-CN': '简历须为 PDF 或 Word（.docx）文件', en: 'The CV must be a PDF or Word (.docx) file' },
  'recruit.cvTooLarge': { 'zh-CN': '简历不能超过 {mb} MB', en: 'The CV must be at most {mb} MB' },
  'recruit.cvMissing': { 'zh-CN': '请先上传简历', en: 'Upload a CV first' },
  'recommend.noParent': { 'zh-CN': '本机构没有上级机构，无法推荐', en: 'Your organisation has no parent organisation to recommend to' },
  'recommend.exists': { 'zh-CN': '该专家已推荐过，等待上级处理', en: 'This expert was already recommended and awaits a decision' },
  'recommend.notFound': { 'zh-CN': '推荐不存在：{id}', en: 'No such recommendation: {id}' },
  'recommend.decided': { 'zh-CN': '该推荐已处理', en: 'This recommendation was already decided' },
} as const;

/** An expert in a picker: the label carries the unit, so namesakes can be told apart. */
export interface ExpertOption {
  value: number;
  label: string;
  eventIds: number[];
}
