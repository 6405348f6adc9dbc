import type { Page } from 'puppeteer-core';
import { api, login } from '../../services/gateway/test/support/api';
import { chooseOrganisation, click, fill, loginWithPassword, open, textOf, useBrowser, waitForPath, waitForText, WEB_URL } from './support/browser';

interface MenuNode {
  menuId: number;
  component: string | null;
  children: MenuNode[];
}
interface GroupNode {
  id: number;
  code: string;
  children: GroupNode[];
}
const flatten = <T extends { children: T[] }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('a user without a permission', () => {
  const b = useBrowser('permissions');
  const suffix = Date.now().toString(36).slice(-6);
  const username = `viewer_${suffix}`;
  const password = 'Viewer2026';

  beforeAll(async () => {
    // As ROOT: a role that may list users and see the users screen, nothing more, and a user holding it.
    const root = await login('root');
    const menus = flatten((await api<MenuNode[]>('/system/menu/tree', { token: root })).data);
    const usersMenu = menus.find((m) => m.component === 'system/user/index');
    const groups = flatten((await api<GroupNode[]>('/system/group/tree', { token: root })).data);
    const u1 = groups.find((g) => g.code === 'DEMO-U1');
    expect(usersMenu && u1).toBeTruthy();
    const role = await api('/system/role/save', {
      token: root,
      body: { key: `viewer_${suffix}`, name: '用户查看员', permissions: ['system:user:list'], menuIds: [usersMenu!.menuId] },
    });
    expect(role.code).toBe(0);
    const user = await api('/system/user/add', {
      token: root,
      body: { username, realName: '只读用户', password, groupId: u1!.id, roleKeys: [`viewer_${suffix}`] },
    });
    expect(user.code).toBe(0);
  });

  /** The user logged in on a page of its own: the back office opens on the only page of its menu. */
  async function asViewer(): Promise<Page> {
    const page = await b.newPage();
    await loginWithPassword(page, username, password);
    await chooseOrganisation(page, '华东示范大学');
    await waitForPath(page, '/system/user');
    return page;
  }

  b.it('sees the users list but not the guarded buttons', async () => {
    const page = await asViewer();
    // The only page of the menu is where the back office opens.
    await waitForPath(page, '/system/user');
    await page.waitForSelector('.system-page .ant-table-tbody tr.ant-table-row');
    // Other tests add users to the organisation meanwhile: found by its name.
    await fill(page, '.search-form input', username);
    await page.keyboard.press('Enter');
    await waitForText(page, ['用户管理', '账号', '所属机构', username, '只读用户']);

    const header = await textOf(page, '.system-page__header');
    expect(header).not.toContain('新增用户');
    expect(header).not.toContain('导入');
    expect(header).not.toContain('下载模板');
    expect(await page.$('.system-page__header .anticon-plus')).toBeNull();
    // No actions column either: every action there needs a permission this user lacks.
    const headings = await page.$$eval('.system-page .ant-table-thead th', (ths) => ths.map((th) => (th as HTMLElement).innerText.trim()));
    expect(headings).toEqual(expect.arrayContaining(['账号', '姓名', '状态']));
    expect(headings).not.toContain('操作');
    expect(await textOf(page, '.system-page .ant-table-tbody')).not.toMatch(/编辑|删除|重置密码/);
    await b.shot(page, 'users-without-add');
    await page.close();
  });

  b.it('gets only its menu entry; other back-office paths lead to the no-permission page', async () => {
    const page = await asViewer();
    // 系统管理 holds one entry for this user, so the sidebar shows that entry on its own.
    await click(page, '.navbar__left button');
    await page.waitForSelector('.sidebar:not(.ant-layout-sider-collapsed) .ant-menu-item-selected');
    const entries = await page.$$eval('.sidebar .ant-menu-item, .sidebar .ant-menu-submenu-title', (els) => els.map((e) => (e as HTMLElement).innerText.trim()));
    expect(entries).toEqual(['用户管理']);
    await b.shot(page, 'sidebar-one-entry');

    await open(page, '/system/role');
    await waitForPath(page, '/noPage');
    await waitForText(page, '无权限');
    await b.shot(page, 'no-page');
    await page.close();
  });

  b.it('compared with the organiser, who does see the button', async () => {
    const organiser = await b.newPage();
    await loginWithPassword(organiser, 'admin1');
    await chooseOrganisation(organiser, '华东示范大学');
    await organiser.waitForSelector('.back-layout .sidebar');
    await open(organiser, '/system/user');
    await waitForText(organiser, ['新增用户', '导入', '下载模板'], '.system-page__header');
    // The job queues are the platform's, not an organisation's: only ROOT has them.
    await open(organiser, '/system/queues');
    await waitForPath(organiser, '/noPage');
    await organiser.close();
  });

  b.it('ROOT sees the job queues and opens the queue board from them', async () => {
    const page = await b.newPage();
    await loginWithPassword(page, 'root');
    await page.waitForSelector('.back-layout .sidebar');
    await open(page, '/system/queues');
    await waitForText(page, ['任务队列', '证书生成', '成绩计算', '支付对账与退款', '失败'], '.system-page');
    const link = await page.waitForSelector('.system-page__header a.ant-btn-primary[href="/prod-api/queues/"]');
    expect(await link!.evaluate((a) => a.getAttribute('target'))).toBe('_blank');
    await b.shot(page, 'queues-desktop');
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await waitForText(page, '打开队列面板', '.system-page');
    await b.shot(page, 'queues-phone');

    // The board, in a tab of the same browser as the link opens it: the page above handed it the session.
    const boardTab = await page.browserContext().newPage();
    await boardTab.goto(`${WEB_URL}/prod-api/queues/`);
    await waitForText(boardTab, ['certificates', 'review', 'payment', 'statistics'], 'body', 30000);
    await b.shot(boardTab, 'queue-board');
    await boardTab.close();
    await page.close();
  });
});
