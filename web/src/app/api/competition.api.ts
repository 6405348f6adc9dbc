import type {
  Competition,
  CompetitionDetail,
  CompetitionInput,
  CompetitionItemInput,
  CompetitionPageQuery,
  EnrollSetting,
  Page,
  ScheduleEntry,
  StageInput,
  WorkSubmitSetting,
} from '@cmp/contracts';
import type { Option } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The back office's competition calls (services/gateway/src/competition). Changes answer the whole detail. */
export const competitionApi = {
  page: (q: CompetitionPageQuery, signal?: AbortSignal) => http.get<Page<Competition>>('/competition/info/page', { ...q }, signal),
  detail: (id: number, signal?: AbortSignal) => http.get<CompetitionDetail>('/competition/info/detail', { id }, signal),
  options: (signal?: AbortSignal) => http.get<Option[]>('/competition/info/option', undefined, signal),
  add: (p: CompetitionInput) => http.post<CompetitionDetail>('/competition/info/add', p),
  update: (p: CompetitionInput & { id: number }) => http.post<CompetitionDetail>('/competition/info/update', p),
  copy: (id: number) => http.post<CompetitionDetail>('/competition/info/copy', { id }),
  publish: (id: number) => http.post<CompetitionDetail>('/competition/info/publish', { id }),
  archive: (id: number) => http.post<CompetitionDetail>('/competition/info/archive', { id }),
  remove: (id: number) => http.post<null>('/competition/info/delete', { id }),
  saveItem: (p: CompetitionItemInput & { competitionId: number }) => http.post<CompetitionDetail>('/competition/item/save', p),
  deleteItem: (competitionId: number, id: number) => http.post<CompetitionDetail>('/competition/item/delete', { competitionId, id }),
  saveStage: (p: StageInput & { competitionId: number }) => http.post<CompetitionDetail>('/competition/stage/save', p),
  deleteStage: (competitionId: number, id: number) => http.post<CompetitionDetail>('/competition/stage/delete', { competitionId, id }),
  saveEnroll: (p: EnrollSetting) => http.post<CompetitionDetail>('/competition/enroll/setting/save', p),
  saveWorkSubmit: (p: WorkSubmitSetting) => http.post<CompetitionDetail>('/competition/workSub/setting/save', p),
  schedule: (competitionId: number, signal?: AbortSignal) =>
    http.get<ScheduleEntry[]>('/competition/schedule/getSchedule', { competitionId }, signal),
};

/** A dictionary entry of GET /home/dict/list (label in the caller's language). */
export interface DictOption {
  value: string;
  label: string;
}

/** A school of GET /home/school/page. */
export interface SchoolOption {
  id: number;
  name: string;
  nameEn?: string;
}

/**
 * Reference data served by another part of the platform (dictionaries, schools). Until it answers, the
 * screens fall back (a fixed level list, school ids typed by hand), so these never toast a failure.
 */
export const referenceApi = {
  levels: (signal?: AbortSignal) => http.optional<DictOption[]>('/home/dict/list', { dictType: 'competition_level' }, signal),
  schools: (name: string, signal?: AbortSignal) =>
    http.optional<Page<SchoolOption>>('/home/school/page', { name: name || undefined, pageNum: 1, pageSize: 20 }, signal),
};
