/**
 * Sign-ups, teams, works and the personal centre (enrollment service): payloads, replies and messages; the
 * subjects are in subjects.ts. docs/api-enrollment.md describes the HTTP calls built on them.
 */
import type { MemberField, WorkFileType } from './competition';
import type { Page, PageQuery } from './rpc';

/** pending → approved | rejected; pending or approved → withdrawn (by the captain, while the window is open). */
export const SignupStatus = { pending: 0, approved: 1, rejected: 2, withdrawn: 3 } as const;
export type SignupStatus = (typeof SignupStatus)[keyof typeof SignupStatus];

/** 0: the event is free; 1: waiting for payment; 2: paid (payment.order.paid received); 3: refunded in full (payment.order.refunded). */
export const PayStatus = { free: 0, unpaid: 1, paid: 2, refunded: 3 } as const;
export type PayStatus = (typeof PayStatus)[keyof typeof PayStatus];

/** A sign-up owes its fee while it is open and not paid: never paid, or refunded in full (then it is paid anew). */
export const owesFee = (s: { status: number; payStatus: number; feeFen: number }): boolean =>
  (s.status === SignupStatus.pending || s.status === SignupStatus.approved) && (s.payStatus === PayStatus.unpaid || s.payStatus === PayStatus.refunded) && s.feeFen > 0;

export const SignupType = { individual: 1, team: 2 } as const;
export type SignupType = (typeof SignupType)[keyof typeof SignupType];

/** draft (editable) → submitted; submitted → draft (withdrawn) while the submission window is open. */
export const WorkStatus = { draft: 0, submitted: 1 } as const;
export type WorkStatus = (typeof WorkStatus)[keyof typeof WorkStatus];

/** A participant's details; which ones a competition requires is its `requiredFields`. */
export interface MemberProfile {
  realName?: string;
  /** 1 male, 2 female; taken from the identity number when one is given. */
  gender?: 1 | 2;
  idNumber?: string;
  phone?: string;
  email?: string;
  schoolId?: number;
  schoolName?: string;
  college?: string;
  major?: string;
  studentNo?: string;
  grade?: string;
}

export interface Teacher {
  name: string;
  phone?: string;
  email?: string;
}

export interface SignUpPayload {
  competitionId: number;
  itemId: number;
  type: SignupType;
  /** Required for a team. */
  teamName?: string;
  /** The applicant's own details; the competition's required fields must all be there. */
  profile: MemberProfile;
  teachers?: Teacher[];
}

export interface SignupMember {
  userId: number;
  username: string;
  captain: boolean;
  profile: MemberProfile;
  /** Required fields this member has not filled in yet. */
  missing: MemberField[];
  joinedAt: string;
}

export interface Signup {
  id: number;
  competitionId: number;
  competitionName: string;
  /** English names as entered when the sign-up was made ('' when none: show the Chinese). */
  competitionNameEn: string;
  itemId: number;
  itemName: string;
  itemNameEn: string;
  groupId: number;
  type: SignupType;
  teamName: string | null;
  captainUserId: number;
  schoolId: number | null;
  schoolName: string | null;
  status: SignupStatus;
  payStatus: PayStatus;
  feeFen: number;
  memberCount: number;
  teachers: Teacher[];
  rejectReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SignupDetail extends Signup {
  members: SignupMember[];
  teamMin: number;
  teamMax: number;
  /** Every member's required fields are in and the team has at least teamMin members. */
  complete: boolean;
  /** Only members see it. */
  inviteCode?: string;
}

/**
 * A team as someone holding its invitation link sees it before joining: what they would join and who is in it,
 * names masked (张*三), no account names, phones, advisers or other details. Members read the full sign-up by id.
 */
export interface TeamInvitation {
  competitionId: number;
  competitionName: string;
  competitionNameEn: string;
  itemId: number;
  itemName: string;
  itemNameEn: string;
  teamName: string | null;
  status: SignupStatus;
  memberCount: number;
  teamMin: number;
  teamMax: number;
  /** Places left in the team: teamMax − memberCount. */
  placesLeft: number;
  /** The team's entry fee (0: free), which its captain pays for all, and whether it is paid. */
  feeFen: number;
  payStatus: PayStatus;
  /** Masked. */
  captainName: string;
  /** Every member's masked name, captain first. */
  memberNames: string[];
  /** The sign-up, only when the caller is already in the team (the page then opens the member view). */
  memberSignupId?: number;
}

export interface SignupPageQuery extends PageQuery {
  competitionId?: number;
  itemId?: number;
  schoolId?: number;
  /** The school as typed, for sign-ups without a school id (the source list's entries with schoolId null). */
  schoolName?: string;
  status?: SignupStatus;
  payStatus?: PayStatus;
  /** Individual or team sign-ups only (the competition details' 参赛选手 / 参赛团队 tabs). */
  type?: SignupType;
  /** Matches team name, member names and usernames, or the sign-up's number. */
  keyword?: string;
}

/** A row of the back office's sign-up list. */
export interface SignupListRow extends Signup {
  captainName: string;
  captainAccount: string;
  /** As in SignupDetail: enough members and every member's required fields in. */
  complete: boolean;
}

/**
 * Approved sign-ups of one competition in the caller's organisations (enrollment.signup.approved). With `ids`,
 * exactly those of them that are approved sign-ups of the competition (at most APPROVED_IDS_LIMIT, no paging);
 * otherwise a page (pageSize at most MAX_PAGE_SIZE) filtered by event and keyword.
 */
export interface ApprovedSignupQuery extends PageQuery {
  competitionId: number;
  itemId?: number;
  /** Matches team name, school, member names and usernames. */
  keyword?: string;
  ids?: number[];
}

export const APPROVED_IDS_LIMIT = 10_000;

/** An approved sign-up as a certificate needs it: who, for what, from where. */
export interface ApprovedSignup {
  id: number;
  itemId: number;
  itemName: string;
  itemNameEn: string;
  type: SignupType;
  teamName: string | null;
  schoolName: string | null;
  /** Captain first. */
  members: { userId: number; username: string; realName: string }[];
  teachers: string[];
  /** The sign-up's work title, if it has a work. */
  workTitle: string | null;
}

/** A member's identity number in full: the organiser's explicit "show" (details carry it masked, 1101**********1234). */
export interface IdNumberReveal {
  signupId: number;
  userId: number;
  /** null when the member has not given one. */
  idNumber: string | null;
}

export interface SignupCheckPayload {
  id: number;
  approve: boolean;
  /** Required when rejecting. */
  reason?: string;
  /**
   * Rejecting a paid sign-up refunds its fee in full unless this says why the fee is kept (the competition's rules
   * say so); the reason is shown to the participants.
   */
  keepFeeReason?: string;
}

/** enrollment.signup.closed: a paid or owing sign-up was rejected or withdrawn; the payment service refunds a paid one unless the fee is kept. */
export interface SignupClosedEvent {
  signupId: number;
  status: 'rejected' | 'withdrawn';
  refund: boolean;
  reason: string;
}

export interface CompleteStatus {
  signupId: number;
  complete: boolean;
  teamMin: number;
  teamMax: number;
  memberCount: number;
  requiredFields: MemberField[];
  /** The caller's own missing fields. */
  mine: MemberField[];
  members: { userId: number; realName: string; missing: MemberField[] }[];
}

export interface EventCount {
  itemId: number;
  itemName: string;
  quota: number | null;
  signups: number;
  /** null when the event has no quota. */
  remaining: number | null;
}

export interface SignupCounts {
  competitionId: number;
  signups: number;
  teams: number;
  individuals: number;
  participants: number;
  items: EventCount[];
}

export interface WorkFile {
  id: number;
  originalName: string;
  size: number;
  contentType: string;
  ext: string;
  createdAt: string;
}

export interface Work {
  id: number;
  signupId: number;
  competitionId: number;
  competitionName: string;
  competitionNameEn: string;
  itemId: number;
  itemName: string;
  itemNameEn: string;
  teamName: string | null;
  title: string;
  summary: string;
  status: WorkStatus;
  shareId: string;
  submittedAt: string | null;
  updatedAt: string;
  files: WorkFile[];
}

export interface WorkSavePayload {
  /** Absent: creates the sign-up's work (one per sign-up). */
  id?: number;
  signupId: number;
  title: string;
  summary: string;
}

export interface WorkUploadPolicy {
  workId: number;
  fileTypes: WorkFileType[];
  maxBytes: number;
  maxFiles: number;
  fileCount: number;
}

export interface WorkFileAddPayload {
  workId: number;
  storedName: string;
  originalName: string;
  size: number;
  contentType: string;
  ext: string;
}

export interface WorkFileAccess {
  storedName: string;
  originalName: string;
  contentType: string;
}

export interface WorkPageQuery extends PageQuery {
  competitionId?: number;
  itemId?: number;
  status?: WorkStatus;
  keyword?: string;
}

/** Whether the organiser published a competition's submitted works on the public site. */
export interface WorkPublication {
  competitionId: number;
  published: boolean;
}

export interface EnrollMessage {
  id: number;
  title: string;
  content: string;
  read: boolean;
  createdAt: string;
}

/** A page of the caller's messages, with how many of all their messages are unread (the badge). */
export interface EnrollMessagePage extends Page<EnrollMessage> {
  unread: number;
}

/** The personal centre's data in one answer (rewards and study records are filled by later features). */
/** Public: what an invitation link names, so a logged-out invitee knows which team invited them. */
export interface CentreData {
  competitions: Signup[];
  teams: SignupDetail[];
  works: Work[];
  rewards: unknown[];
  studies: unknown[];
  unreadMessages: number;
}

/** The caller's bank card as shown: the number only masked (it is stored encrypted and never sent back whole). */
export interface BankCard {
  accountName: string;
  bankName: string;
  branch: string | null;
  /** `**** **** **** 1234`: the last four digits. */
  cardNumberMasked: string;
  updatedAt: string;
}

export interface BankCardSavePayload {
  accountName: string;
  bankName: string;
  branch?: string;
  /** Digits only (spaces are allowed and dropped), 12 to 19 of them, passing the Luhn check. */
  cardNumber: string;
}

/** Payment service event (the payment part comes separately); the enrollment service consumes it idempotently. */
/** A personal-centre message another service leaves (enrollment.message.send): a catalogue key and its parameters. */
export interface SiteMessage {
  userIds: number[];
  key: string;
  params: Record<string, string | number>;
  /** Params that differ in the English title (names entered in English too), over `params`. */
  paramsEn?: Record<string, string | number>;
}

export interface PaymentOrderPaidEvent {
  orderId: string;
  signupId: number;
  amountFen: number;
  paidAt: string;
}

/** Columns of the sign-up export, in order (the sign-up time in Beijing time). */
export const SIGNUP_EXPORT_COLUMNS = [
  { key: 'id', zh: '报名编号', en: 'Sign-up no.', required: false, width: 10, type: 'integer' },
  { key: 'competitionName', zh: '竞赛', en: 'Competition', required: false, width: 30 },
  { key: 'itemName', zh: '赛项', en: 'Event', required: false, width: 16 },
  { key: 'teamName', zh: '队伍', en: 'Team', required: false, width: 18 },
  { key: 'schoolName', zh: '学校', en: 'School', required: false, width: 20 },
  { key: 'members', zh: '成员', en: 'Members', required: false, width: 30 },
  { key: 'teachers', zh: '指导老师', en: 'Advisers', required: false, width: 18 },
  { key: 'status', zh: '状态', en: 'Status', required: false, width: 10 },
  { key: 'payStatus', zh: '缴费', en: 'Payment', required: false, width: 10 },
  { key: 'createdAt', zh: '报名时间', en: 'Signed up at', required: false, type: 'time' },
] as const;

export const enrollMessages = {
  'enroll.notEnrolling': { 'zh-CN': '当前不在报名时间内（{start} 至 {end}）', en: 'Sign-up is not open now ({start} to {end})' },
  'enroll.notPublished': { 'zh-CN': '竞赛未发布或不存在：{id}', en: 'No published competition {id}' },
  'enroll.unknownItem': { 'zh-CN': '该竞赛没有这个赛项：{id}', en: 'This competition has no event {id}' },
  'enroll.modeIndividual': { 'zh-CN': '该竞赛只接受个人报名', en: 'This competition takes individual sign-ups only' },
  'enroll.modeTeam': { 'zh-CN': '该竞赛只接受团队报名', en: 'This competition takes team sign-ups only' },
  'enroll.teamNameRequired': { 'zh-CN': '团队报名请填写队伍名称', en: 'A team sign-up needs a team name' },
  'enroll.alreadySigned': { 'zh-CN': '你已报名该赛项，不能重复报名', en: 'You have already signed up for this event' },
  'enroll.memberInOtherTeam': {
    'zh-CN': '{name} 已在该赛项的其他队伍或报名中',
    en: '{name} is already in another team or sign-up for this event',
  },
  'enroll.quotaFull': { 'zh-CN': '该赛项名额已满', en: 'This event is full' },
  'enroll.schoolQuotaFull': { 'zh-CN': '本校在该赛项的名额已满', en: "Your school's places for this event are taken" },
  'enroll.schoolRequired': { 'zh-CN': '该竞赛按学校限额，请填写学校', en: 'This competition has places per school: give your school' },
  'enroll.teamFull': { 'zh-CN': '队伍人数已达上限（{max} 人）', en: 'The team is full ({max} members)' },
  'enroll.tooManyTeachers': { 'zh-CN': '指导老师最多 {max} 位', en: 'At most {max} advisers' },
  'enroll.missingFields': { 'zh-CN': '请填写：{fields}', en: 'Please fill in: {fields}' },
  'enroll.badPhone': { 'zh-CN': '手机号格式不正确：{value}', en: 'Not a mobile number: {value}' },
  'enroll.badEmail': { 'zh-CN': '邮箱格式不正确：{value}', en: 'Not an email address: {value}' },
  'enroll.signupNotFound': { 'zh-CN': '报名不存在：{id}', en: 'No such sign-up: {id}' },
  'enroll.inviteNotFound': { 'zh-CN': '邀请链接无效或队伍已解散', en: 'The invitation link is not valid or the team was dissolved' },
  'enroll.notCaptain': { 'zh-CN': '只有队长可以这样做', en: 'Only the captain can do this' },
  'enroll.notMember': { 'zh-CN': '你不是该报名的成员', en: 'You are not a member of this sign-up' },
  'enroll.memberNotFound': { 'zh-CN': '该报名中没有用户 {id}', en: 'User {id} is not a member of this sign-up' },
  'enroll.captainLeaves': {
    'zh-CN': '队长不能直接退出，请先转让队长或解散队伍',
    en: 'The captain cannot leave: transfer the captaincy or dissolve the team first',
  },
  'enroll.notTeam': { 'zh-CN': '个人报名没有队伍操作', en: 'An individual sign-up has no team' },
  'enroll.closed': { 'zh-CN': '该报名{status}，不能再修改', en: 'This sign-up is {status} and can no longer change' },
  'enroll.approvedTeamFixed': {
    'zh-CN': '队伍已通过审核，不能再解散；如需退赛请联系组织方',
    en: 'The team is approved and can no longer be dissolved; contact the organiser to pull out',
  },
  'enroll.notPending': { 'zh-CN': '只有待审核的报名可以审核', en: 'Only a pending sign-up can be reviewed' },
  'enroll.incomplete': {
    'zh-CN': '报名信息未完善（人数不足或成员资料未填写完整），不能通过',
    en: 'The sign-up is incomplete (too few members or missing details) and cannot be approved',
  },
  'enroll.unpaid': { 'zh-CN': '该报名尚未缴费', en: 'This sign-up has not been paid' },
  'enroll.feeRefunded': {
    'zh-CN': '该报名的报名费已全额退还，须重新缴费后才能审核通过',
    en: 'The fee of this sign-up was refunded in full: it must be paid again before approval',
  },
  'enroll.reasonRequired': { 'zh-CN': '驳回时请填写原因', en: 'Give a reason when rejecting' },
  'enroll.copySameEvent': { 'zh-CN': '请选择另一个赛项或竞赛', en: 'Choose another event or competition to copy into' },
  'enroll.status.0': { 'zh-CN': '待审核', en: 'pending' },
  'enroll.status.1': { 'zh-CN': '已通过', en: 'approved' },
  'enroll.status.2': { 'zh-CN': '已驳回', en: 'rejected' },
  'enroll.status.3': { 'zh-CN': '已撤销', en: 'withdrawn' },
  'enroll.pay.0': { 'zh-CN': '免费', en: 'free' },
  'enroll.pay.1': { 'zh-CN': '待缴费', en: 'unpaid' },
  'enroll.pay.2': { 'zh-CN': '已缴费', en: 'paid' },
  'enroll.pay.3': { 'zh-CN': '已退费', en: 'refunded' },
  'enroll.field.realName': { 'zh-CN': '姓名', en: 'name' },
  'enroll.field.gender': { 'zh-CN': '性别', en: 'gender' },
  'enroll.field.idNumber': { 'zh-CN': '身份证号', en: 'identity number' },
  'enroll.field.phone': { 'zh-CN': '手机号', en: 'phone' },
  'enroll.field.email': { 'zh-CN': '邮箱', en: 'email' },
  'enroll.field.school': { 'zh-CN': '学校', en: 'school' },
  'enroll.field.college': { 'zh-CN': '学院', en: 'college' },
  'enroll.field.major': { 'zh-CN': '专业', en: 'major' },
  'enroll.field.studentNo': { 'zh-CN': '学号', en: 'student number' },
  'enroll.field.grade': { 'zh-CN': '年级', en: 'grade' },
  'enroll.idNumber': { 'zh-CN': '{name}的身份证号：{detail}', en: "{name}'s identity number: {detail}" },
  'work.notFound': { 'zh-CN': '作品不存在：{id}', en: 'No such work: {id}' },
  'work.exists': { 'zh-CN': '该报名已有作品，请编辑它', en: 'This sign-up already has a work: edit it' },
  'work.notOpen': { 'zh-CN': '当前不在作品提交时间内（{start} 至 {end}）', en: 'Work submission is not open now ({start} to {end})' },
  'work.signupClosed': { 'zh-CN': '报名{status}，不能提交作品', en: 'The sign-up is {status}: no work can be submitted' },
  'work.submitted': { 'zh-CN': '作品已提交，请先撤回再修改', en: 'The work is submitted: withdraw it before changing it' },
  'work.notSubmitted': { 'zh-CN': '作品尚未提交', en: 'The work has not been submitted' },
  'work.noFiles': { 'zh-CN': '请先上传作品文件', en: 'Upload the work files first' },
  'work.tooManyFiles': { 'zh-CN': '作品文件最多 {max} 个', en: 'At most {max} files per work' },
  'work.fileType': {
    'zh-CN': '文件类型不符：实际内容为 {actual}，允许 {allowed}',
    en: 'Wrong file type: the content is {actual}; allowed: {allowed}',
  },
  'work.fileTooLarge': { 'zh-CN': '文件过大，最大 {limit}', en: 'The file is too large; the limit is {limit}' },
  'work.fileNotFound': { 'zh-CN': '文件不存在', en: 'No such file' },
  'work.notPublic': { 'zh-CN': '该作品未公开', en: 'This work is not public' },
  'bankCard.digitsOnly': { 'zh-CN': '银行卡号只能包含数字', en: 'The card number may contain digits only' },
  'bankCard.length': { 'zh-CN': '银行卡号应为 12 至 19 位数字，当前 {count} 位', en: 'The card number must have 12 to 19 digits; it has {count}' },
  'bankCard.luhn': { 'zh-CN': '银行卡号校验未通过，请核对是否输错', en: 'This is not a valid card number: check it for typos' },
  'bankCard.required': { 'zh-CN': '请填写{field}', en: 'Please fill in the {field}' },
  'bankCard.field.accountName': { 'zh-CN': '开户名', en: 'account name' },
  'bankCard.field.bankName': { 'zh-CN': '开户银行', en: 'bank' },
  'message.signupApproved': { 'zh-CN': '报名已通过：{name}', en: 'Sign-up approved: {name}' },
  'message.signupRejected': { 'zh-CN': '报名被驳回：{name}（原因：{reason}）', en: 'Sign-up rejected: {name} (reason: {reason})' },
  'message.signupPaid': { 'zh-CN': '已收到报名费：{name}', en: 'Fee received: {name}' },
  'message.feeRefunded': { 'zh-CN': '报名费已退回 {amount} 元：{name}', en: 'Fee refunded ({amount} yuan): {name}' },
  'message.feeKept': { 'zh-CN': '报名费不予退还：{name}（{reason}）', en: 'The fee is not refunded: {name} ({reason})' },
  'message.memberJoined': { 'zh-CN': '{member} 加入了队伍 {team}', en: '{member} joined the team {team}' },
} as const;
