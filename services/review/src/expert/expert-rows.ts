import {
  EMAIL_PATTERN,
  EXPERT_LIST_MAX,
  EXPERT_TEMPLATE_COLUMNS,
  EXPERT_TEXT_MAX,
  PHONE_PATTERN,
  splitList,
  translate,
  type ExpertImportRow,
  type ImportRowError,
  type Lang,
  type MessageKey,
} from '@cmp/contracts';

export interface CheckedExpert {
  rowNumber: number;
  name: string;
  phone: string;
  email: string;
  title: string;
  unit: string;
  subjects: string[];
  keywords: string[];
}

/** What rows are checked against besides themselves: phones already in the organisation's library. */
export interface ExpertRowLookups {
  libraryPhones: Set<string>;
}

const MAX_LENGTH: Record<string, number> = { name: 50, email: 100, title: 50, unit: EXPERT_TEXT_MAX };

/** Checks every row of an expert sheet; rows without errors come back ready to save. */
export function checkExpertRows(rows: ExpertImportRow[], lookups: ExpertRowLookups, lang: Lang): { errors: ImportRowError[]; checked: CheckedExpert[] } {
  const errors: ImportRowError[] = [];
  const checked: CheckedExpert[] = [];
  const label = (key: string) => {
    const c = EXPERT_TEMPLATE_COLUMNS.find((col) => col.key === key)!;
    return lang === 'en' ? c.en : c.zh;
  };
  const fail = (rowNumber: number, field: string, key: MessageKey, params?: Record<string, string | number>) =>
    errors.push({ rowNumber, field, message: translate(key, lang, params) });
  const seenPhones = new Map<string, number>();

  for (const row of rows) {
    const before = errors.length;
    for (const col of EXPERT_TEMPLATE_COLUMNS) {
      const value = row[col.key];
      if (col.required && !value) fail(row.rowNumber, col.key, 'import.row.required', { field: label(col.key) });
      const max = MAX_LENGTH[col.key];
      if (value && max && value.length > max) fail(row.rowNumber, col.key, 'expert.tooLong', { field: label(col.key), max });
    }
    const phone = row.phone ?? '';
    if (phone) {
      if (!PHONE_PATTERN.test(phone)) fail(row.rowNumber, 'phone', 'expert.badPhone');
      else if (seenPhones.has(phone)) fail(row.rowNumber, 'phone', 'import.row.duplicate', { row: seenPhones.get(phone)! });
      else if (lookups.libraryPhones.has(phone)) fail(row.rowNumber, 'phone', 'expert.exists', { name: row.name ?? '', phone });
      if (!seenPhones.has(phone)) seenPhones.set(phone, row.rowNumber);
    }
    if (row.email && !EMAIL_PATTERN.test(row.email)) fail(row.rowNumber, 'email', 'expert.badEmail');
    const subjects = splitList(row.subjects);
    const keywords = splitList(row.keywords);
    for (const [key, list] of [['subjects', subjects], ['keywords', keywords]] as const) {
      if (list.length > EXPERT_LIST_MAX) fail(row.rowNumber, key, 'expert.tooMany', { field: label(key), max: EXPERT_LIST_MAX });
      if (list.some((s) => s.length > 50)) fail(row.rowNumber, key, 'expert.tooLong', { field: label(key), max: 50 });
    }
    if (errors.length === before) {
      checked.push({
        rowNumber: row.rowNumber,
        name: row.name!,
        phone,
        email: row.email ?? '',
        title: row.title ?? '',
        unit: row.unit ?? '',
        subjects,
        keywords,
      });
    }
  }
  return { errors, checked };
}
