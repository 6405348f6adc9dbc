import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** Fills a downloaded template the way a person would: keep the header, replace the example row. */
export async function fill(template: Buffer, rows: (string | undefined)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  ws.spliceRows(2, ws.rowCount - 1);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function workbook(build: (wb: ExcelJS.Workbook) => void, compression: 'DEFLATE' | 'STORE' = 'DEFLATE'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer({ zip: { compression } } as ExcelJS.XlsxWriteOptions));
}

/**
 * Spreadsheets built to hurt the importer, generated here rather than committed: each is an .xlsx as ExcelJS
 * writes it, with one thing pushed past what an import should take.
 */
export const hostileSheets = {
  /** A real sheet with a picture of `mb` MB of zeros: a zip bomb of a few dozen KB. */
  zeroBomb: (mb: number) =>
    workbook((wb) => {
      wb.addWorksheet('数据').addRow(['账号 *']);
      wb.addImage({ buffer: Buffer.alloc(mb * 1024 * 1024) as unknown as ExcelJS.Buffer, extension: 'png' });
    }),
  /** `sheets` empty sheets, each a part of the archive. */
  manyParts: (sheets: number) =>
    workbook((wb) => {
      for (let i = 0; i < sheets; i++) wb.addWorksheet(`s${i}`);
    }),
  /** A header and `rows` rows of short text. */
  manyRows: (rows: number) =>
    workbook((wb) => {
      const ws = wb.addWorksheet('数据');
      ws.addRow(['账号 *']);
      for (let i = 0; i < rows; i++) ws.addRow([`row_${i}`]);
    }),
  /** `rows` rows of `columns` numbers each. */
  manyCells: (rows: number, columns: number) =>
    workbook((wb) => {
      const ws = wb.addWorksheet('数据');
      for (let i = 0; i < rows; i++) ws.addRow(Array.from({ length: columns }, (_, j) => i * columns + j));
    }),
  /**
   * A two-row sheet whose XML is edited after ExcelJS wrote it (ranges ExcelJS would never write itself): a few KB
   * that declare a merge, a column range, a size or a validation over millions of cells.
   */
  editedSheet: async (edit: (sheetXml: string) => string) => {
    const zip = await JSZip.loadAsync(await workbook((wb) => wb.addWorksheet('数据').addRows([['账号 *'], ['x']])));
    const part = 'xl/worksheets/sheet1.xml';
    zip.file(part, edit(await zip.file(part)!.async('string')));
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  },
  /** `<mergeCell ref>`: ExcelJS makes a cell for every cell of the range. */
  merged: (ref: string) => hostileSheets.editedSheet((xml) => xml.replace('</sheetData>', `</sheetData><mergeCells count="1"><mergeCell ref="${ref}"/></mergeCells>`)),
  /** `<col min max>`: ExcelJS makes a column for every column of the range. */
  columns: (max: string) => hostileSheets.editedSheet((xml) => xml.replace('<sheetData>', `<cols><col min="1" max="${max}" width="9" customWidth="1"/></cols><sheetData>`)),
  /** The size the sheet declares (`<dimension ref>`). */
  declaredSize: (ref: string) => hostileSheets.editedSheet((xml) => xml.replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="${ref}"/>`)),
  /** A list validation over `sqref`: ExcelJS keeps one entry per cell of the range. */
  validated: (sqref: string) =>
    hostileSheets.editedSheet((xml) =>
      xml.replace('</sheetData>', `</sheetData><dataValidations count="1"><dataValidation type="list" sqref="${sqref}"><formula1>"a,b"</formula1></dataValidation></dataValidations>`),
    ),
  /**
   * As many cells as the limits allow (10,000 rows of 10 different texts): heavy to parse, but allowed. Its first row
   * is not an import's header, so a route answers as soon as it has read the file.
   */
  heavy: () =>
    workbook((wb) => {
      const ws = wb.addWorksheet('数据');
      for (let i = 0; i < 10_000; i++) ws.addRow(Array.from({ length: 10 }, (_, j) => `文本${i}_${j}`));
    }),
  /**
   * Within every limit (18 MB unpacked, two rows), but its shared strings are 600,000 formatted runs of rich text: the
   * parser's objects for them need more memory than a workbook of 100,000 plain cells.
   */
  richText: async () => {
    const zip = await JSZip.loadAsync(await workbook((wb) => wb.addWorksheet('数据').addRows([['账号 *'], ['x']])));
    const part = 'xl/sharedStrings.xml';
    const runs = `<si>${'<r><rPr><b/></rPr><t>a</t></r>'.repeat(10)}</si>`.repeat(60_000);
    zip.file(part, (await zip.file(part)!.async('string')).replace('</sst>', `${runs}</sst>`));
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  },
  /** A good archive cut in half: no end of central directory. */
  truncated: async () => {
    const good = await hostileSheets.manyRows(50);
    return good.subarray(0, Math.floor(good.length / 2));
  },
  /** A readable archive whose XML is broken by an undefined entity (stored, so the text can be edited in place). */
  brokenXml: async () => {
    const stored = await workbook((wb) => wb.addWorksheet('数据').addRow(['XXXXXXXXXXXX']), 'STORE');
    const broken = Buffer.from(stored);
    broken.write('&notdefined;', stored.indexOf('XXXXXXXXXXXX'), 'latin1');
    return broken;
  },
};

/** A downloaded export: its file name (from Content-Disposition) and each row of its first sheet keyed by header. */
export async function readExport(r: { headers: Headers; data: Buffer }): Promise<{ fileName: string; headers: string[]; rows: Record<string, ExcelJS.CellValue>[] }> {
  const disposition = r.headers.get('content-disposition') ?? '';
  const fileName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.data as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.CellValue>[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return { fileName, headers, rows };
}

/** The Beijing wall-clock time of an instant as an export's date cell holds it (ExcelJS reads it back as that UTC date). */
export const beijingWallClock = (instant: string) => new Date(Date.parse(instant) + 8 * 3600_000);

/** An export's date cell is the Beijing time of `instant` (to the second: a date cell is a fraction of a day). */
export function expectBeijingTime(cell: ExcelJS.CellValue, instant: string) {
  expect(cell).toBeInstanceOf(Date);
  expect(Math.abs((cell as Date).getTime() - beijingWallClock(instant).getTime())).toBeLessThan(1000);
}
