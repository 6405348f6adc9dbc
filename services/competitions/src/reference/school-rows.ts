import {
  SCHOOL_CODE_PATTERN,
  SCHOOL_TEMPLATE_COLUMNS,
  translateError,
  type ImportRowError,
  type Lang,
  type MessageKey,
  type Province,
  type SchoolImportRow,
} from '@cmp/contracts';

/** What a school row is checked against. */
export interface SchoolRowLookups {
  provinces: Province[];
  schoolTypes: { value: string; label: string; labelEn: string }[];
  /** Codes already in the table. */
  takenCodes: Set<string>;
}

export interface CheckedSchool {
  rowNumber: number;
  name: string;
  nameEn: string;
  code: string;
  provinceCode: string;
  schoolType: string;
}

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();
// People write 浙江 for 浙江省 and 广西 for 广西壮族自治区: compare without the administrative suffix.
const PROVINCE_SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

/** A province by code, Chinese name (with or without 省/市/自治区), or English name. */
export function findProvince(input: string, provinces: Province[]): Province | undefined {
  const v = norm(input);
  if (!v) return undefined;
  return provinces.find(
    (p) => p.code === v || norm(p.name) === v || norm(p.name).replace(PROVINCE_SUFFIX, '') === v.replace(PROVINCE_SUFFIX, '') || norm(p.nameEn) === v,
  );
}

/** A dictionary value by value, Chinese or English label. */
export function findDictValue(input: string, items: SchoolRowLookups['schoolTypes']): string | undefined {
  const v = norm(input);
  return items.find((i) => norm(i.value) === v || norm(i.label) === v || norm(i.labelEn) === v)?.value;
}

const MAX_LENGTH: Partial<Record<string, number>> = { name: 100, nameEn: 200 };

/** Checks every row of a school sheet; rows without errors come back ready to insert. */
export function checkSchoolRows(rows: SchoolImportRow[], lookups: SchoolRowLookups, lang: Lang): { errors: ImportRowError[]; checked: CheckedSchool[] } {
  const errors: ImportRowError[] = [];
  const checked: CheckedSchool[] = [];
  const fail = (rowNumber: number, field: string, key: MessageKey, params?: Record<string, string | number>) =>
    errors.push({ rowNumber, field, message: translateError(key, lang, params) });
  const label = (key: string) => {
    const c = SCHOOL_TEMPLATE_COLUMNS.find((col) => col.key === key)!;
    return lang === 'en' ? c.en : c.zh;
  };
  const seenCodes = new Map<string, number>();

  for (const row of rows) {
    const before = errors.length;
    for (const col of SCHOOL_TEMPLATE_COLUMNS) {
      const value = row[col.key];
      if (col.required && !value) fail(row.rowNumber, col.key, 'import.row.required', { field: label(col.key) });
      const max = MAX_LENGTH[col.key];
      if (value && max && value.length > max) fail(row.rowNumber, col.key, 'import.row.tooLong', { field: label(col.key), max });
    }
    const code = row.code ?? '';
    if (code) {
      if (!SCHOOL_CODE_PATTERN.test(code)) fail(row.rowNumber, 'code', 'school.badCode');
      else if (seenCodes.has(code)) fail(row.rowNumber, 'code', 'import.row.duplicate', { row: seenCodes.get(code)! });
      else if (lookups.takenCodes.has(code)) fail(row.rowNumber, 'code', 'school.codeTaken', { code });
      if (!seenCodes.has(code)) seenCodes.set(code, row.rowNumber);
    }
    const province = row.province ? findProvince(row.province, lookups.provinces) : undefined;
    if (row.province && !province) fail(row.rowNumber, 'province', 'province.unknown', { province: row.province });
    const schoolType = row.schoolType ? findDictValue(row.schoolType, lookups.schoolTypes) : undefined;
    if (row.schoolType && !schoolType) fail(row.rowNumber, 'schoolType', 'school.unknownType', { type: row.schoolType });
    if (errors.length === before) {
      checked.push({ rowNumber: row.rowNumber, name: row.name!, nameEn: row.nameEn ?? '', code, provinceCode: province!.code, schoolType: schoolType! });
    }
  }
  return { errors, checked };
}
