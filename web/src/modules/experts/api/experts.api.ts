import type {
  ApplicationStatus,
  ApplicationView,
  ConflictInput,
  ConflictView,
  ExpertImportReply,
  ExpertMessagePayload,
  ExpertReassignReply,
  ExpertWorkload,
  ExpertWorkloadQuery,
  ExpertPageQuery,
  ExpertSavePayload,
  ExpertSaveReply,
  ExpertStatus,
  ExpertView,
  ImportCheckReply,
  Page,
  PageQuery,
  RecommendationQuery,
  RecommendationView,
  RecruitApplyPayload,
  RecruitCallInput,
  RecruitCallPublic,
  RecruitCallView,
  TemporaryExpertsPayload,
  TemporaryExpertsReply,
} from '@cmp/contracts';
import { http } from '@/app/http/client';

export const expertApi = {
  page: (q: ExpertPageQuery, signal?: AbortSignal) => http.get<Page<ExpertView>>('/expert/page', { ...q }, signal),
  save: (p: ExpertSavePayload) => http.post<ExpertSaveReply>('/expert/save', p),
  setStatus: (id: number, status: ExpertStatus) => http.post<null>('/expert/status', { id, status }),
  downloadTemplate: (fileName: string) => http.download('/expert/template/export', undefined, fileName),
  checkImport: (file: Blob) => http.upload<ImportCheckReply>('/expert/template/check', file),
  /** Resolves with code 0 ({count, credentials}) or 13017 ({total, valid, errors}). */
  importExperts: (file: Blob) => http.upload<ExpertImportReply | ImportCheckReply>('/expert/template/import', file),
  createTemporary: (p: TemporaryExpertsPayload) => http.post<TemporaryExpertsReply>('/expert/temporary/create', p),
  /** 专家管理 */
  workload: (q: ExpertWorkloadQuery, signal?: AbortSignal) => http.get<Page<ExpertWorkload>>('/expert/manage/page', { ...q }, signal),
  reassign: (id: number) => http.post<ExpertReassignReply>('/expert/manage/reassign', { id }),
  message: (p: ExpertMessagePayload) => http.post<{ sent: number; withoutAccount: number }>('/expert/manage/message', p),
};

/** The calling expert's own profiles and conflict declarations (回避声明). */
export const expertSelfApi = {
  mine: (signal?: AbortSignal) => http.get<ExpertView[]>('/expert/mine', undefined, signal),
  conflicts: (signal?: AbortSignal) => http.get<ConflictView[]>('/expert/conflict/list', undefined, signal),
  saveConflict: (p: ConflictInput) => http.post<null>('/expert/conflict/save', p),
  deleteConflict: (id: number) => http.post<null>('/expert/conflict/delete', { id }),
};

export const recruitApi = {
  page: (q: PageQuery, signal?: AbortSignal) => http.get<Page<RecruitCallView>>('/expert/recruit/page', { ...q }, signal),
  save: (p: RecruitCallInput & { id?: number }) => http.post<{ id: number }>('/expert/recruit/save', p),
  close: (id: number) => http.post<null>('/expert/recruit/close', { id }),
  applications: (q: PageQuery & { callId: number; status?: ApplicationStatus }, signal?: AbortSignal) =>
    http.get<Page<ApplicationView>>('/expert/recruit/application/page', { ...q }, signal),
  decide: (id: number, approve: boolean, note?: string) => http.post<ExpertSaveReply>('/expert/recruit/application/decide', { id, approve, note }),
  downloadCv: (id: number, name: string) => http.download('/expert/recruit/application/cv', { id }, name),
  /** Public. */
  publicCall: (id: number) => http.get<RecruitCallPublic>('/home/expert/recruit/detail', { id }),
  uploadCv: (file: Blob) => http.upload<{ cvKey: string; cvName: string; size: number }>('/home/expert/recruit/cv', file),
  apply: (p: RecruitApplyPayload) => http.post<{ id: number }>('/home/expert/recruit/apply', p),
};

export const recommendApi = {
  page: (q: RecommendationQuery, signal?: AbortSignal) => http.get<Page<RecommendationView>>('/expert/recommend/page', { ...q }, signal),
  recommend: (expertId: number, note?: string) => http.post<{ id: number }>('/expert/recommend/save', { expertId, note }),
  decide: (id: number, accept: boolean) => http.post<{ expertId: number | null }>('/expert/recommend/decide', { id, accept }),
};
