/** Reference data of the competitions service: provinces, schools, colleges, majors and dictionaries. */
import type { PageQuery } from './rpc';

/** Dictionary types the platform itself relies on (seeded by migration, cannot be deleted). */
export const DictType = {
  /** Values 1..5 follow the public site's news routes: newsList, previousWorks, competitionInfo, competitionGuide, operatingManual. */
  newsCategory: 'news_category',
  competitionLevel: 'competition_level',
  schoolType: 'school_type',
  educationLevel: 'education_level',
  /** 1 male, 2 female, as the identity-number helper reports them. */
  gender: 'gender',
} as const;
export type DictType = (typeof DictType)[keyof typeof DictType];

export interface Province {
  code: string;
  name: string;
  nameEn: string;
}

/** A school as the public sees it (sign-up form, school search). */
export interface SchoolBrief {
  id: number;
  name: string;
  nameEn: string;
  code: string;
  provinceCode: string;
  provinceName: string;
  provinceNameEn: string;
  /** A value of the school_type dictionary. */
  schoolType: string;
}

/** A school as the back office sees it. */
export interface SchoolView extends SchoolBrief {
  groupId: number | null;
  enabled: boolean;
  collegeCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface SchoolPageQuery extends PageQuery {
  /** matches the Chinese or English name or the code */
  name?: string;
  provinceCode?: string;
  enabled?: boolean;
}

export interface SchoolSavePayload {
  id?: number;
  name: string;
  nameEn?: string;
  code: string;
  provinceCode: string;
  schoolType: string;
  /** The managing organisation; the caller's own when absent. */
  groupId?: number;
  enabled?: boolean;
}

export interface CollegeView {
  id: number;
  schoolId: number;
  schoolName: string;
  name: string;
  nameEn: string;
  code: string | null;
  sort: number;
  enabled: boolean;
  majorCount: number;
}

export interface CollegePageQuery extends PageQuery {
  schoolId?: number;
  name?: string;
}

export interface CollegeSavePayload {
  id?: number;
  schoolId: number;
  name: string;
  nameEn?: string;
  code?: string | null;
  sort?: number;
  enabled?: boolean;
}

export interface MajorView {
  id: number;
  collegeId: number;
  collegeName: string;
  schoolId: number;
  schoolName: string;
  name: string;
  nameEn: string;
  code: string | null;
  /** A value of the education_level dictionary, or null. */
  educationLevel: string | null;
  sort: number;
  enabled: boolean;
}

export interface MajorPageQuery extends PageQuery {
  schoolId?: number;
  collegeId?: number;
  name?: string;
}

export interface MajorSavePayload {
  id?: number;
  collegeId: number;
  name: string;
  nameEn?: string;
  code?: string | null;
  educationLevel?: string | null;
  sort?: number;
  enabled?: boolean;
}

/** College or major in the public sign-up form's choices. */
export interface NamedOption {
  id: number;
  name: string;
  nameEn: string;
}

export interface DictTypeView {
  id: number;
  type: string;
  name: string;
  nameEn: string;
  remark: string;
  enabled: boolean;
  /** The platform relies on it: it cannot be deleted or renamed. */
  builtin: boolean;
  itemCount: number;
}

export interface DictTypeSavePayload {
  id?: number;
  type: string;
  name: string;
  nameEn?: string;
  remark?: string;
  enabled?: boolean;
}

export interface DictItemView {
  id: number;
  dictType: string;
  value: string;
  label: string;
  labelEn: string;
  sort: number;
  enabled: boolean;
}

export interface DictItemSavePayload {
  id?: number;
  dictType: string;
  value: string;
  label: string;
  labelEn: string;
  sort?: number;
  enabled?: boolean;
}

/** A dictionary entry for the public site: `label` is in the caller's language. */
export interface DictOption {
  dictType: string;
  value: string;
  label: string;
  sort: number;
}

export const SCHOOL_CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;
export const DICT_TYPE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const DICT_VALUE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** Columns of the school import template, in order. Province and type accept a name, an English name or a code. */
export const SCHOOL_TEMPLATE_COLUMNS = [
  { key: 'name', zh: '学校名称', en: 'School name', required: true, width: 26 },
  { key: 'nameEn', zh: '英文名称', en: 'English name', required: false, width: 32 },
  { key: 'code', zh: '学校代码', en: 'School code', required: true, width: 14 },
  { key: 'province', zh: '省份', en: 'Province', required: true, width: 16 },
  { key: 'schoolType', zh: '办学类型', en: 'School type', required: true, width: 16 },
] as const;
export type SchoolTemplateKey = (typeof SCHOOL_TEMPLATE_COLUMNS)[number]['key'];
export type SchoolImportRow = Partial<Record<SchoolTemplateKey, string>> & { rowNumber: number };
export const SCHOOL_IMPORT_MAX_ROWS = 2000;
