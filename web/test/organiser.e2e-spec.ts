import type { Page } from 'puppeteer-core';
import { api, login } from '../../services/gateway/test/support/api';
import {
  answered,
  chooseOrganisation,
  click,
  fill,
  loginWithPassword,
  open,
  pathOf,
  storedToken,
  textOf,
  useBrowser,
  waitForGone,
  waitForPath,
  waitForText,
} from './support/browser';
import { writeUserSheet } from './support/xlsx';

const TOGGLE_SIDEBAR = 'button[aria-label="展开/收起侧边栏"]';

/** Rows of the users table as cell texts. */
const tableRows = (page: Page, selector = '.system-page .ant-table-tbody') =>
  page.$$eval(`${selector} tr.ant-table-row`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));

describe('an organiser in the back office', () => {
  const b = useBrowser('organiser');
  let page: Page;
  // Unique per run, so a rerun against a database that was not reset still creates new accounts.
  const suffix = Date.now().toString(36).slice(-6);
  const newUser = `web_${suffix}`;

  beforeAll(async () => {
    page = await b.newPage();
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  });

  /** The back office at `path` with the sidebar open (the navbar's toggle opens it when it is closed). */
  async function withSidebar(path: string) {
    await open(page, path);
    await page.waitForSelector('.back-layout .sidebar');
    if (await page.$('.sidebar.ant-layout-sider-collapsed')) await click(page, TOGGLE_SIDEBAR);
    await page.waitForSelector('.sidebar:not(.ant-layout-sider-collapsed) .sidebar-logo__title');
  }

  b.it('logs in with the password form and chooses the organisation on /role', async () => {
    const page = await b.newPage();
    await open(page, '/neibu/login');
    await fill(page, '#username', 'admin1');
    await fill(page, '#password', 'Demo@2026');
    await b.shot(page, 'login-form');
    await click(page, '.auth__card button.ant-btn-primary');

    await waitForPath(page, '/role');
    await waitForText(page, ['选择机构', '华东示范大学', '华东示范大学计算机学院', '编码 DEMO-U1'], '.auth__card');
    await b.shot(page, 'role-choice');
    await chooseOrganisation(page, '华东示范大学');

    // The back office opens on the first page of the organisation's menu.
    await page.waitForSelector('.back-layout .sidebar');
    await waitForPath(page, '/dashboard/index');
    await waitForText(page, ['工作台', '张组织'], '.back-header');
    expect(await page.evaluate(() => localStorage.getItem('groupId'))).toMatch(/^\d+$/);
    expect(await storedToken(page)).toMatch(/^ey/);
    await page.close();
  });

  b.it('gets the server menu: the sidebar shows the back-office entries', async () => {
    // A browser that has not opened the sidebar yet.
    await page.evaluate(() => localStorage.removeItem('sidebarStatus'));
    await open(page, '/dashboard/index');
    await page.waitForSelector('.back-layout .sidebar');
    // The sidebar starts closed (spec section 9) and opens with the navbar's toggle.
    expect(await page.$('.sidebar.ant-layout-sider-collapsed')).not.toBeNull();
    await click(page, TOGGLE_SIDEBAR);
    await page.waitForSelector('.sidebar:not(.ant-layout-sider-collapsed) .sidebar-logo__title');
    await waitForText(page, ['工作台', '竞赛管理', '作品管理', '评审管理', '证书管理', '系统管理'], '.sidebar');
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('opened');
    await b.shot(page, 'sidebar-menu');
  });

  b.it('offers only entries the organiser can open: no expert-only pages, none not built yet', async () => {
    await withSidebar('/dashboard/index');
    await click(page, '.sidebar .ant-menu-submenu-title', '评审管理');
    await waitForText(page, ['竞赛评审', '评审分配', '评审统计'], '.sidebar');
    await click(page, '.sidebar .ant-menu-submenu-title', '专家管理');
    await waitForText(page, ['专家库', '专家分组', '临时专家'], '.sidebar');
    const entries = await page.$$eval('.sidebar .ant-menu-item, .sidebar .ant-menu-submenu-title', (els) => els.map((el) => (el as HTMLElement).innerText.trim()));
    // 我的评审 and 回避声明 are an expert's own (the organiser has no expert:self); 操作手册 is there.
    expect(entries.filter((e) => ['我的评审', '回避声明'].includes(e))).toEqual([]);
    expect(entries).toContain('操作手册');
    // 成绩奖励 holds 获奖列表 and 奖励管理 (获奖明细 opens from the list's rows).
    await click(page, '.sidebar .ant-menu-submenu-title', '成绩奖励');
    await waitForText(page, ['获奖列表', '奖励管理'], '.sidebar');
    // 机构管理 holds 机构列表 and 机构用户; 试用申请 is ROOT's alone.
    await click(page, '.sidebar .ant-menu-submenu-title', '机构管理');
    await waitForText(page, ['机构列表', '机构用户'], '.sidebar');
    expect(await textOf(page, '.sidebar')).not.toContain('试用申请');
    // 专家管理 is both the directory's title and its page of the same name.
    expect(entries.filter((e) => e === '专家管理')).toHaveLength(2);
    await b.shot(page, 'sidebar-openable');
  });

  b.it('opens users from 系统管理 → 用户管理', async () => {
    await withSidebar('/dashboard/index');
    await click(page, '.sidebar .ant-menu-submenu-title', '系统管理');
    // The page's own call for the first page: other files add accounts meanwhile (they run beside this one), so a
    // second call made after the page rendered could already see a different first page.
    const listed = answered(page, '/system/user/page?pageNum=1&pageSize=10');
    await click(page, '.sidebar .ant-menu-item', '用户管理');
    await waitForPath(page, '/system/user');
    await waitForText(page, ['用户管理', '新增用户', '下载模板', '导入', '账号', '所属机构'], '.system-page');
    await page.waitForSelector('.system-page .ant-table-tbody tr.ant-table-row');
    expect(await textOf(page, '.sidebar .ant-menu-item-selected')).toBe('用户管理');
    // The first page is the server's first page for the organiser (own organisation and the ones below).
    const rows = await tableRows(page);
    const first = (await (await listed).json()) as { code: number; data: { list: { username: string }[]; total: number } };
    expect(first.code).toBe(0);
    expect(rows.map((r) => r[0])).toEqual(first.data.list.map((u) => u.username));
    expect(rows.map((r) => r[0])).not.toContain('admin2');
    await waitForText(page, `共 ${first.data.total} 条`, '.system-page .ant-pagination');
    expect(await page.title()).toBe('用户管理 - 竞赛管理系统');
    await b.shot(page, 'users-list');
  });

  b.it('creates a user through the add modal and sees it in the list', async () => {
    await open(page, '/system/user');
    await click(page, '.system-page__header button', '新增用户');
    await page.waitForSelector('.ant-modal #username');
    await waitForText(page, '新增用户', '.ant-modal-title');
    await fill(page, '.ant-modal #username', newUser);
    await fill(page, '.ant-modal #realName', '网页测试');
    await fill(page, '.ant-modal #password', 'Passw0rd1');
    await fill(page, '.ant-modal #phone', `136${String(Date.now()).slice(-8)}`);
    // Roles: type to filter, Enter picks the highlighted option.
    await click(page, '.ant-modal #roleKeys');
    await page.keyboard.type('student');
    await click(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', '学生 (student)');
    await waitForText(page, '学生 (student)', '.ant-modal .ant-select-selection-overflow');
    // Only roles the organiser may grant are offered: never ROOT.
    const offered = await page.$$eval('.ant-select-dropdown .ant-select-item-option', (els) => els.map((e) => (e as HTMLElement).innerText));
    expect(offered.some((o) => o.includes('ROOT'))).toBe(false);
    expect(offered).toEqual(expect.arrayContaining(['机构管理员 (admin)', '学生 (student)']));
    await click(page, '.ant-modal-title');
    await waitForGone(page, '.ant-select-dropdown');
    await b.shot(page, 'add-user-modal');

    await click(page, '.ant-modal-footer button', { text: '保', answer: '/system/user/add' });
    await waitForText(page, '用户已保存', '.ant-message');
    await waitForGone(page, '.ant-modal-wrap');

    await fill(page, '.search-form #keyword', newUser);
    await click(page, '.search-form button', '搜');
    await page.waitForFunction(
      (name: string) => {
        const rows = [...document.querySelectorAll('.system-page .ant-table-tbody tr.ant-table-row')];
        return rows.length === 1 && (rows[0] as HTMLElement).innerText.includes(name);
      },
      {},
      newUser,
    );
    const [row] = await tableRows(page);
    expect(row.slice(0, 2)).toEqual([newUser, '网页测试']);
    expect(row.join(' ')).toContain('华东示范大学');
    expect(row.join(' ')).toContain('学生');
    await b.shot(page, 'user-created');
    // The server has it too.
    const list = await api<{ list: { username: string }[] }>(`/system/user/page?keyword=${newUser}`, { token: await storedToken(page) });
    expect(list.data.list.map((u) => u.username)).toEqual([newUser]);
  });

  b.it('imports a spreadsheet with a bad row and sees the row error in the page', async () => {
    const good = `sheet_ok_${suffix}`;
    const file = await writeUserSheet([
      [good, '导入正确', '', '', 'student', 'Passw0rd1'],
      [`sheet_bad_${suffix}`, '导入错误', '12345', '', 'student', 'Passw0rd1'],
    ]);

    await open(page, '/system/user');
    await click(page, '.system-page__header button', '导入');
    await page.waitForSelector('.ant-modal input[type=file]');
    await waitForText(page, ['导入用户', '账号*', '初始密码*'], '.ant-modal');
    const input = await page.$('.ant-modal input[type=file]');
    await input!.uploadFile(file);
    await waitForText(page, 'users.xlsx', '.ant-modal .ant-upload-list');

    await click(page, '.ant-modal-footer button', '校验文件');
    await waitForText(page, ['共 2 行，有效 1 行，错误 1 处', '行号', '错误信息'], '.ant-modal');
    const errors = await tableRows(page, '.ant-modal .ant-table-tbody');
    expect(errors).toEqual([['3', '手机号', '手机号格式不正确（11 位，以 1 开头）']]);
    await b.shot(page, 'import-check-errors');

    // Importing anyway is refused as a whole (13017): 'import failed!' and the same rows.
    await click(page, '.ant-modal-footer button', '开始导入');
    await waitForText(page, '导入失败！', '.ant-message');
    expect(await tableRows(page, '.ant-modal .ant-table-tbody')).toEqual(errors);
    await b.shot(page, 'import-refused');
    const admin = await login('admin1');
    expect((await api<{ total: number }>(`/system/user/page?keyword=${good}`, { token: admin })).data.total).toBe(0);

    await click(page, '.ant-modal-footer button', '关');
    await waitForGone(page, '.ant-modal-wrap');
    expect(pathOf(page)).toBe('/system/user');
  });
});
