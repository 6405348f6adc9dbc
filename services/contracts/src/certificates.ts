/**
 * The certificates service's queue, payloads and messages (issuing, numbering, rendering, sending, trace); the
 * subjects are in subjects.ts. The certificate DESIGN format (slides, elements, binding codes, categories) and
 * its HTML renderer live in certificate-design.ts; here a design travels as opaque JSON checked against those types.
 */
import type { PageQuery } from './rpc';
import type { ApprovedSignup } from './enrollment';

/** BullMQ queue of the certificates worker (src/worker.ts) and its job names. */
export const CertificateQueue = {
  name: 'certificates',
  /** Numbers a batch (once) and renders its pending certificates; data RenderBatchJob. */
  renderBatch: 'render-batch',
} as const;

export interface RenderBatchJob {
  batchId: number;
}

/**
 * Number variants of spec section 9. Auto-increment numbers count per competition (`allAutoincrement*`) or
 * per event (`autoincrement*`) with 3 or 4 digits, without gaps or repeats; random ones never repeat in an
 * organisation. Each gets the scheme's prefix and suffix.
 */
export const NUMBERING_VARIANTS = ['randomCode', 'randomDigits', 'allAutoincrementThree', 'allAutoincrementFour', 'autoincrementThree', 'autoincrementFour'] as const;
export type NumberingVariant = (typeof NUMBERING_VARIANTS)[number];

export interface NumberingScheme {
  variant: NumberingVariant;
  prefix?: string;
  suffix?: string;
}

export interface CertificateTemplate {
  id: number;
  groupId: number;
  name: string;
  category: string;
  /** The design (CertificateDesign of certificate-design.ts); its viewport ratio decides A4 landscape or portrait. */
  design: unknown;
  numbering: NumberingScheme;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateSave {
  id?: number;
  name: string;
  category: string;
  design: unknown;
  numbering: NumberingScheme;
}

export interface TemplateQuery extends PageQuery {
  name?: string;
  category?: string;
}

/**
 * One winner on a certificate. `values` holds the text binding codes of certificate-design.ts (school, student,
 * teacher, workName, teamName, awardName, …); `username` links it to the holder's account (personal centre).
 */
export interface Recipient {
  username?: string;
  holderName: string;
  awardName?: string;
  values: Record<string, string>;
}

/** Columns of the winners spreadsheet; keys are binding codes, so a column fills the field bound to it. */
export const WINNER_COLUMNS = [
  { key: 'holderName', zh: '获奖人', en: 'Holder', required: true, width: 16 },
  { key: 'username', zh: '账号', en: 'Account', required: false, width: 16 },
  { key: 'awardName', zh: '奖项', en: 'Award', required: true, width: 12 },
  { key: 'school', zh: '学校', en: 'School', required: false, width: 24 },
  { key: 'student', zh: '学生', en: 'Students', required: false, width: 24 },
  { key: 'teacher', zh: '指导老师', en: 'Teachers', required: false, width: 20 },
  { key: 'workName', zh: '作品名称', en: 'Work', required: false, width: 24 },
  { key: 'teamName', zh: '团队名称', en: 'Team', required: false, width: 16 },
  { key: 'companyName', zh: '单位名称', en: 'Organisation', required: false, width: 24 },
] as const;

/** One certificate per sign-up (the team's, held by its name) or one per member. */
export const PICK_MODES = ['signup', 'member'] as const;
export type PickMode = (typeof PICK_MODES)[number];

export interface RecipientsFromSignups {
  batchId: number;
  signupIds: number[];
  /** The award on every certificate; ignored with useAwardLevel. */
  awardName: string;
  per: PickMode;
  /** Each sign-up's published award level (review results) as its award name. */
  useAwardLevel?: boolean;
  /** With useAwardLevel: the level of this published round (by default each sign-up's latest). */
  roundId?: number;
}

/** The pick list's query: the batch's competition is implied; itemId defaults to nothing (all events). */
export interface BatchSignupQuery extends PageQuery {
  batchId: number;
  itemId?: number;
  keyword?: string;
  /** Only the published winners of the competition's review rounds (each with its award level). */
  published?: boolean;
  /** With published: only this round's winners (a round of publishedRounds). */
  roundId?: number;
  /** With roundId: only these levels (all when left out). */
  levels?: string[];
}

/** A published review round of the batch's competition, with its levels best first (the picker's round choice). */
export interface PublishedRound {
  roundId: number;
  roundName: string;
  publishedAt: string;
  /** Each level with its English name ('' when it has none). */
  levels: { level: string; levelEn: string; count: number }[];
}

/** A sign-up in the winners picker: already in the batch or not, and its published award when it has one. */
export interface PickableSignup extends ApprovedSignup {
  added: boolean;
  awardLevel: string | null;
  awardLevelEn: string | null;
  roundName: string | null;
  /** Rank and score in that round (score null for results kept before scores were). */
  rank: number | null;
  score: number | null;
}

export const BATCH_STATUSES = ['draft', 'queued', 'running', 'done', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export interface CertificateBatch {
  id: number;
  groupId: number;
  templateId: number;
  templateName: string;
  name: string;
  competitionId: number | null;
  competitionName: string;
  /** English names as entered when the batch was made ('' when none: show the Chinese). */
  competitionNameEn: string;
  itemId: number | null;
  itemName: string;
  itemNameEn: string;
  issuerName: string;
  numbering: NumberingScheme;
  status: BatchStatus;
  /** Why the whole batch stopped (e.g. the numbering ran out), as a message key's rendered text. */
  error: string | null;
  total: number;
  createdAt: string;
  issuedAt: string | null;
  sentAt: string | null;
  /** What will not print as the organiser may expect (no seal uploaded...), in the caller's language: never a refusal. */
  warnings?: string[];
}

export interface BatchAdd {
  templateId: number;
  name: string;
  /** Shown on the trace page; required for auto-increment numbering (the counter is per competition or event). */
  competitionId?: number;
  competitionName?: string;
  itemId?: number;
  itemName?: string;
  /** The issuing organisation's name as printed and shown on the trace page (default: the caller's organisation). */
  issuerName: string;
  /** Default: the template's scheme. */
  numbering?: NumberingScheme;
}

export interface BatchProgress {
  batchId: number;
  status: BatchStatus;
  total: number;
  done: number;
  failed: number;
  remaining: number;
  error: string | null;
  /** Answered by issue: what will not print as expected (see CertificateBatch.warnings). */
  warnings?: string[];
}

/** A winner whose certificate leaves bound fields empty (they print nothing). */
export interface EmptyFieldsRow {
  id: number;
  position: number;
  holderName: string;
  /** Binding codes of the design's text fields that are empty for this winner. */
  fields: string[];
}

/** The check screen's data: the design, the winners with the longest texts, and what will print empty. */
export interface BatchPreviewReply {
  design: unknown;
  values: Record<string, unknown>[];
  /** The seal the certificates will carry (the organisation's uploaded one), or null: then none is printed. */
  sealUrl: string | null;
  warnings: string[];
  /** Winners with empty bound fields: how many, and the first EMPTY_FIELDS_LIMIT of them in batch order. */
  empty: { total: number; list: EmptyFieldsRow[] };
}

export const EMPTY_FIELDS_LIMIT = 100;

/** Payload of certificates.batch.sent: certificates of a sent batch whose holders have accounts (one message each). */
export interface CertificatesSentEvent {
  batchId: number;
  batchName: string;
  competitionName: string;
  itemName: string;
  /** The English names ('' or absent, in events sent before they were added: the Chinese ones). */
  competitionNameEn?: string;
  itemNameEn?: string;
  issuerName: string;
  certificates: { certificateId: number; userId: number; awardName: string }[];
}

export const CERT_STATUSES = ['pending', 'rendered', 'failed', 'revoked'] as const;
export type CertStatus = (typeof CERT_STATUSES)[number];

export interface IssuedCertificate {
  id: number;
  batchId: number;
  holderName: string;
  username: string | null;
  awardName: string;
  values: Record<string, string>;
  number: string | null;
  status: CertStatus;
  error: string | null;
  revokedReason: string | null;
  replacedBy: number | null;
  sentAt: string | null;
  /** Download addresses under /prod-api (present once rendered). */
  pdfUrl: string | null;
  pngUrl: string | null;
  /** The absolute trace address its QR code encodes (once issued and numbered), null before. */
  traceLink: string | null;
}

export interface CertificateQuery extends PageQuery {
  batchId: number;
  status?: CertStatus;
  keyword?: string;
}

export interface CertificateSearchQuery extends PageQuery {
  /** Part of the holder's name, account or printed number (required). */
  keyword: string;
}

/** A certificate found across batches, with where it belongs and (once numbered) its public trace page. */
export interface CertificateSearchHit extends IssuedCertificate {
  batchName: string;
  competitionName: string;
  competitionNameEn: string;
  itemName: string;
  itemNameEn: string;
  issuerName: string;
  /** Web path of the public trace page (`/certificate/trace?token=…`); null until the certificate is numbered. */
  traceUrl: string | null;
}

/** A certificate in its holder's personal centre. */
export interface MyCertificate {
  id: number;
  competitionName: string;
  competitionNameEn: string;
  itemName: string;
  itemNameEn: string;
  awardName: string;
  number: string;
  issuerName: string;
  issuedAt: string;
  revoked: boolean;
  pdfUrl: string;
  pngUrl: string;
  traceUrl: string;
}

/** The public trace answer: enough to prove a certificate genuine, with personal data masked. */
export interface TraceResult {
  holderName: string;
  competitionName: string;
  competitionNameEn: string;
  itemName: string;
  itemNameEn: string;
  awardName: string;
  number: string;
  issuerName: string;
  issuedAt: string;
  status: 'valid' | 'revoked';
  revokedAt: string | null;
  revokedReason: string | null;
}

/** Where a stored certificate file is, relative to the shared storage directory. */
export interface CertificateFileRef {
  path: string;
  fileName: string;
  contentType: string;
}

/** Address of the public trace page a certificate's QR code opens; `base` is the public web origin. */
export const traceUrl = (base: string, token: string): string => `${base.replace(/\/$/, '')}/certificate/trace?token=${token}`;

/** Server messages of the certificates feature, merged into the catalogue in i18n.ts. */
export const certificateMessages = {
  'cert.templateNotFound': { 'zh-CN': '证书模板不存在：{id}', en: 'No such certificate template: {id}' },
  'cert.badDesign': { 'zh-CN': '证书设计无效：{detail}', en: 'The certificate design is invalid: {detail}' },
  'cert.badNumbering': { 'zh-CN': '证书编号规则无效：{detail}', en: 'The numbering scheme is invalid: {detail}' },
  'cert.numberingNeedsCompetition': {
    'zh-CN': '按竞赛自增编号需要选择竞赛',
    en: 'Auto-increment numbering across a competition needs a competition',
  },
  'cert.numberingNeedsItem': { 'zh-CN': '按赛项自增编号需要选择赛项', en: 'Auto-increment numbering within an event needs an event' },
  'cert.numberingFull': {
    'zh-CN': '编号容量不足：{digits} 位编号最多到 {max}，已用到 {used}，本批 {count} 张证书放不下，请改用 4 位编号或随机编号',
    en: 'Not enough numbers: {digits}-digit numbers end at {max}, {used} are used and this batch needs {count}; choose 4 digits or a random code',
  },
  'cert.templateInUse': { 'zh-CN': '该模板已被证书批次使用，不能删除', en: 'This template is used by a certificate batch and cannot be deleted' },
  'cert.batchNoCompetition': { 'zh-CN': '该批次未关联竞赛，不能从报名中选择获奖人', en: 'This batch has no competition to pick sign-ups from' },
  'cert.signupsNotApproved': {
    'zh-CN': '以下报名不是本批次竞赛已通过的报名：{ids}',
    en: 'These are not approved sign-ups of the batch\'s competition: {ids}',
  },
  'cert.signupsNotAwarded': {
    'zh-CN': '以下报名没有已公布的获奖等级，请填写奖项名称：{ids}',
    en: 'These sign-ups have no published award; type the award name instead: {ids}',
  },
  'cert.signupsAlreadyAdded': { 'zh-CN': '以下报名已在本批次获奖名单中：{ids}', en: 'These sign-ups are already in the batch\'s winners: {ids}' },
  'cert.batchNotFound': { 'zh-CN': '证书批次不存在：{id}', en: 'No such certificate batch: {id}' },
  'cert.batchNotDraft': { 'zh-CN': '该批次已开始发证，不能再修改获奖名单', en: 'This batch has been issued; its winners list can no longer change' },
  'cert.batchEmpty': { 'zh-CN': '获奖名单为空，请先导入或添加获奖人', en: 'The winners list is empty: import or add winners first' },
  'cert.batchBusy': { 'zh-CN': '该批次正在生成中，请稍后', en: 'This batch is being rendered; wait for it to finish' },
  'cert.batchNotDone': { 'zh-CN': '该批次尚未生成完成', en: 'This batch has not finished rendering' },
  'cert.batchIssued': { 'zh-CN': '已发证的批次不能删除', en: 'An issued batch cannot be deleted' },
  'cert.tooManyRecipients': { 'zh-CN': '一个批次最多 {max} 名获奖人', en: 'A batch holds at most {max} winners' },
  'cert.recipientNameRequired': { 'zh-CN': '第 {index} 名获奖人缺少姓名', en: 'Winner {index} has no name' },
  'cert.fieldTooLong': { 'zh-CN': '{field}不能超过 {max} 个字符', en: '{field} must be at most {max} characters' },
  'cert.notFound': { 'zh-CN': '证书不存在：{id}', en: 'No such certificate: {id}' },
  'cert.notRendered': { 'zh-CN': '证书文件尚未生成', en: 'The certificate file has not been rendered yet' },
  'cert.alreadyRevoked': { 'zh-CN': '该证书已撤销', en: 'This certificate is already revoked' },
  'cert.notRevoked': { 'zh-CN': '只有已撤销的证书可以补发', en: 'Only a revoked certificate can be reissued' },
  'cert.keywordRequired': { 'zh-CN': '请输入获奖人、账号或证书编号', en: 'Enter a holder, account or certificate number' },
  'cert.reasonRequired': { 'zh-CN': '请填写撤销原因', en: 'Give a reason for revoking' },
  'cert.unknownToken': {
    'zh-CN': '查无此证书：二维码或查验码无效，请核对后重试',
    en: 'No certificate matches this code: the QR code or check code is not valid',
  },
  'cert.sealNotImage': {
    'zh-CN': '印章须为通过 /file/upload/image 上传的图片地址',
    en: 'The seal must be an image address returned by /file/upload/image',
  },
  'cert.noSeal': {
    'zh-CN': '本机构尚未上传印章，模板中的印章位置将留空；如需印章，请先在“证书设置”中上传',
    en: 'Your organisation has not uploaded a seal, so the template\'s seal will be left blank; upload one under Certificate settings first',
  },
  'cert.numberClash': {
    'zh-CN': '编号会与批次“{batch}”重复：两者前缀“{prefix}”、后缀“{suffix}”相同但使用不同的编号计数器，请修改前缀或后缀',
    en: 'Numbers would repeat those of batch "{batch}": both use prefix "{prefix}" and suffix "{suffix}" with different counters; change the prefix or suffix',
  },
  'cert.numberTaken': {
    'zh-CN': '证书编号 {number} 已被本机构其他证书使用，请修改本批次的编号前缀或后缀',
    en: 'Certificate number {number} is already used by another certificate of your organisation; change this batch\'s prefix or suffix',
  },
  'message.certificateSent': {
    'zh-CN': '您获得的证书已发放：{competition} {award}（{issuer}），可在“我的证书”中下载',
    en: 'Your certificate has been issued: {competition} {award} ({issuer}); download it under My certificates',
  },
  'cert.renderFailed': { 'zh-CN': '证书生成失败：{detail}', en: 'Rendering the certificate failed: {detail}' },
} as const;
