import ExcelJS from 'exceljs';
import { api, login, upload } from './support/api';

interface CheckReply {
  total: number;
  valid: number;
  errors: { rowNumber: number; field: string; message: string }[];
}

/** Fills the downloaded template the way a person would: keep the header, replace the example row. */
async function fill(template: Buffer, rows: (string | undefined)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  ws.spliceRows(2, ws.rowCount - 1);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
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
