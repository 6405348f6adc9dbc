import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ErrorCode, translate } from '@cmp/contracts';
import { AppError } from './app-error';
import { buildWorkbook, readWorkbook, type SheetColumn } from './spreadsheet';
import { SHEET_LIMITS } from './zip-guard';

const COLUMNS: SheetColumn[] = [
  { key: 'username', zh: '账号', en: 'Account', required: true },
  { key: 'realName', zh: '姓名', en: 'Name', required: false },
];

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ username: `user_${i}`, realName: `张三${i}` }));

/** A workbook as ExcelJS writes it; `fill` adds what a test needs before it is written. */
async function workbook(fill: (wb: ExcelJS.Workbook) => void, zip: { compression?: 'STORE' | 'DEFLATE' } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer({ zip } as ExcelJS.XlsxWriteOptions));
}

/** The archive's entry count, from its end record. */
const entryCount = (zip: Buffer) => zip.readUInt16LE(zip.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1')) + 10);

/** Rewrites every header's uncompressed size to 1 byte, as a bomb that lies about its sizes would. */
function lieAboutSizes(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 46 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(1, i + 22); // local header
    if (sig === 0x02014b50) out.writeUInt32LE(1, i + 24); // central directory
  }
  return out;
}

/** The refusal readWorkbook throws, as the user reads it in both languages. */
async function refusal(file: Buffer, limits = SHEET_LIMITS) {
  const e = await readWorkbook(file, COLUMNS, limits).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  const err = e as AppError;
  return { code: err.code, en: translate(err.key, 'en', err.params), zh: translate(err.key, 'zh-CN', err.params) };
}

const NOT_XLSX = {
  code: ErrorCode.BAD_REQUEST,
  en: 'The file is not a valid Excel (.xlsx) workbook: save it from Excel or WPS as .xlsx, or download the template again and fill it in',
  zh: '文件不是有效的 Excel（.xlsx）表格：请在 Excel 或 WPS 中另存为 .xlsx 格式，或重新下载模板填写后再上传',
};

describe('reading an imported spreadsheet', () => {
  it('reads a good file: rows keyed by column, header matched in either language', async () => {
    const file = await buildWorkbook(COLUMNS, 'en', rowsOf(3));
    const sheet = await readWorkbook(file, COLUMNS);
    expect(sheet.missingColumns).toEqual([]);
    expect(sheet.rows).toEqual([
      { rowNumber: 2, username: 'user_0', realName: '张三0' },
      { rowNumber: 3, username: 'user_1', realName: '张三1' },
      { rowNumber: 4, username: 'user_2', realName: '张三2' },
    ]);
  });

  describe('a file that is not a valid .xlsx says so and how to fix it, never what the parser said', () => {
    it('bytes that are no ZIP archive', async () => {
      expect(await refusal(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toEqual(NOT_XLSX);
    });

    it('a ZIP archive cut short (no end of central directory)', async () => {
      const good = await buildWorkbook(COLUMNS, 'en', rowsOf(3));
      expect(await refusal(good.subarray(0, Math.floor(good.length / 2)))).toEqual(NOT_XLSX);
    });

    it('an entry whose compressed data is garbage', async () => {
      const good = await buildWorkbook(COLUMNS, 'en', rowsOf(200));
      const bad = Buffer.from(good);
      bad.fill(0xff, 200, 400); // inside the first entry's deflate stream
      expect(await refusal(bad)).toEqual(NOT_XLSX);
    });

    it('a workbook whose XML inside is broken (an undefined entity)', async () => {
      // Stored, not deflated, so the XML can be edited in place; JSZip does not check the CRC.
      const stored = await workbook((wb) => wb.addWorksheet('x').addRow(['XXXXXXXXXXXX']), { compression: 'STORE' });
      const at = stored.indexOf('XXXXXXXXXXXX');
      expect(at).toBeGreaterThan(0);
      const broken = Buffer.from(stored);
      broken.write('&notdefined;', at, 'latin1');
      expect(await refusal(broken)).toEqual(NOT_XLSX);
    });

    it('a directory that does not end at the end record (JSZip would shift every offset)', async () => {
      const good = await buildWorkbook(COLUMNS, 'en', rowsOf(3));
      const eocd = good.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'));
      const shifted = Buffer.from(good);
      shifted.writeUInt32LE(good.readUInt32LE(eocd + 16) - 1, eocd + 16);
      expect(await refusal(shifted)).toEqual(NOT_XLSX);
    });
  });

  describe('limits checked before parsing (10413, naming the limit)', () => {
    it('are generous for real imports: 10,000 rows, 100,000 cells, 20 MB unpacked, 500 parts', () => {
      expect(SHEET_LIMITS).toEqual({ maxEntries: 500, maxUnpackedBytes: 20 * 1024 * 1024, maxRows: 10_000, maxCells: 100_000 });
    });

    it('too many entries', async () => {
      const file = await workbook((wb) => {
        for (let i = 0; i < SHEET_LIMITS.maxEntries; i++) wb.addWorksheet(`s${i}`);
      });
      expect(entryCount(file)).toBeGreaterThan(SHEET_LIMITS.maxEntries);
      expect(await refusal(file)).toEqual({
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        en: 'The file holds more than 500 internal parts, far more than a spreadsheet has: save it from Excel or WPS as .xlsx, or download the template again',
        zh: '文件内部包含超过 500 个部件，不是正常的表格文件：请在 Excel 或 WPS 中另存为 .xlsx 格式，或重新下载模板填写',
      });
      // An end record that understates the count changes nothing: the directory itself is counted.
      const understated = Buffer.from(file);
      understated.writeUInt16LE(10, understated.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1')) + 10);
      expect((await refusal(understated)).code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    });

    it('the entry limit counts exactly', async () => {
      const file = await buildWorkbook(COLUMNS, 'en', rowsOf(3));
      const n = entryCount(file);
      await expect(readWorkbook(file, COLUMNS, { ...SHEET_LIMITS, maxEntries: n })).resolves.toMatchObject({ missingColumns: [] });
      expect((await refusal(file, { ...SHEET_LIMITS, maxEntries: n - 1 })).en).toMatch(/more than \d+ internal parts/);
    });

    describe('one entry that inflates hugely (25 MB of zeros as a picture)', () => {
      let bomb: Buffer;
      beforeAll(async () => {
        bomb = await workbook((wb) => {
          wb.addWorksheet('x').addRow(['Account']);
          wb.addImage({ buffer: Buffer.alloc(25 * 1024 * 1024) as unknown as ExcelJS.Buffer, extension: 'png' });
        });
      });
      const UNPACKS = {
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        en: 'The file unpacks to more than 20 MB: remove extra sheets, pictures and formatting, or split it into several files',
        zh: '文件解压后超过 20 MB：请删除多余的工作表、图片和格式，或分成几个文件导入',
      };

      it('is refused by its declared size', async () => {
        expect(bomb.length).toBeLessThan(200 * 1024);
        expect(await refusal(bomb)).toEqual(UNPACKS);
      });

      it('is refused while inflating when its headers lie about the size', async () => {
        expect(await refusal(lieAboutSizes(bomb))).toEqual(UNPACKS);
      });
    });

    it('too many rows', async () => {
      const file = await buildWorkbook(COLUMNS, 'en', rowsOf(SHEET_LIMITS.maxRows + 1));
      expect(await refusal(file)).toEqual({
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        en: 'A sheet has more than 10,000 rows: split it into several files',
        zh: '工作表超过 10,000 行：请分成几个文件导入',
      });
    });

    it('too many cells', async () => {
      // 9,000 rows of 12 columns: within the row limit, past the cell limit.
      const file = await workbook((wb) => {
        const ws = wb.addWorksheet('x');
        for (let i = 0; i < 9000; i++) ws.addRow(Array.from({ length: 12 }, (_, j) => i * 12 + j));
      });
      expect(await refusal(file)).toEqual({
        code: ErrorCode.PAYLOAD_TOO_LARGE,
        en: 'The file has more than 100,000 cells: remove unused columns and formatting, or split it into several files',
        zh: '文件中的单元格超过 100,000 个：请删除多余的列和格式，或分成几个文件导入',
      });
    });

    it('cells are counted exactly, empty formatted ones included', async () => {
      const file = await workbook((wb) => {
        const ws = wb.addWorksheet('x');
        ws.addRow(['Account']);
        ws.addRow(['a', 'b']);
        ws.getCell('C2').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF0000' } }; // written as <c r="C2" s="…"/>
      });
      await expect(readWorkbook(file, COLUMNS, { ...SHEET_LIMITS, maxCells: 4 })).resolves.toMatchObject({ missingColumns: [] });
      expect((await refusal(file, { ...SHEET_LIMITS, maxCells: 3 })).en).toMatch(/more than 3 cells/);
    });

    describe('ranges ExcelJS expands, read before it sees them (issue 27)', () => {
      /** A two-row sheet (Account, a) whose XML is edited after ExcelJS wrote it. */
      async function edited(edit: (xml: string) => string): Promise<Buffer> {
        const zip = await JSZip.loadAsync(await workbook((wb) => wb.addWorksheet('x').addRows([['Account'], ['a']])));
        const part = 'xl/worksheets/sheet1.xml';
        zip.file(part, edit(await zip.file(part)!.async('string')));
        return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      }
      const merge = (ref: string, pad = '') => edited((xml) => xml.replace('</sheetData>', `</sheetData><mergeCells count="1"><mergeCell${pad} ref="${ref}"/></mergeCells>`));
      const cols = (min: string, max: string) => edited((xml) => xml.replace('<sheetData>', `<cols><col min="${min}" max="${max}" width="9"/></cols><sheetData>`));
      const rows = 'A sheet has more than 10,000 rows: split it into several files';
      const cells = 'The file has more than 100,000 cells: remove unused columns and formatting, or split it into several files';

      it('a merge, a column range, a validation or a declared size past the row or cell limit', async () => {
        expect((await refusal(await merge('B2:U10001'))).en).toBe(cells);
        expect((await refusal(await merge('A2:XFD1048576'))).en).toBe(rows);
        expect((await refusal(await merge('$A$10002:$A$10003'))).en).toBe(rows);
        expect((await refusal(await merge('C:C'))).en).toBe(rows);
        expect((await refusal(await cols('1', '2000000000'))).en).toBe(cells);
        expect((await refusal(await edited((xml) => xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:J20000"/>')))).en).toBe(rows);
        const validation = (sqref: string) =>
          edited((xml) => xml.replace('</sheetData>', `</sheetData><dataValidations count="1"><dataValidation type="list" sqref="${sqref}"><formula1>"a"</formula1></dataValidation></dataValidations>`));
        expect((await refusal(await validation('A1 B2:B5 C1:L10000'))).en).toBe(cells);
      });

      it('counts merges, columns and validations with the cells: exactly at the limit passes, one more is refused', async () => {
        // 2 written cells and a merge of 10 columns by 9,999 rows.
        const limits = { ...SHEET_LIMITS, maxCells: 2 + 10 * 9999 };
        await expect(readWorkbook(await merge('A2:J10000'), COLUMNS, limits)).resolves.toMatchObject({ missingColumns: [] });
        expect((await refusal(await merge('A2:J10000'), { ...limits, maxCells: limits.maxCells - 1 })).en).toMatch(/more than 99,991 cells/);
      });

      it('a tag cut between inflated chunks, or written with character references, is read whole', async () => {
        // 40 KB of spaces inside the tag: its name and its range land in different chunks.
        expect((await refusal(await merge('B2:U10001', ' '.repeat(40_000)))).en).toBe(cells);
        expect((await refusal(await merge('B2:U&#49;0001'))).en).toBe(cells);
        expect((await refusal(await cols('&#x31;', '2000000000'))).en).toBe(cells);
        // A tag no spreadsheet writes, longer than 64 KB, or a range nobody can read, is not a workbook.
        expect(await refusal(await merge('B2:U3', ' '.repeat(200_000)))).toEqual(NOT_XLSX);
        expect(await refusal(await cols('one', 'two'))).toEqual(NOT_XLSX);
      });

      it('passes what Excel writes for a formatted sheet: every column, a merged title, a validated column of the rows', async () => {
        const file = await edited((xml) =>
          xml
            .replace('<sheetData>', '<cols><col min="1" max="16384" width="12" customWidth="1"/></cols><sheetData>')
            .replace('</sheetData>', '</sheetData><mergeCells count="1"><mergeCell ref="B1:F1"/></mergeCells><dataValidations count="1"><dataValidation type="list" sqref="E2:E10001"><formula1>"a,b"</formula1></dataValidation></dataValidations>'),
        );
        expect((await readWorkbook(file, COLUMNS)).rows).toEqual([{ rowNumber: 2, username: 'a' }]);
      });
    });

    it('rows are counted exactly across inflated chunks, the header not counted', async () => {
      const limits = { ...SHEET_LIMITS, maxRows: 3000 };
      const atLimit = await buildWorkbook(COLUMNS, 'en', rowsOf(3000));
      expect((await readWorkbook(atLimit, COLUMNS, limits)).rows).toHaveLength(3000);
      const over = await buildWorkbook(COLUMNS, 'en', rowsOf(3001));
      expect((await refusal(over, limits)).en).toBe('A sheet has more than 3,000 rows: split it into several files');
    });
  });
});

describe('writing an export', () => {
  it('writes numbers as numbers, fen as yuan, instants as Beijing time named in the header, and a totals row', async () => {
    const columns: SheetColumn[] = [
      { key: 'no', zh: '编号', en: 'No.', required: false, type: 'integer' },
      { key: 'amount', zh: '金额（元）', en: 'Amount', required: false, type: 'money', sum: true },
      { key: 'at', zh: '时间', en: 'At', required: false, type: 'time' },
    ];
    const rows = [
      { no: 1, amount: 8800, at: '2026-11-25T16:30:00.000Z' },
      { no: '2', amount: 1, at: null },
    ];
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buildWorkbook(columns, 'zh-CN', rows, { totals: true })) as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '编号', '金额（元）', '时间（北京时间 UTC+8）']);
    expect(ws.getRow(2).values).toEqual([undefined, 1, 88, new Date('2026-11-26T00:30:00.000Z')]);
    expect(ws.getRow(3).values).toEqual([undefined, 2, 0.01]);
    expect(ws.getRow(4).getCell(1).value).toBe('合计');
    expect(ws.getRow(4).getCell(2).value).toEqual({ formula: 'SUM(B2:B3)', result: 88.01 });
  });
});
