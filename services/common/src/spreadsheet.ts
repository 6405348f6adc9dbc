import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { ErrorCode, type Lang } from '@cmp/contracts';
import { AppError } from './app-error';
import { IsolatedJobs, type IsolationLimits } from './isolated-jobs';
import { formatBytes } from './units';
import { checkZipLimits, SHEET_LIMITS, type SheetLimits } from './zip-guard';

const log = new Logger('Spreadsheet');

/** The media type of an .xlsx download. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What a column holds, so that an export writes cells a spreadsheet can compute with: `integer` and `number` (2
 * decimals, scores) as numbers, `money` from integer fen to yuan as a number with 2 decimals, `time` from an ISO
 * instant to a date cell in Beijing time (the header names the zone); `text` (the default) as it comes.
 */
export type SheetCellType = 'text' | 'integer' | 'number' | 'money' | 'time';

export interface SheetColumn {
  key: string;
  zh: string;
  en: string;
  required: boolean;
  width?: number;
  type?: SheetCellType;
  /** Summed in the totals row (numeric columns only). */
  sum?: boolean;
}

/** A row of an export: text, a number (fen for money), an ISO instant for time, or nothing. */
export type SheetRow = Record<string, string | number | null | undefined>;

export interface WorkbookOptions {
  /** A sheet of notes after the data (templates). */
  notes?: { title: string; lines: string[] } | null;
  /** A last row "合计 / Total" with the sum of every `sum` column (a SUM formula with its value). */
  totals?: boolean;
}

/** Beijing time has no daylight saving: UTC+8 all year. */
const BEIJING_OFFSET_MS = 8 * 3600_000;

const ZONE_SUFFIX = { 'zh-CN': '（北京时间 UTC+8）', en: ' (Beijing time, UTC+8)' } as const;

const FORMATS: Partial<Record<SheetCellType, string>> = {
  integer: '0',
  number: '0.00',
  money: '#,##0.00',
  time: 'yyyy-mm-dd hh:mm:ss',
};

/**
 * The date cell showing an instant's Beijing wall-clock time. Excel dates carry no zone: the cell holds the
 * Beijing date and time, and the column's header says so.
 */
export const beijingCell = (instant: string | Date): Date => new Date(new Date(instant).getTime() + BEIJING_OFFSET_MS);

/** The Beijing calendar day of an instant, `YYYY-MM-DD` (file names, days of a range). */
export const beijingDay = (instant: string | Date): string => beijingCell(instant).toISOString().slice(0, 10);

/** The Beijing wall-clock minute of an instant, `YYYY-MM-DD HH:mm` (deadlines in site messages). */
export const beijingMinute = (instant: string | Date): string => beijingCell(instant).toISOString().slice(0, 16).replace('T', ' ');

function cellOf(type: SheetCellType, v: string | number | null | undefined): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return type === 'text' ? '' : null;
  switch (type) {
    case 'integer':
    case 'number':
      return Number(v);
    case 'money':
      return Number(v) / 100;
    case 'time':
      return beijingCell(String(v));
    default:
      return String(v);
  }
}

const headerOf = (c: SheetColumn, lang: Lang) =>
  (lang === 'en' ? c.en : c.zh) + (c.type === 'time' ? ZONE_SUFFIX[lang === 'en' ? 'en' : 'zh-CN'] : '') + (c.required ? ' *' : '');

/**
 * Builds an .xlsx with a bold bilingual header and typed cells (see SheetCellType), optionally a totals row and a
 * notes sheet. Every export and template goes through here, so numbers stay numbers and times name their zone.
 */
export async function buildWorkbook(columns: readonly SheetColumn[], lang: Lang, rows: SheetRow[] = [], options: WorkbookOptions = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'en' ? 'Data' : '数据');
  ws.columns = columns.map((c) => ({
    header: headerOf(c, lang),
    key: c.key,
    width: c.width ?? (c.type === 'time' ? 20 : 16),
    style: FORMATS[c.type ?? 'text'] ? { numFmt: FORMATS[c.type ?? 'text'] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(Object.fromEntries(columns.map((c) => [c.key, cellOf(c.type ?? 'text', r[c.key])])));
  if (options.totals) addTotals(ws, columns, rows, lang);
  if (options.notes) {
    const ns = wb.addWorksheet(options.notes.title);
    ns.getColumn(1).width = 80;
    options.notes.lines.forEach((line) => ns.addRow([line]));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The totals row: a label in the first column, a SUM of each `sum` column (the value cached for readers that do not compute). */
function addTotals(ws: ExcelJS.Worksheet, columns: readonly SheetColumn[], rows: SheetRow[], lang: Lang) {
  const last = rows.length + 1;
  const row = ws.addRow([]);
  row.getCell(1).value = lang === 'en' ? 'Total' : '合计';
  columns.forEach((c, i) => {
    if (!c.sum) return;
    const fen = rows.reduce((sum, r) => sum + (Number(r[c.key]) || 0), 0);
    const letter = ws.getColumn(i + 1).letter;
    row.getCell(i + 1).value = { formula: `SUM(${letter}2:${letter}${last})`, result: c.type === 'money' ? fen / 100 : fen };
  });
  row.font = { bold: true };
}

/** The Content-Disposition of a download, its name in UTF-8 (RFC 5987). */
export const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

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

/**
 * Where an uploaded workbook is read (docs/decisions.md, "Spreadsheet import of users"). 128 MB is twice what the
 * heaviest plain workbook the limits allow needs (100,000 cells of different texts: about 55 MB); 60 s is many times
 * its parsing time. One at a time: a gateway (512 MB in infra/k8s) holds one thread's memory beside its own.
 */
export const WORKBOOK_THREAD_LIMITS: IsolationLimits = { memoryMb: 128, timeoutMs: 60_000, concurrency: 1 };

/** A workbook to read in a thread: what readWorkbook takes. */
export interface WorkbookJob {
  file: Uint8Array;
  columns: readonly SheetColumn[];
  limits: SheetLimits;
}

const workbookJobs = new IsolatedJobs<WorkbookJob, ParsedSheet>(
  path.join(__dirname, 'workbook-thread.js'),
  WORKBOOK_THREAD_LIMITS,
  () =>
    new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'import.tooHeavy', {
      memory: formatBytes(WORKBOOK_THREAD_LIMITS.memoryMb * 1024 * 1024),
      seconds: WORKBOOK_THREAD_LIMITS.timeoutMs / 1000,
    }),
);

/**
 * readWorkbook in a worker thread (workbook-thread.ts) with a memory cap and a time limit: what every upload is read
 * with, so a slow or swelling file never stalls the process's other requests. Answers as readWorkbook does, and
 * 10413 (import.tooHeavy) when the file needs more than the thread may take.
 */
export function readWorkbookInThread(buf: Buffer, columns: readonly SheetColumn[], limits: SheetLimits = SHEET_LIMITS): Promise<ParsedSheet> {
  return workbookJobs.run({ file: buf, columns, limits });
}
