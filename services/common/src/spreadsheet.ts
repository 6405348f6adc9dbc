import ExcelJS from 'exceljs';
import type { Lang } from '@cmp/contracts';

export interface SheetColumn {
  key: string;
  zh: string;
  en: string;
  required: boolean;
  width?: number;
}

/** Builds an .xlsx with a bold bilingual header, optional rows, and an optional notes sheet. */
export async function buildWorkbook(
  columns: readonly SheetColumn[],
  lang: Lang,
  rows: Record<string, string>[] = [],
  notes: { title: string; lines: string[] } | null = null,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'en' ? 'Data' : '数据');
  ws.columns = columns.map((c) => ({
    header: (lang === 'en' ? c.en : c.zh) + (c.required ? ' *' : ''),
    key: c.key,
    width: c.width ?? 16,
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r);
  if (notes) {
    const ns = wb.addWorksheet(notes.title);
    ns.getColumn(1).width = 80;
    notes.lines.forEach((line) => ns.addRow([line]));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ParsedSheet {
  rows: (Record<string, string> & { rowNumber: number })[];
  missingColumns: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** True when the bytes start like an .xlsx (a ZIP archive); the name or declared type is not trusted. */
export const looksLikeXlsx = (buf: Buffer): boolean => buf.length > 4 && buf.subarray(0, 4).equals(ZIP_MAGIC);

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if ('text' in v && typeof v.text === 'string') return v.text; // hyperlink
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v) return v.result === undefined ? '' : String(v.result); // formula
    if (v instanceof Date) return v.toISOString().slice(0, 10);
  }
  return String(v);
};

const normHeader = (s: string) => s.replace(/\*/g, '').replace(/\s+/g, '').toLowerCase();

/**
 * Reads the first sheet: the header row is matched to columns by key, Chinese or English title;
 * blank rows are skipped; every value is trimmed text. Throws when the bytes are not a workbook.
 */
export async function readWorkbook(buf: Buffer, columns: readonly SheetColumn[]): Promise<ParsedSheet> {
  if (!looksLikeXlsx(buf)) throw new Error('not an .xlsx file');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('the workbook has no sheet');
  const header = ws.getRow(1);
  const colIndex = new Map<string, number>();
  header.eachCell((cell, col) => {
    const h = normHeader(cellText(cell.value));
    const match = columns.find((c) => [c.key, c.zh, c.en].some((t) => normHeader(t) === h));
    if (match && !colIndex.has(match.key)) colIndex.set(match.key, col);
  });
  const missingColumns = columns.filter((c) => c.required && !colIndex.has(c.key)).map((c) => c.zh + '/' + c.en);
  const rows: ParsedSheet['rows'] = [];
  ws.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const rec: Record<string, string> & { rowNumber: number } = { rowNumber } as never;
    let any = false;
    for (const [key, col] of colIndex) {
      const text = cellText(row.getCell(col).value).trim();
      if (text) any = true;
      rec[key] = text;
    }
    if (any) rows.push(rec);
  });
  return { rows, missingColumns };
}
