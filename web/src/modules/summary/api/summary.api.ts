import type {
  FileLinkReply,
  Page,
  SummaryRecordQuery,
  SummaryRecords,
  SummaryRequirement,
  SummaryRequirementQuery,
  SummaryReviewPayload,
  SummarySavePayload,
  SummarySubmission,
  SummarySubmissionQuery,
  SummarySubmissionRow,
  SummaryTask,
  SummaryTaskQuery,
} from '@cmp/contracts';
import { http } from '@/app/http/client';

export const summaryApi = {
  page: (q: SummaryRequirementQuery, signal?: AbortSignal) => http.get<Page<SummaryRequirement>>('/summary/requirement/page', { ...q }, signal),
  uploadTemplate: async (file: Blob) => (await http.upload<{ key: string; name: string; size: number }>('/summary/template/upload', file)).data,
  save: (p: SummarySavePayload) => http.post<SummaryRequirement>('/summary/requirement/save', p),
  remove: (id: number) => http.post<null>('/summary/requirement/delete', { id }),
  records: (q: SummaryRecordQuery, signal?: AbortSignal) => http.get<SummaryRecords>('/summary/requirement/records', { ...q }, signal),
  remind: (id: number) => http.post<{ organisations: number; people: number }>('/summary/requirement/remind', { id }),
  review: (p: SummaryReviewPayload) => http.post<SummarySubmission>('/summary/submission/review', p),
  submissions: (q: SummarySubmissionQuery, signal?: AbortSignal) => http.get<Page<SummarySubmissionRow>>('/summary/submission/page', { ...q }, signal),
  tasks: (q: SummaryTaskQuery, signal?: AbortSignal) => http.get<Page<SummaryTask>>('/summary/task/page', { ...q }, signal),
  /** Resolves with the envelope: a refusal (not a PDF, past the deadline) was toasted in the server's words. */
  handIn: (requirementId: number, file: Blob, onProgress: (percent: number) => void) =>
    http.upload<SummarySubmission>(`/summary/task/upload?requirementId=${requirementId}`, file, 'file', onProgress),
  downloadTemplate: (id: number, name: string) => http.download('/summary/template', { id }, name),
  link: (submissionId: number) => http.get<FileLinkReply>('/summary/submission/link', { id: submissionId }),
};
