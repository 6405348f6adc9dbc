import type { DictOption, NamedOption, Page, Province, SchoolBrief } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** The public reference lookups (provinces, schools, dictionaries, colleges, majors) that forms across the app use. */
export const publicReferenceApi = {
  provinces: () => http.get<Province[]>('/home/province/list'),
  /** Enabled schools by name (Chinese or English) or code, for choosing one's school. */
  schools: (name: string, signal?: AbortSignal) => http.get<Page<SchoolBrief>>('/home/school/page', { name, pageNum: 1, pageSize: 20 }, signal),
  dict: (dictType: string) => http.get<DictOption[]>('/home/dict/list', { dictType }),
  colleges: (schoolId: number) => http.get<NamedOption[]>('/web/college/list', { schoolId }),
  majors: (collegeId: number) => http.get<NamedOption[]>('/web/major/list', { collegeId }),
};
