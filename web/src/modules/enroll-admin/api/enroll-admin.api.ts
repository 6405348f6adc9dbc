import type { IdNumberReveal, Option, Page, SignupDetail, SignupListRow, SignupPageQuery, Work, WorkPageQuery, WorkPublication } from '@cmp/contracts';
import { http, type Params } from '@/app/http/client';

/** A school the competition's sign-ups come from (GET /enroll/team/source/list). */
export interface SignupSource {
  schoolId: number | null;
  schoolName: string;
  count: number;
}

export type SignupFilters = Omit<SignupPageQuery, 'pageNum' | 'pageSize'>;

/** Sign-up management and works of the back office (docs/api-enrollment.md, "Back office"). */
export const enrollAdminApi = {
  page: (q: SignupPageQuery, signal?: AbortSignal) => http.get<Page<SignupListRow>>('/enroll/signup/page', { ...q }, signal),
  detail: (id: number, signal?: AbortSignal) => http.get<SignupDetail>('/enroll/signup/detail', { id }, signal),
  /** A member's full identity number (the detail shows it masked); the gateway logs each call. */
  idNumber: (id: number, userId: number) => http.get<IdNumberReveal>('/enroll/signup/idNumber', { id, userId }),
  check: (id: number, approve: boolean, reason?: string, keepFeeReason?: string) => http.post<SignupDetail>('/enroll/signup/check', { id, approve, reason, keepFeeReason }),
  /** The list with these filters as .xlsx; the file name comes from the response. */
  export: (filters: SignupFilters, fallbackName: string) => http.download('/enroll/signup/export', { ...filters } as Params, fallbackName),
  sources: (competitionId: number, signal?: AbortSignal) => http.get<SignupSource[]>('/enroll/team/source/list', { competitionId }, signal),
  works: (q: WorkPageQuery, signal?: AbortSignal) => http.get<Page<Work>>('/enroll/work/page', { ...q }, signal),
  work: (id: number, signal?: AbortSignal) => http.get<Work>('/enroll/work/detail', { id }, signal),
  publication: (competitionId: number, signal?: AbortSignal) => http.get<WorkPublication>('/enroll/work/publish', { competitionId }, signal),
  publish: (competitionId: number, published: boolean) => http.post<WorkPublication>('/enroll/work/publish', { competitionId, published }),
  downloadFile: (fileId: number, name: string) => http.download('/web/work/file', { fileId }, name),
  /** The organiser's competitions (not archived) and a competition's events, for the filters. */
  competitions: (signal?: AbortSignal) => http.get<Option[]>('/competition/info/option', undefined, signal),
  events: (competitionId: number, signal?: AbortSignal) => http.get<Option[]>('/competition/info/item/option', { competitionId }, signal),
};
