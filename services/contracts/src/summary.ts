import type { PageQuery } from './rpc';

/**
 * School summaries (总结管理): what an organiser asks its subordinate organisations (schools, colleges, member
 * universities) to hand in after a competition, and their hand-ins. Owned by the competitions service.
 */

/** The largest summary document accepted, in bytes (a PDF report with pictures). */
export const SUMMARY_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The largest template file an organiser may attach. */
export const SUMMARY_TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
/** How many organisations one requirement may ask at most. */
export const SUMMARY_MAX_TARGETS = 500;

export const SUMMARY_STATES = ['submitted', 'accepted', 'returned'] as const;
export type SummaryState = (typeof SUMMARY_STATES)[number];
/** A target's state in the records: not handed in yet, or its submission's state. */
export type SummaryRecordState = 'missing' | SummaryState;

export interface SummaryFile {
  name: string;
  size: number;
}

export interface SummaryRequirement {
  id: number;
  groupId: number;
  competitionId: number | null;
  competitionName: string | null;
  title: string;
  description: string;
  deadline: string;
  template: SummaryFile | null;
  targetGroupIds: number[];
  /** Counts over the targets. */
  targets: number;
  submitted: number;
  accepted: number;
  returned: number;
  remindedAt: string | null;
  createdAt: string;
}

export interface SummaryRequirementQuery extends PageQuery {
  keyword?: string;
  competitionId?: number;
}

export interface SummarySavePayload {
  id?: number;
  competitionId?: number | null;
  title: string;
  description?: string;
  deadline: string;
  /** A template uploaded through /summary/template/upload; null removes it; absent keeps it. */
  template?: { key: string; name: string; size: number } | null;
  targetGroupIds: number[];
}

export interface SummarySubmission {
  id: number;
  requirementId: number;
  groupId: number;
  groupName: string;
  file: SummaryFile;
  state: SummaryState;
  comment: string;
  attempts: number;
  submittedByName: string;
  submittedAt: string;
  late: boolean;
  reviewedByName: string | null;
  reviewedAt: string | null;
}

/** One target organisation of a requirement, with its hand-in when there is one. */
export interface SummaryRecord {
  groupId: number;
  groupName: string;
  state: SummaryRecordState;
  submission: SummarySubmission | null;
}

export interface SummaryRecordQuery {
  requirementId: number;
  state?: SummaryRecordState;
  keyword?: string;
}

export interface SummaryRecords {
  requirement: SummaryRequirement;
  list: SummaryRecord[];
}

export interface SummaryReviewPayload {
  id: number;
  /** The attempt the organiser read: a newer file handed in since is not decided unseen. */
  attempts: number;
  decision: 'accept' | 'return';
  comment?: string;
}

/** 学校总结: hand-ins across the organisation's requirements. */
export interface SummarySubmissionQuery extends PageQuery {
  keyword?: string;
  competitionId?: number;
  state?: SummaryState;
}

export interface SummarySubmissionRow extends SummarySubmission {
  requirementTitle: string;
  competitionName: string | null;
}

/** A school contact's view of one requirement their organisation must answer. */
export interface SummaryTask {
  requirement: Pick<SummaryRequirement, 'id' | 'title' | 'description' | 'deadline' | 'template' | 'competitionName'> & { organiserName: string };
  submission: SummarySubmission | null;
  /** Whether a file may be handed in now (before the deadline and not accepted, or returned). */
  open: boolean;
}

export interface SummaryTaskQuery extends PageQuery {
  keyword?: string;
  /** Only those still to do (not handed in, or returned). */
  todo?: boolean;
}

export interface SummarySubmitPayload {
  requirementId: number;
  key: string;
  name: string;
  size: number;
}

/** A stored file of the summaries (its name in the 'summaries' store), for the gateway to stream or link once access is checked. */
export interface SummaryFileRef {
  key: string;
  name: string;
}

export const summaryMessages = {
  'summary.notFound': { 'zh-CN': '总结要求不存在或无权访问（编号 {id}）', en: 'No summary requirement {id}, or it is not yours' },
  'summary.submissionNotFound': { 'zh-CN': '提交记录不存在或无权访问（编号 {id}）', en: 'No summary hand-in {id}, or it is not yours' },
  'summary.badDeadline': { 'zh-CN': '截止时间格式不正确，请选择日期和时间', en: 'The deadline is not a valid date and time; pick one' },
  'summary.noTargets': { 'zh-CN': '请至少选择一个需要提交总结的机构', en: 'Choose at least one organisation that must hand in a summary' },
  'summary.targetOutOfScope': {
    'zh-CN': '只能要求本机构的下级机构提交总结（编号 {id} 不是）',
    en: 'Only your organisation’s subordinate organisations can be asked for a summary ({id} is not one)',
  },
  'summary.competitionNotFound': { 'zh-CN': '竞赛不存在或不属于本机构（编号 {id}）', en: 'No competition {id} in your organisation' },
  'summary.hasSubmissions': {
    'zh-CN': '已有 {count} 个机构提交了总结，不能删除；可修改截止时间或说明',
    en: '{count} organisations have handed in; it cannot be deleted, but its deadline or description can change',
  },
  'summary.targetHasSubmission': {
    'zh-CN': '{name} 已提交总结，不能从提交范围中移除',
    en: '{name} has handed in a summary and cannot be taken off the list',
  },
  'summary.notTarget': { 'zh-CN': '本机构不在该总结的提交范围内', en: 'Your organisation is not asked for this summary' },
  'summary.closed': {
    'zh-CN': '已过截止时间（{deadline}），不能再提交；如需补交请联系组织方退回',
    en: 'The deadline ({deadline}) has passed; ask the organiser to return it if you must hand in again',
  },
  'summary.alreadyAccepted': { 'zh-CN': '总结已通过审核，不能再替换文件', en: 'The summary has been accepted; its file can no longer be replaced' },
  'summary.notPdf': {
    'zh-CN': '总结须为 PDF 文件（所选文件的内容不是 PDF），请导出为 PDF 后再上传',
    en: 'The summary must be a PDF (the chosen file’s content is not a PDF); export it as PDF and upload again',
  },
  'summary.badTemplate': {
    'zh-CN': '模板须为 PDF、Word（.doc/.docx）文件，所选文件的内容不是这些类型',
    en: 'A template must be a PDF or Word (.doc/.docx) file; the chosen file’s content is neither',
  },
  'summary.changedMeanwhile': {
    'zh-CN': '该机构在您审核时重新提交了文件，请查看新文件后再审核',
    en: 'The organisation handed in a new file while you were reading; look at the new file, then decide',
  },
  'summary.notSubmitted': { 'zh-CN': '只能审核待审核的提交（当前：{state}）', en: 'Only a hand-in waiting for review can be decided (this one is {state})' },
  'summary.commentRequired': { 'zh-CN': '退回时请填写原因，告诉对方需要修改什么', en: 'Say why when returning, so they know what to change' },
  'summary.noTemplate': { 'zh-CN': '该总结要求没有模板文件', en: 'This summary requirement has no template' },
  'summary.nothingToRemind': { 'zh-CN': '所有机构都已提交，无需提醒', en: 'Every organisation has handed in; nobody to remind' },
  'message.summaryRemind': {
    'zh-CN': '请在 {deadline} 前提交“{title}”（{organiser}）。请到 总结管理 › 总结提交 上传 PDF。',
    en: 'Please hand in “{title}” ({organiser}) by {deadline}: upload a PDF in Summaries › Submissions.',
  },
  'message.summaryReturned': {
    'zh-CN': '您提交的“{title}”被退回：{comment}。请修改后重新提交。',
    en: 'Your hand-in for “{title}” was returned: {comment}. Please change it and hand it in again.',
  },
} as const;
