import ExcelJS from 'exceljs';
import { api, freshIp, login, upload } from './support/api';
import { fill } from './support/spreadsheets';

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface School {
  id: number;
  name: string;
  nameEn: string;
  code: string;
  provinceCode: string;
  provinceName: string;
  schoolType: string;
  groupId?: number | null;
  enabled?: boolean;
}
interface Named {
  id: number;
  name: string;
  nameEn: string;
}
interface CheckReply {
  total: number;
  valid: number;
  errors: { rowNumber: number; field: string; message: string }[];
}

// Unique per run, so a rerun against a database that was not reset still creates new rows.
const run = Date.now().toString(36).slice(-5).toUpperCase();
const groupIdOf = async (token: string) => (await api<{ groupId: number }>('/competition/group/user/getSelect', { token })).data.groupId;
const schoolByCode = async (code: string) => (await api<Page<School>>(`/home/school/page?name=${encodeURIComponent(code)}`)).data.list.find((s) => s.code === code)!;

describe('reference data: public reads', () => {
  it('lists the 34 provincial-level divisions with English names', async () => {
    const r = await api<{ code: string; name: string; nameEn: string }[]>('/home/province/list');
    expect(r.code).toBe(0);
    expect(r.data).toHaveLength(34);
    expect(r.data[0]).toEqual({ code: '110000', name: '北京市', nameEn: 'Beijing' });
    expect(r.data.find((p) => p.code === '330000')).toMatchObject({ name: '浙江省', nameEn: 'Zhejiang' });
  });

  it('pages schools, searching by name, English name or code and filtering by province', async () => {
    const all = await api<Page<School>>('/home/school/page?pageNum=1&pageSize=5');
    expect(all.data).toMatchObject({ pageNum: 1, pageSize: 5 });
    expect(all.data.total).toBeGreaterThanOrEqual(24);
    expect(all.data.list).toHaveLength(5);

    const byName = await api<Page<School>>(`/home/school/page?name=${encodeURIComponent('浙江')}`);
    expect(byName.data.list.map((s) => s.name)).toEqual(['浙江大学']);
    expect(byName.data.list[0]).toMatchObject({ code: '10335', nameEn: 'Zhejiang University', provinceName: '浙江省', schoolType: '1' });
    expect((await api<Page<School>>('/home/school/page?name=tsinghua')).data.list[0].name).toBe('清华大学');
    expect((await api<Page<School>>('/home/school/page?name=10284')).data.list[0].name).toBe('南京大学');

    const shanghai = await api<Page<School>>('/home/school/page?provinceCode=310000&pageSize=100');
    expect(shanghai.data.list.map((s) => s.name)).toEqual(expect.arrayContaining(['复旦大学', '上海交通大学', '华东示范大学']));
    expect(shanghai.data.list.every((s) => s.provinceCode === '310000')).toBe(true);
    // A literal % is searched for, not a wildcard.
    expect((await api<Page<School>>('/home/school/page?name=%25')).data.total).toBe(0);
  });

  it('gives dictionaries in order, labelled in the caller language', async () => {
    const zh = await api<{ value: string; label: string; sort: number }[]>('/home/dict/list?dictType=news_category');
    expect(zh.data.map((i) => [i.value, i.label])).toEqual([
      ['1', '新闻列表'],
      ['2', '往届作品'],
      ['3', '竞赛资讯'],
      ['4', '竞赛指南'],
      ['5', '操作手册'],
    ]);
    const en = await api<{ value: string; label: string }[]>('/home/dict/list?dictType=news_category', { lang: 'en' });
    expect(en.data.map((i) => i.label)).toEqual(['News', 'Previous works', 'Competition news', 'Competition guide', 'Operating manual']);
    for (const type of ['competition_level', 'school_type', 'education_level', 'gender']) {
      expect((await api<unknown[]>(`/home/dict/list?dictType=${type}`)).data.length).toBeGreaterThan(1);
    }
    expect((await api<{ label: string }[]>('/home/dict/list?dictType=gender', { lang: 'en' })).data.map((i) => i.label)).toEqual(['Male', 'Female']);
  });

  it('lists the colleges of a school and the majors of a college for the sign-up form', async () => {
    const u1 = await schoolByCode('DEMO-U1');
    const colleges = await api<Named[]>(`/web/college/list?schoolId=${u1.id}`);
    expect(colleges.data.map((c) => c.name)).toEqual(['计算机科学与技术学院', '数学科学学院', '经济与管理学院']);
    expect(colleges.data[0].nameEn).toBe('School of Computer Science and Technology');
    const majors = await api<Named[]>(`/web/major/list?collegeId=${colleges.data[0].id}`);
    expect(majors.data.map((m) => m.name)).toEqual(['计算机科学与技术', '软件工程', '人工智能', '计算机技术']);
  });
});

describe('reference data: schools in the back office', () => {
  let admin1: string;
  let admin2: string;
  let root: string;
  beforeAll(async () => {
    [admin1, admin2, root] = await Promise.all([login('admin1'), login('admin2'), login('root')]);
  });

  it("shows an organiser only their organisation's schools; ROOT sees all", async () => {
    const mine = await api<Page<School>>('/system/school/page?pageSize=100', { token: admin1 });
    expect(mine.code).toBe(0);
    // Other specs may have added schools of their own organisation: check the seeded ones and the boundary.
    const mineCodes = mine.data.list.map((s) => s.code);
    expect(mineCodes).toEqual(expect.arrayContaining(['DEMO-U1', 'DEMO-U1-CITY']));
    expect(mineCodes).not.toContain('DEMO-U2');
    expect(mineCodes).not.toContain('10001');
    const u1 = await groupIdOf(admin1);
    expect(mine.data.list.every((s) => s.groupId === u1)).toBe(true);
    const theirs = await api<Page<School>>('/system/school/page?pageSize=100', { token: admin2 });
    expect(theirs.data.list.map((s) => s.code)).toContain('DEMO-U2');
    expect(theirs.data.list.map((s) => s.code)).not.toContain('DEMO-U1');
    const all = await api<Page<School>>('/system/school/page?pageSize=100', { token: root });
    expect(all.data.total).toBeGreaterThanOrEqual(24);
    const options = await api<{ id: number; name: string }[]>('/system/school/options', { token: admin2 });
    expect(options.data.map((o) => o.name)).toContain('西部测试大学');
    expect(options.data.map((o) => o.name)).not.toContain('华东示范大学');
  });

  it('adds, edits, disables and deletes a school of the organisation', async () => {
    const code = `T${run}`;
    const added = await api<{ id: number }>('/system/school/save', {
      token: admin1,
      body: { name: `测试学院${run}`, nameEn: 'Test College', code, provinceCode: '330000', schoolType: '2' },
    });
    expect(added.code).toBe(0);
    const id = added.data.id;
    const row = (await api<Page<School>>(`/system/school/page?name=${code}`, { token: admin1 })).data.list[0];
    expect(row).toMatchObject({ id, groupId: await groupIdOf(admin1), enabled: true, provinceName: '浙江省', schoolType: '2' });

    expect((await api('/system/school/save', { token: admin1, body: { id, name: `改名学院${run}`, code, provinceCode: '320000', schoolType: '1' } })).code).toBe(0);
    expect((await schoolByCode(code)).provinceName).toBe('江苏省');

    expect((await api('/system/school/status', { token: admin1, body: { id, enabled: false } })).code).toBe(0);
    expect((await api<Page<School>>(`/home/school/page?name=${code}`)).data.total).toBe(0);
    expect((await api(`/web/college/list?schoolId=${id}`, { lang: 'en' })).msg).toBe(`No such school: ${id}`);
    expect((await api<Page<School>>(`/system/school/page?name=${code}&enabled=false`, { token: admin1 })).data.total).toBe(1);

    // admin2 can neither change nor delete it.
    const foreign = await api('/system/school/delete', { token: admin2, body: { id }, lang: 'en' });
    expect(foreign.code).toBe(401);
    expect(foreign.msg).toBe(`The school "改名学院${run}" does not belong to an organisation you manage`);
    expect((await api('/system/school/status', { token: admin2, body: { id, enabled: true } })).code).toBe(401);

    expect((await api('/system/school/delete', { token: admin1, body: { id } })).code).toBe(0);
    expect((await api('/system/school/delete', { token: admin1, body: { id }, lang: 'en' })).msg).toBe(`No such school: ${id}`);
  });

  it('keeps platform schools for ROOT and lets ROOT assign schools to any organisation', async () => {
    const pku = await schoolByCode('10001');
    expect((await api('/system/school/status', { token: admin1, body: { id: pku.id, enabled: false } })).code).toBe(401);
    const u2 = await groupIdOf(admin2);
    const code = `R${run}`;
    const r = await api<{ id: number }>('/system/school/save', { token: root, body: { name: `根建学校${run}`, code, provinceCode: '510000', schoolType: '1', groupId: u2 } });
    expect(r.code).toBe(0);
    expect((await api<Page<School>>(`/system/school/page?name=${code}`, { token: admin2 })).data.total).toBe(1);
    // An organiser cannot hand a school to another organisation.
    const u1 = await groupIdOf(admin1);
    const handOver = await api('/system/school/save', { token: admin2, body: { id: r.data.id, name: 'x', code, provinceCode: '510000', schoolType: '1', groupId: u1 }, lang: 'en' });
    expect(handOver.code).toBe(401);
    expect(handOver.msg).toBe(`You have no access to organisation ${u1}`);
  });

  it('needs the school permissions', async () => {
    const student = await login('student1');
    expect((await api('/system/school/page', { token: student })).code).toBe(401);
    expect((await api('/system/school/save', { token: student, body: { name: 'x', code: 'XX1', provinceCode: '110000', schoolType: '1' } })).code).toBe(401);
    expect((await api('/system/school/page')).code).toBe(11000);
  });
});

describe('reference data: colleges and majors in the back office', () => {
  let admin1: string;
  let admin2: string;
  let u1School: School;
  let u2School: School;
  beforeAll(async () => {
    [admin1, admin2] = await Promise.all([login('admin1'), login('admin2')]);
    [u1School, u2School] = await Promise.all([schoolByCode('DEMO-U1'), schoolByCode('DEMO-U2')]);
  });

  it("lists each organiser's colleges and majors only", async () => {
    const c1 = await api<Page<{ schoolName: string; majorCount: number }>>('/system/college/page?pageSize=100', { token: admin1 });
    expect(c1.data.list.map((c) => c.schoolName)).not.toContain('西部测试大学');
    expect(c1.data.total).toBe(4);
    const c2 = await api<Page<{ name: string }>>('/system/college/page?pageSize=100', { token: admin2 });
    expect(c2.data.list.map((c) => c.name)).toEqual(['信息工程学院', '机械工程学院']);
    const m2 = await api<Page<{ schoolName: string }>>('/system/major/page?pageSize=100', { token: admin2 });
    expect(m2.data.total).toBe(4);
    expect(new Set(m2.data.list.map((m) => m.schoolName))).toEqual(new Set(['西部测试大学']));
    const searched = await api<Page<{ name: string }>>(`/system/major/page?name=${encodeURIComponent('软件')}`, { token: admin1 });
    expect(searched.data.list.map((m) => m.name)).toEqual(['软件工程']);
  });

  it('adds, edits and deletes a college with a major, in order', async () => {
    const college = await api<{ id: number }>('/system/college/save', { token: admin1, body: { schoolId: u1School.id, name: `新闻传播学院${run}`, nameEn: 'School of Journalism', sort: 9 } });
    expect(college.code).toBe(0);
    const major = await api<{ id: number }>('/system/major/save', { token: admin1, body: { collegeId: college.data.id, name: '新闻学', nameEn: 'Journalism', educationLevel: '2' } });
    expect(major.code).toBe(0);
    expect((await api<Named[]>(`/web/major/list?collegeId=${college.data.id}`)).data).toEqual([{ id: major.data.id, name: '新闻学', nameEn: 'Journalism' }]);

    // A disabled major leaves the sign-up form but stays in the back office.
    expect((await api('/system/major/save', { token: admin1, body: { id: major.data.id, collegeId: college.data.id, name: '新闻学', enabled: false } })).code).toBe(0);
    expect((await api<Named[]>(`/web/major/list?collegeId=${college.data.id}`)).data).toEqual([]);

    const blocked = await api('/system/college/delete', { token: admin1, body: { id: college.data.id }, lang: 'en' });
    expect(blocked.code).toBe(10400);
    expect(blocked.msg).toBe('Delete the majors of this college first');
    expect((await api('/system/major/delete', { token: admin2, body: { id: major.data.id } })).code).toBe(401);
    expect((await api('/system/major/delete', { token: admin1, body: { id: major.data.id } })).code).toBe(0);
    expect((await api('/system/college/delete', { token: admin1, body: { id: college.data.id } })).code).toBe(0);
  });

  it("refuses a college under another organisation's school, and moving one there", async () => {
    const r = await api('/system/college/save', { token: admin1, body: { schoolId: u2School.id, name: '越权学院' }, lang: 'en' });
    expect(r.code).toBe(401);
    expect(r.msg).toBe('The school "西部测试大学" does not belong to an organisation you manage');
    const own = (await api<Page<{ id: number; name: string }>>('/system/college/page?pageSize=1', { token: admin1 })).data.list[0];
    expect((await api('/system/college/save', { token: admin1, body: { id: own.id, schoolId: u2School.id, name: own.name } })).code).toBe(401);
    expect((await api('/system/college/save', { token: admin2, body: { id: own.id, schoolId: u2School.id, name: own.name } })).code).toBe(401);
  });
});

describe('reference data: dictionaries', () => {
  let root: string;
  let admin1: string;
  beforeAll(async () => {
    [root, admin1] = await Promise.all([login('root'), login('admin1')]);
  });

  it('lets organisers look and only ROOT change, with built-in types protected', async () => {
    const types = await api<{ type: string; builtin: boolean; itemCount: number }[]>('/system/dict/type/list', { token: admin1 });
    expect(types.data.filter((t) => t.builtin).map((t) => t.type)).toEqual(['news_category', 'competition_level', 'school_type', 'education_level', 'gender']);
    expect((await api('/system/dict/type/save', { token: admin1, body: { type: 'award_level', name: '奖项' } })).code).toBe(401);

    const type = `award_${run.toLowerCase()}`;
    const created = await api<{ id: number }>('/system/dict/type/save', { token: root, body: { type, name: '奖项等级', nameEn: 'Award levels' } });
    expect(created.code).toBe(0);
    const second = await api<{ id: number }>('/system/dict/item/save', { token: root, body: { dictType: type, value: '2', label: '二等奖', labelEn: 'Second prize', sort: 2 } });
    const first = await api<{ id: number }>('/system/dict/item/save', { token: root, body: { dictType: type, value: '1', label: '一等奖', labelEn: 'First prize', sort: 1 } });
    expect([first.code, second.code]).toEqual([0, 0]);
    expect((await api<{ label: string }[]>(`/home/dict/list?dictType=${type}`, { lang: 'en' })).data.map((i) => i.label)).toEqual(['First prize', 'Second prize']);

    // Edits show at once on the public list (the cache is cleared by the write).
    await api('/system/dict/item/save', { token: root, body: { id: second.data.id, dictType: type, value: '2', label: '二等奖', labelEn: 'Second prize', sort: 2, enabled: false } });
    expect((await api<{ value: string }[]>(`/home/dict/list?dictType=${type}`)).data.map((i) => i.value)).toEqual(['1']);
    expect((await api<{ value: string }[]>(`/system/dict/item/list?dictType=${type}`, { token: admin1 })).data.map((i) => i.value)).toEqual(['1', '2']);

    const dup = await api('/system/dict/item/save', { token: root, body: { dictType: type, value: '1', label: '重复', labelEn: 'Dup' }, lang: 'en' });
    expect(dup.code).toBe(10409);
    expect(dup.msg).toBe(`The dictionary ${type} already has the value 1`);
    expect((await api('/system/dict/type/delete', { token: root, body: { id: created.data.id }, lang: 'en' })).msg).toBe('Delete the items of this dictionary type first');
    for (const id of [first.data.id, second.data.id]) expect((await api('/system/dict/item/delete', { token: root, body: { id } })).code).toBe(0);
    expect((await api('/system/dict/type/delete', { token: root, body: { id: created.data.id } })).code).toBe(0);

    const builtin = types.data.find((t) => t.type === 'news_category') as unknown as { id: number };
    const del = await api('/system/dict/type/delete', { token: root, body: { id: builtin.id }, lang: 'en' });
    expect(del.code).toBe(10400);
    expect(del.msg).toBe('Built-in dictionary types cannot be deleted or have their type key changed');
    expect((await api('/system/dict/type/save', { token: root, body: { id: builtin.id, type: 'news_kind', name: '新闻分类' } })).code).toBe(10400);
  });
});

describe('reference data: school spreadsheet import', () => {
  let admin2: string;
  let template: Buffer;
  beforeAll(async () => {
    admin2 = await login('admin2');
  });

  it('downloads a template with bilingual headers and the provinces and school types', async () => {
    const r = await api<Buffer>('/system/school/template/export', { token: admin2, lang: 'en' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/spreadsheetml/);
    template = r.data;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, 'School name *', 'English name', 'School code *', 'Province *', 'School type *']);
    const notes = wb.worksheets[1].getColumn(1).values.join('\n');
    expect(notes).toMatch(/330000 {2}Zhejiang/);
    expect(notes).toMatch(/Vocational college/);
  });

  it('reports every bad row and imports nothing (13017), then imports the good sheet', async () => {
    const bad = await fill(template, [
      [`导入甲${run}`, 'Import A', `IA${run}`, '浙江', '本科院校'],
      ['', '', 'bad code!', '火星', '幼儿园'],
      [`导入乙${run}`, '', '10335', 'Sichuan', '1'],
      [`导入丙${run}`, '', `IA${run}`, '510000', '2'],
    ]);
    const check = await upload('/system/school/template/check', admin2, bad, 'schools.xlsx', 'en');
    expect(check.code).toBe(0);
    const data = check.data as CheckReply;
    expect(data).toMatchObject({ total: 4, valid: 1 });
    expect(data.errors.filter((e) => e.rowNumber === 3).map((e) => e.field)).toEqual(['name', 'code', 'province', 'schoolType']);
    expect(data.errors.find((e) => e.rowNumber === 4)!.message).toBe('The school code 10335 is already taken');
    expect(data.errors.find((e) => e.rowNumber === 5)!.message).toBe('Duplicates row 2');

    const imp = await upload('/system/school/template/import', admin2, bad, 'schools.xlsx', 'en');
    expect(imp.code).toBe(13017);
    expect(imp.msg).toBe('Import failed!');
    expect((imp.data as CheckReply).errors).toEqual(data.errors);
    expect((await api<Page<School>>(`/home/school/page?name=IA${run}`)).data.total).toBe(0);

    const good = await fill(template, [
      [`导入甲${run}`, 'Import A', `IA${run}`, '浙江', '本科院校'],
      [`导入乙${run}`, '', `IB${run}`, 'Sichuan', '2'],
    ]);
    const ok = await upload('/system/school/template/import', admin2, good);
    expect(ok.code).toBe(0);
    expect(ok.data).toEqual({ count: 2 });
    const mine = await api<Page<School>>(`/system/school/page?name=${encodeURIComponent(run)}`, { token: admin2 });
    const imported = mine.data.list.filter((s) => s.code.startsWith('I'));
    expect(imported.map((s) => [s.code, s.provinceCode, s.schoolType]).sort()).toEqual([
      [`IA${run}`, '330000', '1'],
      [`IB${run}`, '510000', '2'],
    ]);
  });

  it('explains a file that is not a spreadsheet, and needs the import permission', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const imp = await upload('/system/school/template/import', admin2, png, 'schools.xlsx', 'en');
    expect(imp.code).toBe(13017);
    expect((imp.data as CheckReply).errors[0].message).toMatch(/not a valid Excel/);
    expect((await upload('/system/school/template/check', await login('student1'), png)).code).toBe(401);
  });
});

describe('reference data: bad input', () => {
  let admin1: string;
  let root: string;
  beforeAll(async () => {
    [admin1, root] = await Promise.all([login('admin1'), login('root')]);
  });

  const school = { name: '坏输入大学', code: 'BAD01', provinceCode: '330000', schoolType: '1' };
  const cases: { name: string; path: string; body?: unknown; as?: 'root'; code: number; msg: RegExp | string }[] = [
    { name: 'unknown province (public filter)', path: '/home/school/page?provinceCode=999999', code: 10400, msg: 'No such province: 999999' },
    { name: 'page size too big', path: '/home/school/page?pageSize=1000', code: 10400, msg: /pageSize must not be greater than 100/ },
    { name: 'dictionary type missing', path: '/home/dict/list', code: 10400, msg: /dictType is required/ },
    { name: 'unknown dictionary type', path: '/home/dict/list?dictType=nope', code: 10404, msg: 'No such dictionary type: nope' },
    { name: 'school id not a number', path: '/web/college/list?schoolId=abc', code: 10400, msg: /schoolId must be a whole number/ },
    { name: 'unknown school', path: '/web/college/list?schoolId=999999', code: 10404, msg: 'No such school: 999999' },
    { name: 'unknown college', path: '/web/major/list?collegeId=999999', code: 10404, msg: 'No such college: 999999' },
    { name: 'enabled not a boolean', path: '/system/school/page?enabled=maybe', code: 10400, msg: /enabled must be true or false/ },
    { name: 'school without name', path: '/system/school/save', body: { ...school, name: '' }, code: 10400, msg: /name must not be empty/ },
    { name: 'school code with spaces', path: '/system/school/save', body: { ...school, code: 'a b' }, code: 10400, msg: /code is not in the right format/ },
    { name: 'school in an unknown province', path: '/system/school/save', body: { ...school, provinceCode: '990000' }, code: 10400, msg: 'No such province: 990000' },
    { name: 'unknown school type', path: '/system/school/save', body: { ...school, schoolType: '9' }, code: 10400, msg: 'No such school type: 9' },
    { name: 'duplicate school code', path: '/system/school/save', body: { ...school, code: '10335' }, code: 10409, msg: 'The school code 10335 is already taken' },
    { name: 'editing an unknown school', path: '/system/school/save', body: { ...school, id: 999999 }, code: 10404, msg: 'No such school: 999999' },
    { name: 'status without a boolean', path: '/system/school/status', body: { id: 1, enabled: 'yes' }, code: 10400, msg: /enabled must be true or false/ },
    { name: 'college of an unknown school', path: '/system/college/save', body: { schoolId: 999999, name: '学院' }, code: 10404, msg: 'No such school: 999999' },
    { name: 'college with a negative sort', path: '/system/college/save', body: { schoolId: 1, name: '学院', sort: -1 }, code: 10400, msg: /sort must not be less than 0/ },
    { name: 'major of an unknown college', path: '/system/major/save', body: { collegeId: 999999, name: '专业' }, code: 10404, msg: 'No such college: 999999' },
    { name: 'dictionary type key with capitals', path: '/system/dict/type/save', body: { type: 'Bad Type', name: 'x' }, as: 'root', code: 10400, msg: /type is not in the right format/ },
    { name: 'dictionary item of an unknown type', path: '/system/dict/item/save', body: { dictType: 'nope', value: '1', label: '一', labelEn: 'One' }, as: 'root', code: 10404, msg: 'No such dictionary type: nope' },
    { name: 'dictionary item without English label', path: '/system/dict/item/save', body: { dictType: 'gender', value: '3', label: '其他' }, as: 'root', code: 10400, msg: /labelEn is required/ },
  ];

  it.each(cases)('$name', async (c) => {
    const r = await api(c.path, { token: c.as === 'root' ? root : admin1, body: c.body, lang: 'en', ip: freshIp() });
    expect(r.code).toBe(c.code);
    if (typeof c.msg === 'string') expect(r.msg).toBe(c.msg);
    else expect(r.msg).toMatch(c.msg);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  it('answers in Chinese by default', async () => {
    const r = await api('/system/school/save', { token: admin1, body: { ...school, provinceCode: '990000' } });
    expect(r.msg).toBe('省份不存在：990000');
  });

  it('does not leave the major of a foreign college to an organiser', async () => {
    const admin2 = await login('admin2');
    const foreignCollege = (await api<Page<{ id: number }>>('/system/college/page?pageSize=1', { token: admin2 })).data.list[0];
    const r = await api('/system/major/save', { token: admin1, body: { collegeId: foreignCollege.id, name: '越权专业' }, lang: 'en' });
    expect(r.code).toBe(401);
    expect(r.msg).toMatch(/does not belong to an organisation you manage/);
    expect((await api('/system/major/save', { token: admin2, body: { collegeId: foreignCollege.id, name: '新专业', educationLevel: '7' }, lang: 'en' })).msg).toBe('No such education level: 7');
  });
});
