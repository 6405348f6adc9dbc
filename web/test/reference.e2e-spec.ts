import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'puppeteer-core';
import { SCHOOL_TEMPLATE_COLUMNS } from '@cmp/contracts';
import { api } from '../../services/gateway/test/support/api';
import { choose, chooseOrganisation, click, fill, loginWithPassword, open, storedToken, textOf, useBrowser, waitForGone, waitForText } from './support/browser';

/** Rows of a table as cell texts. */
const tableRows = (page: Page, selector = '.system-page .ant-table-tbody') =>
  page.$$eval(`${selector} tr.ant-table-row`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));

/** A school sheet with the template's Chinese headers (required ones marked *), as the downloaded template has them. */
async function writeSchoolSheet(rows: string[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学校');
  ws.addRow(SCHOOL_TEMPLATE_COLUMNS.map((c) => `${c.zh}${c.required ? ' *' : ''}`));
  rows.forEach((r) => ws.addRow(r));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-xlsx-')), 'schools.xlsx');
  await wb.xlsx.writeFile(file);
  return file;
}

describe('reference data screens', () => {
  const b = useBrowser('reference');
  let page: Page;
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();

  beforeAll(async () => {
    page = await b.newPage();
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  });

  b.it("opens the schools screen with the organisation's schools only, and searches", async () => {
    await open(page, '/system/schoolInfo');
    await waitForText(page, ['学校信息', '新增学校', '下载模板', '导入', '学校代码', '办学类型'], '.system-page');
    await page.waitForSelector('.system-page .ant-table-tbody tr.ant-table-row');
    const rows = await tableRows(page);
    expect(rows.map((r) => r[1])).toEqual(expect.arrayContaining(['DEMO-U1', 'DEMO-U1-CITY']));
    expect(rows.find((r) => r[1] === 'DEMO-U1')!.join(' ')).toContain('上海市');
    expect(await textOf(page, '.system-page .ant-table-tbody')).not.toContain('西部测试大学');
    await b.shot(page, 'schools-list');

    await fill(page, '.search-form #name', '城市');
    await click(page, '.search-form button', '搜');
    await page.waitForFunction(() => document.querySelectorAll('.system-page .ant-table-tbody tr.ant-table-row').length === 1);
    expect((await tableRows(page))[0][0]).toContain('华东示范大学城市学院');
    await waitForText(page, '共 1 条', '.system-page .ant-pagination');
    await b.shot(page, 'schools-search');
  });

  b.it('adds a school through the modal and finds it', async () => {
    const code = `WEB${suffix}`;
    await open(page, '/system/schoolInfo');
    await click(page, '.system-page__header button', '新增学校');
    await page.waitForSelector('.ant-modal #code');
    await fill(page, '.ant-modal #name', `网页测试学院${suffix}`);
    await fill(page, '.ant-modal #nameEn', 'Web Test College');
    await fill(page, '.ant-modal #code', code);
    await choose(page, '.ant-modal #provinceCode', '浙江');
    await choose(page, '.ant-modal #schoolType', '高职');
    await waitForText(page, ['浙江省', '高职（专科）院校'], '.ant-modal');
    await b.shot(page, 'school-add-modal');
    await click(page, '.ant-modal-footer button', { text: '保', answer: '/system/school/save' });
    await waitForText(page, '学校已保存', '.ant-message');
    await waitForGone(page, '.ant-modal-wrap');

    await fill(page, '.search-form #name', code);
    await click(page, '.search-form button', '搜');
    await page.waitForFunction(
      (c: string) => {
        const trs = [...document.querySelectorAll('.system-page .ant-table-tbody tr.ant-table-row')];
        return trs.length === 1 && (trs[0] as HTMLElement).innerText.includes(c);
      },
      {},
      code,
    );
    const [row] = await tableRows(page);
    expect(row.slice(0, 5)).toEqual([`网页测试学院${suffix}\nWeb Test College`, code, '正常', '浙江省', '高职（专科）院校']);
    await b.shot(page, 'school-added');
    // Public too: the sign-up form can offer it.
    const pub = await api<{ list: { code: string }[] }>(`/home/school/page?name=${code}`);
    expect(pub.data.list.map((s) => s.code)).toEqual([code]);
  });

  b.it('imports a sheet with a bad row and sees the row error; nothing is imported', async () => {
    const good = `WOK${suffix}`;
    const file = await writeSchoolSheet([
      [`导入正确学院${suffix}`, '', good, '江苏', '本科院校'],
      [`导入错误学院${suffix}`, '', `WBAD${suffix}`, '火星', '本科院校'],
    ]);
    await open(page, '/system/schoolInfo');
    await click(page, '.system-page__header button', '导入');
    await page.waitForSelector('.ant-modal input[type=file]');
    await waitForText(page, ['导入学校', '学校名称*', '省份*'], '.ant-modal');
    const input = await page.$('.ant-modal input[type=file]');
    await input!.uploadFile(file);
    await waitForText(page, 'schools.xlsx', '.ant-modal .ant-upload-list');

    await click(page, '.ant-modal-footer button', '校验文件');
    await waitForText(page, ['共 2 行，有效 1 行，错误 1 处', '行号', '错误信息'], '.ant-modal');
    const errors = await tableRows(page, '.ant-modal .ant-table-tbody');
    expect(errors).toEqual([['3', '省份', '省份不存在：火星']]);
    await b.shot(page, 'import-check-errors');

    await click(page, '.ant-modal-footer button', '开始导入');
    await waitForText(page, '导入失败！', '.ant-message');
    expect(await tableRows(page, '.ant-modal .ant-table-tbody')).toEqual(errors);
    await b.shot(page, 'import-refused');
    expect((await api<{ total: number }>(`/home/school/page?name=${good}`)).data.total).toBe(0);
    await click(page, '.ant-modal-footer button', '关');
    await waitForGone(page, '.ant-modal-wrap');
  });

  b.it('shows colleges and majors of the organisation', async () => {
    await open(page, '/system/college');
    await waitForText(page, ['学院管理', '新增学院', '计算机科学与技术学院', '华东示范大学'], '.system-page');
    expect(await textOf(page, '.system-page .ant-table-tbody')).not.toContain('西部测试大学');
    await b.shot(page, 'colleges');
    await open(page, '/system/major');
    await waitForText(page, ['专业管理', '软件工程', '本科', '计算机科学与技术学院'], '.system-page');
    await b.shot(page, 'majors');
  });

  b.it('shows the dictionary read-only to an organiser', async () => {
    await open(page, '/system/dict');
    await waitForText(page, ['字典管理', '字典类型', '新闻分类', '字典由平台管理员维护'], '.system-page');
    await waitForText(page, ['新闻列表', '往届作品', '操作手册'], '.dict-items');
    expect(await textOf(page, '.system-page')).not.toContain('新增类型');
    await b.shot(page, 'dict-read-only');
  });

  b.it('lets ROOT add a dictionary item; the public list has it', async () => {
    const rootPage = await b.newPage();
    // On the platform's own site, the platform is the site's organisation: ROOT enters it without a choice.
    await loginWithPassword(rootPage, 'root');
    await rootPage.waitForSelector('.back-layout .sidebar');
    // A type of this run's own, so other tests' dictionaries stay as seeded.
    const type = `web_${suffix.toLowerCase()}`;
    const token = await storedToken(rootPage);
    expect((await api('/system/dict/type/save', { token, body: { type, name: `网页测试字典${suffix}`, nameEn: 'Web test' } })).code).toBe(0);

    await open(rootPage, '/system/dict');
    await waitForText(rootPage, ['新增类型', '性别'], '.system-page');
    await click(rootPage, '.dict-types .ant-table-row', '性别');
    await waitForText(rootPage, ['男', 'Female'], '.dict-items');
    await click(rootPage, '.dict-types .ant-table-row', `网页测试字典${suffix}`);
    await waitForText(rootPage, '新增字典项', '.dict-items');
    await click(rootPage, '.dict-items button', '新增字典项');
    await rootPage.waitForSelector('.ant-modal #value');
    await fill(rootPage, '.ant-modal #value', 'A1');
    await fill(rootPage, '.ant-modal #label', '一等奖');
    await fill(rootPage, '.ant-modal #labelEn', 'First prize');
    await click(rootPage, '.ant-modal-footer button', { text: '保', answer: '/system/dict/item/save' });
    await waitForText(rootPage, '字典项已保存', '.ant-message');
    await waitForGone(rootPage, '.ant-modal-wrap');
    await waitForText(rootPage, ['A1', '一等奖', 'First prize'], '.dict-items');
    await b.shot(rootPage, 'dict-root');
    const pub = await api<{ value: string; label: string }[]>(`/home/dict/list?dictType=${type}`, { lang: 'en' });
    expect(pub.data).toEqual([{ dictType: type, value: 'A1', label: 'First prize', sort: 1 }]);
    await rootPage.close();
  });
});
