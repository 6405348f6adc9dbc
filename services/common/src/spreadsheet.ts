import { Logger } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { Lang } from '@cmp/contracts';
import { AppError } from './app-error';
import { checkZipLimits, SHEET_LIMITS, type SheetLimits } from './zip-guard';

const log = new Logger('Spreadsheet');

/** The media type of an .xlsx download. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
 * The user hears only that the file is not a valid .xlsx and how to make one; what the parser said goes to
 * the log, since its text ("undefined entity", "end of central directory") helps nobody fix the file.
 */
function notAWorkbook(reason: string): AppError {
  log.warn(`refused a spreadsheet: ${reason}`);
  return AppError.badRequest('import.badFile');
}

/**
 * Reads the first sheet: the header row is matched to columns by key, Chinese or English title;
 * blank rows are skipped; every value is trimmed text. Before ExcelJS sees the bytes, the archive is
 * checked against `limits` (10413 naming the limit passed); bytes that are not a workbook answer 10400.
 */
export async function readWorkbook(buf: Buffer, columns: readonly SheetColumn[], limits: SheetLimits = SHEET_LIMITS): Promise<ParsedSheet> {
  if (!looksLikeXlsx(buf)) throw notAWorkbook('no ZIP signature');
  const wb = new ExcelJS.Workbook();
  try {
    await checkZipLimits(buf, limits);
    await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw notAWorkbook((e as Error).message);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw notAWorkbook('the workbook has no sheet');
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
