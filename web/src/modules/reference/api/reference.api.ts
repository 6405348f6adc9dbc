import type {
  CollegePageQuery,
  CollegeSavePayload,
  CollegeView,
  DictItemSavePayload,
  DictItemView,
  DictTypeSavePayload,
  DictTypeView,
  ImportCheckReply,
  MajorPageQuery,
  MajorSavePayload,
  MajorView,
  Page,
  SchoolPageQuery,
  SchoolSavePayload,
  SchoolView,
} from '@cmp/contracts';
import { http } from '@/app/http/client';

export interface SchoolOption {
  id: number;
  name: string;
  enabled: boolean;
}

export const schoolApi = {
  page: (q: SchoolPageQuery, signal?: AbortSignal) => http.get<Page<SchoolView>>('/system/school/page', { ...q }, signal),
  options: () => http.get<SchoolOption[]>('/system/school/options'),
  save: (p: SchoolSavePayload) => http.post<{ id: number }>('/system/school/save', p),
  setEnabled: (id: number, enabled: boolean) => http.post<null>('/system/school/status', { id, enabled }),
  remove: (id: number) => http.post<null>('/system/school/delete', { id }),
  downloadTemplate: (fileName: string) => http.download('/system/school/template/export', undefined, fileName),
  checkImport: (file: Blob) => http.upload<ImportCheckReply>('/system/school/template/check', file),
  /** Resolves with code 0 ({count}) or 13017 ({total, valid, errors}). */
  importSchools: (file: Blob) => http.upload<{ count: number } | ImportCheckReply>('/system/school/template/import', file),
};

export const collegeApi = {
  page: (q: CollegePageQuery, signal?: AbortSignal) => http.get<Page<CollegeView>>('/system/college/page', { ...q }, signal),
  save: (p: CollegeSavePayload) => http.post<{ id: number }>('/system/college/save', p),
  remove: (id: number) => http.post<null>('/system/college/delete', { id }),
};

export const majorApi = {
  page: (q: MajorPageQuery, signal?: AbortSignal) => http.get<Page<MajorView>>('/system/major/page', { ...q }, signal),
  save: (p: MajorSavePayload) => http.post<{ id: number }>('/system/major/save', p),
  remove: (id: number) => http.post<null>('/system/major/delete', { id }),
};

export const dictApi = {
  types: () => http.get<DictTypeView[]>('/system/dict/type/list'),
  saveType: (p: DictTypeSavePayload) => http.post<{ id: number }>('/system/dict/type/save', p),
  removeType: (id: number) => http.post<null>('/system/dict/type/delete', { id }),
  items: (dictType: string, signal?: AbortSignal) => http.get<DictItemView[]>('/system/dict/item/list', { dictType }, signal),
  saveItem: (p: DictItemSavePayload) => http.post<{ id: number }>('/system/dict/item/save', p),
  removeItem: (id: number) => http.post<null>('/system/dict/item/delete', { id }),
};
