import * as fs from 'node:fs';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import { addBatch, addTemplate } from './support/certificates';
import { api, login, upload } from './support/api';
import { LOG_DIR, platformHealthy, waitFor } from './support/platform';
import { fill, hostileSheets } from './support/spreadsheets';

interface CheckReply {
  total: number;
  valid: number;
  errors: { rowNumber: number; field: string; message: string }[];
}

describe('user spreadsheet import', () => {
  let admin: string;
  let template: Buffer;
  beforeAll(async () => {
    admin = await login('admin1');
  });

  it('downloads a real .xlsx template with bilingual headers and the role list', async () => {
    const r = await api<Buffer>('/system/user/template/export', { token: admin, lang: 'en' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(r.headers.get('content-disposition')).toMatch(/attachment/);
    template = r.data;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('Account *');
    const notes = wb.worksheets[1].getColumn(1).values.join('\n');
    expect(notes).toMatch(/student/);
  });

  it('checks row by row without saving, then imports all rows', async () => {
    const file = await fill(template, [
      ['imp_a', '导入甲', '13600000001', 'a@example.edu.cn', 'student', 'Passw0rd1'],
      ['imp_b', '导入乙', '', '', 'student,teacher', 'Passw0rd2'],
    ]);
    const check = await upload('/system/user/template/check', admin, file);
    expect(check.code).toBe(0);
    expect(check.data).toEqual({ total: 2, valid: 2, errors: [] });
    expect((await api<{ total: number }>('/system/user/page?keyword=imp_', { token: admin })).data.total).toBe(0);

    const imp = await upload('/system/user/template/import', admin, file);
    expect(imp.code).toBe(0);
    expect(imp.data).toEqual({ count: 2 });
    const page = await api<{ total: number; list: { username: string; roleKeys: string[] }[] }>('/system/user/page?keyword=imp_', { token: admin });
    expect(page.data.total).toBe(2);
    expect(page.data.list.find((u) => u.username === 'imp_b')!.roleKeys.sort()).toEqual(['student', 'teacher']);
    await login('imp_a', 'Passw0rd1');
  });

  it('reports every bad row and imports nothing (13017)', async () => {
    const file = await fill(template, [
      ['imp_ok', '好行', '', '', 'student', 'Passw0rd1'],
      ['x', '', '123', 'not-an-email', 'wizard', 'short'],
      ['imp_a', '重复', '', '', 'student', 'Passw0rd1'],
      ['imp_ok', '文件内重复', '', '', 'ROOT', 'Passw0rd1'],
    ]);
    const check = await upload('/system/user/template/check', admin, file, 'users.xlsx', 'en');
    const data = check.data as CheckReply;
    expect(data.total).toBe(4);
    expect(data.valid).toBe(1);
    const row3 = data.errors.filter((e) => e.rowNumber === 3).map((e) => e.field).sort();
    expect(row3).toEqual(['email', 'password', 'phone', 'realName', 'roleKeys', 'username']);
    expect(data.errors.find((e) => e.rowNumber === 4)!.message).toBe('imp_a already exists');
    expect(data.errors.filter((e) => e.rowNumber === 5).map((e) => e.message)).toEqual(
      expect.arrayContaining(['Duplicates row 2', 'You may not assign the role: ROOT']),
    );

    const imp = await upload('/system/user/template/import', admin, file, 'users.xlsx', 'en');
    expect(imp.code).toBe(13017);
    expect(imp.msg).toBe('Import failed!');
    expect((imp.data as CheckReply).errors.length).toBe(data.errors.length);
    expect((await api<{ total: number }>('/system/user/page?keyword=imp_ok', { token: admin })).data.total).toBe(0);
  });

  it('explains what is wrong with a file that is not a spreadsheet', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const check = await upload('/system/user/template/check', admin, png, 'users.xlsx', 'en');
    expect(check.code).toBe(10400);
    expect(check.msg).toMatch(/not a valid Excel \(\.xlsx\) workbook/);
    const imp = await upload('/system/user/template/import', admin, png, 'users.xlsx', 'en');
    expect(imp.code).toBe(13017);
    expect((imp.data as CheckReply).errors[0].message).toMatch(/not a valid Excel/);

    const fakeZip = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(64, 1)]);
    expect((await upload('/system/user/template/check', admin, fakeZip, 'users.xlsx', 'en')).msg).toMatch(/not a valid Excel/);
  });

  it('names the missing columns of a sheet with the wrong header', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['账号', '姓名']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await upload('/system/user/template/check', admin, file, 'users.xlsx', 'en');
    expect(r.code).toBe(10400);
    expect(r.msg).toMatch(/missing columns: .*Initial password/);
  });

  it('refuses a file over the upload limit and a request without a file', async () => {
    const big = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(6 * 1024 * 1024)]);
    const r = await upload('/system/user/template/check', admin, big, 'users.xlsx', 'en');
    expect({ code: r.code, msg: r.msg }).toEqual({ code: 10413, msg: expect.stringMatching(/too large; the limit is 5 MB/) });
    const none = await api('/system/user/template/check', { token: admin, body: {}, lang: 'en' });
    expect(none.code).not.toBe(0);
    expect(none.status).toBeLessThan(500);
  });

  it('needs the import permission', async () => {
    const student = await login('student1');
    expect((await upload('/system/user/template/import', student, Buffer.from('x'))).code).toBe(401);
  });
});

describe('hostile spreadsheets on every import route', () => {
  let admin: string;
  let batchId: number;
  // Every route that takes a spreadsheet. A check answers the refusal itself; an import answers 13017 with
  // the refusal as its only error row, so the web shows it where it shows bad rows.
  const routes = () => [
    { path: '/system/user/template/check', check: true },
    { path: '/system/user/template/import', check: false },
    { path: '/system/school/template/check', check: true },
    { path: '/system/school/template/import', check: false },
    { path: `/certificate/batch/recipients/import?batchId=${batchId}`, check: false },
  ];

  beforeAll(async () => {
    admin = await login('admin1');
    batchId = (await addBatch(admin, { templateId: (await addTemplate(admin, { variant: 'randomCode', prefix: 'H' })).id })).id;
  });

  /** What each route answers for `file`: the code and the message a person reads, in `lang`. */
  async function answers(file: Buffer, lang: 'zh-CN' | 'en' = 'en') {
    const out: { path: string; code: number; msg: string }[] = [];
    for (const r of routes()) {
      const res = await upload(r.path, admin, file, 'sheet.xlsx', lang);
      expect(res.status).toBeLessThan(500);
      const msg = r.check ? res.msg : (res.data as CheckReply).errors?.[0]?.message;
      out.push({ path: r.path, code: res.code, msg });
    }
    return out;
  }

  const expectAll = async (file: Buffer, checkCode: number, msg: string, lang: 'zh-CN' | 'en' = 'en') =>
    expect(await answers(file, lang)).toEqual(routes().map((r) => ({ path: r.path, code: r.check ? checkCode : 13017, msg })));

  it('refuses a zip bomb (a 25 MB picture of zeros) by its unpacked size, before the sheet is parsed', async () => {
    const bomb = await hostileSheets.zeroBomb(25);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expectAll(bomb, 10413, 'The file unpacks to more than 20 MB: remove extra sheets, pictures and formatting, or split it into several files');
    await expectAll(bomb, 10413, '文件解压后超过 20 MB：请删除多余的工作表、图片和格式，或分成几个文件导入', 'zh-CN');
  });

  it('refuses an archive of too many parts, a sheet of too many rows and a file of too many cells, naming the limit', async () => {
    await expectAll(
      await hostileSheets.manyParts(600),
      10413,
      'The file holds more than 500 internal parts, far more than a spreadsheet has: save it from Excel or WPS as .xlsx, or download the template again',
    );
    const rows = await hostileSheets.manyRows(10_001);
    await expectAll(rows, 10413, 'A sheet has more than 10,000 rows: split it into several files');
    await expectAll(rows, 10413, '工作表超过 10,000 行：请分成几个文件导入', 'zh-CN');
    await expectAll(
      await hostileSheets.manyCells(5000, 21),
      10413,
      'The file has more than 100,000 cells: remove unused columns and formatting, or split it into several files',
    );
  });

  it('refuses merges, column ranges, validations and a declared size over the limits before the parser expands them, and stays healthy', async () => {
    const cells = 'The file has more than 100,000 cells: remove unused columns and formatting, or split it into several files';
    const rows = 'A sheet has more than 10,000 rows: split it into several files';
    // A few KB that make the parser build 200,000 cells (half a second of the event loop before these checks).
    const merge = await hostileSheets.merged('B2:U10001');
    expect(merge.length).toBeLessThan(8 * 1024);
    await expectAll(merge, 10413, cells);
    await expectAll(merge, 10413, '文件中的单元格超过 100,000 个：请删除多余的列和格式，或分成几个文件导入', 'zh-CN');
    // These ran a 1 GB heap out of memory.
    await expectAll(await hostileSheets.merged('A2:XFD1048576'), 10413, rows);
    await expectAll(await hostileSheets.columns('2000000000'), 10413, cells);
    await expectAll(await hostileSheets.declaredSize('A1:XFD1048576'), 10413, rows);
    await expectAll(await hostileSheets.validated('C1:C5 A2:XFD10000'), 10413, cells);
    // Written with character references instead of digits, the range is still seen.
    await expectAll(await hostileSheets.merged('B2:U&#49;0001'), 10413, cells);
    expect(await platformHealthy()).toBe(true);
    // What Excel writes when a whole sheet is formatted (every column, a merged title) is still a workbook.
    const formatted = await hostileSheets.editedSheet((xml) =>
      xml
        .replace('<sheetData>', '<cols><col min="1" max="16384" width="12" customWidth="1"/></cols><sheetData>')
        .replace('</sheetData>', '</sheetData><mergeCells count="1"><mergeCell ref="B1:F1"/></mergeCells>'),
    );
    expect(await upload('/system/user/template/check', admin, formatted, 'sheet.xlsx', 'en')).toMatchObject({ code: 10400, msg: expect.stringMatching(/missing columns/) });
  });

  it('reads a heavy workbook off the event loop: /health answers again and again while it is parsed', async () => {
    const heavy = await hostileSheets.heavy();
    let pending = true;
    const answer = upload('/system/user/template/check', admin, heavy, 'heavy.xlsx', 'en').finally(() => (pending = false));
    let healthyWhilePending = 0;
    while (pending) if ((await platformHealthy()) && pending) healthyWhilePending++;
    // Read in full, then refused for its header: the same answer as when it was read on the gateway.
    expect(await answer).toMatchObject({ code: 10400, msg: expect.stringMatching(/missing columns: .*Initial password/) });
    // Parsing 100,000 cells takes the parser seconds: the gateway keeps answering meanwhile.
    expect(healthyWhilePending).toBeGreaterThanOrEqual(5);
  });

  it('refuses a workbook that needs more memory than the parser may use, stays healthy, and imports the next file', async () => {
    const rich = await hostileSheets.richText();
    for (const lang of ['en', 'zh-CN'] as const) {
      const r = await upload('/system/user/template/check', admin, rich, 'sheet.xlsx', lang);
      expect({ code: r.code, msg: r.msg }).toEqual({
        code: 10413,
        msg:
          lang === 'en'
            ? 'Reading the file needs more than 128 MB of memory or 60 seconds: remove rich text, formatting and unused cells, or split it into several files'
            : '读取文件需要超过 128 MB 内存或 60 秒：请删除富文本、多余的格式和空白单元格，或分成几个文件导入',
      });
    }
    const imp = await upload('/system/user/template/import', admin, rich, 'sheet.xlsx', 'en');
    expect(imp.code).toBe(13017);
    expect((imp.data as CheckReply).errors[0].message).toMatch(/more than 128 MB of memory/);
    expect(await platformHealthy()).toBe(true);
    const tag = Date.now().toString(36).slice(-5);
    const userTemplate = (await api<Buffer>('/system/user/template/export', { token: admin })).data;
    const next = await fill(userTemplate, [[`after_oom_${tag}`, '内存之后', '', '', 'student', 'Passw0rd1']]);
    expect((await upload('/system/user/template/check', admin, next)).data).toEqual({ total: 1, valid: 1, errors: [] });
  });

  it('says a broken file is not a valid .xlsx and how to make one, never what the parser said (that goes to the log)', async () => {
    const en = 'The file is not a valid Excel (.xlsx) workbook: save it from Excel or WPS as .xlsx, or download the template again and fill it in';
    const zh = '文件不是有效的 Excel（.xlsx）表格：请在 Excel 或 WPS 中另存为 .xlsx 格式，或重新下载模板填写后再上传';
    await expectAll(await hostileSheets.truncated(), 10400, en);
    await expectAll(await hostileSheets.brokenXml(), 10400, en);
    await expectAll(await hostileSheets.brokenXml(), 10400, zh, 'zh-CN');
    const gatewayLog = path.join(LOG_DIR, 'gateway.log');
    await waitFor('the parser text in the gateway log', async () => /WARN.*refused a spreadsheet: .*undefined entity/.test(fs.readFileSync(gatewayLog, 'utf8')));
  });

  it('still imports good files on every route, and a check of 2,000 users passes the limits', async () => {
    const tag = Date.now().toString(36).slice(-5).toUpperCase();
    const userTemplate = (await api<Buffer>('/system/user/template/export', { token: admin })).data;
    const users = await fill(
      userTemplate,
      Array.from({ length: 2000 }, (_, i) => [`bulk_${tag}_${i}`, `批量${i}`, '', '', 'student', 'Passw0rd1']),
    );
    expect((await upload('/system/user/template/check', admin, users)).data).toEqual({ total: 2000, valid: 2000, errors: [] });
    const oneUser = await fill(userTemplate, [[`hard_${tag}`, '加固', '', '', 'student', 'Passw0rd1']]);
    expect(await upload('/system/user/template/import', admin, oneUser)).toMatchObject({ code: 0, data: { count: 1 } });

    const schoolTemplate = (await api<Buffer>('/system/school/template/export', { token: admin })).data;
    const school = await fill(schoolTemplate, [[`加固学校${tag}`, '', `HS${tag}`, '浙江', '本科院校']]);
    expect(await upload('/system/school/template/import', admin, school)).toMatchObject({ code: 0, data: { count: 1 } });

    const winnersTemplate = (await api<Buffer>('/certificate/batch/recipients/template', { token: admin })).data;
    const winners = await fill(winnersTemplate, [['李雷', '', '一等奖', '华东示范大学', '李雷', '王老师', '作品一']]);
    expect(await upload(`/certificate/batch/recipients/import?batchId=${batchId}`, admin, winners)).toMatchObject({ code: 0, data: { total: 1, valid: 1 } });
  });
});
