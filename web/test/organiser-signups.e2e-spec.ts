import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'puppeteer-core';
import type { CompetitionDetail, Signup, Work } from '@cmp/contracts';
import { api, freshIp, login, upload } from '../../services/gateway/test/support/api';
import { dropStudents, makeCompetition, makeStudents, PDF, type Student } from '../../services/gateway/test/support/enroll';
import { chooseOrganisation, clickText, fill, loginWithPassword, open, settle, useBrowser, waitForGone, waitForPath, waitForText } from './support/browser';

const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';
const as = (s: Student) => ({ token: s.token, ip: freshIp() });
const profile = (n: number) => ({ realName: `网测${n}`, phone: `1370000${String(n).padStart(4, '0')}`, schoolName: '华东示范大学' });

/** Picks the option of an antd Select (by its input's selector) that typing `text` highlights. */
async function choose(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).click();
  await page.type(selector, text);
  await page.waitForSelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active');
  await page.keyboard.press('Enter');
  await waitForGone(page, '.ant-select-dropdown');
}

/** Waits until Chromium has finished writing `name` into `dir` (a partial download is *.crdownload). */
async function downloaded(dir: string, name: string, timeout = 20000): Promise<Buffer> {
  const file = path.join(dir, name);
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    if (fs.existsSync(file) && !fs.readdirSync(dir).some((f) => f.endsWith('.crdownload'))) return fs.readFileSync(file);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${name} in ${dir}: ${fs.readdirSync(dir).join(', ')}`);
}

describe('an organiser manages sign-ups and works in the back office', () => {
  const b = useBrowser('organiser-signups');
  let page: Page;
  let c: CompetitionDetail;
  let downloads: string;
  const tag = Date.now().toString(36).slice(-5);
  const teams = { approve: `甲队${tag}`, reject: `乙队${tag}`, incomplete: `丙队${tag}` };
  const ids: Record<keyof typeof teams, number> = { approve: 0, reject: 0, incomplete: 0 };
  let work: Work;

  afterAll(dropStudents);
  beforeAll(async () => {
    const admin1 = await login('admin1');
    c = await makeCompetition(admin1, {
      name: `报名管理网测赛 ${tag}`,
      teamMin: 2,
      teamMax: 3,
      requiredFields: ['realName', 'phone', 'school'],
      items: [['创意组', 50, 0]],
    });
    const st = await makeStudents(5, `orgsu${tag}`);
    const signUp = async (captain: Student, teamName: string, n: number) => {
      const r = await api<Signup>('/web/enroll/signUp', {
        ...as(captain),
        body: { competitionId: c.id, itemId: c.items[0].id, type: 2, teamName, profile: profile(n), teachers: [{ name: '赵老师', phone: '13800000004' }] },
      });
      if (r.code !== 0) throw new Error(`sign-up: ${r.msg}`);
      return r.data.id;
    };
    const join = async (id: number, captain: Student, member: Student, n: number) => {
      const { inviteCode } = (await api<{ inviteCode: string }>(`/enroll/team/getImproveUserInfoQrCode?id=${id}`, as(captain))).data;
      const r = await api('/web/enroll/team/join', { ...as(member), body: { inviteCode, profile: profile(n) } });
      if (r.code !== 0) throw new Error(`join: ${r.msg}`);
    };
    ids.approve = await signUp(st[0], teams.approve, 1);
    await join(ids.approve, st[0], st[1], 2);
    ids.reject = await signUp(st[2], teams.reject, 3);
    await join(ids.reject, st[2], st[3], 4);
    // One member short of the team minimum: incomplete.
    ids.incomplete = await signUp(st[4], teams.incomplete, 5);

    // The first team submits a work with a file.
    const saved = await api<Work>('/web/work/save', { ...as(st[0]), body: { signupId: ids.approve, title: `智慧校园${tag}`, summary: '面向高校的能耗管理平台。\n第二段说明。' } });
    await upload(`/web/work/file/upload?workId=${saved.data.id}`, st[0].token, PDF, '项目计划书.pdf');
    work = (await api<Work>('/web/work/submit', { ...as(st[0]), body: { id: saved.data.id } })).data;

    page = await b.newPage();
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-downloads-'));
    const session = await b.browser.target().createCDPSession();
    await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, browserContextId: page.browserContext().id });
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  });

  const row = (id: number) => `[data-testid="signups-page"] tr[data-row-key="${id}"]`;

  b.it('opens 报名管理 from the menu and narrows it to the competition and school', async () => {
    await clickText(page, '.sidebar', '报名管理');
    await waitForPath(page, '/signUp/index');
    await waitForText(page, ['报名管理', '导出名单', '队伍 / 个人', '竞赛 / 竞赛赛项', '信息完整', '缴费状态'], '[data-testid="signups-page"]');
    await choose(page, '#signup-search_competitionId', c.name);
    await choose(page, '#signup-search_school', '华东示范大学');
    await page.locator('[data-testid="signups-page"] .search-form button[type="submit"]').click();
    await waitForText(page, [teams.approve, teams.reject, teams.incomplete, '共 3 条'], '[data-testid="signups-page"] .ant-table-wrapper');
    await waitForText(page, ['完整', '待审核', '免费', '创意组'], row(ids.approve));
    await waitForText(page, '未完善', row(ids.incomplete));
    await b.shot(page, 'list-filtered');
  });

  b.it('shows a sign-up in the drawer and approves it there', async () => {
    await page.locator(`${row(ids.approve)} a`).click();
    await waitForText(page, ['报名详情', teams.approve, '成员（2）', '网测1', '网测2', '队长', '资料已填写完整', '赵老师', '2 人（要求 2 - 3 人）'], '.signup-drawer');
    await b.shot(page, 'drawer');
    await clickText(page, '.signup-drawer .ant-drawer-extra button', '通');
    await waitForText(page, `已通过报名：${teams.approve}`, '.ant-message');
    await waitForText(page, '已通过', '.signup-drawer .ant-descriptions');
    await waitForGone(page, '.signup-drawer .ant-drawer-extra button');
    await b.shot(page, 'approved');
    // The toast sits over the drawer's header until it goes.
    await waitForGone(page, '.ant-message-notice');
    await page.click('.signup-drawer .ant-drawer-close');
    await waitForGone(page, '.signup-drawer');
    await waitForText(page, '已通过', row(ids.approve));
  });

  b.it('rejects a sign-up with a reason, which the detail then shows', async () => {
    await clickText(page, `${row(ids.reject)} button`, '驳');
    await waitForText(page, ['驳回报名', teams.reject], '.ant-modal');
    // No reason, no rejection.
    await page.locator('.ant-modal-footer .ant-btn-dangerous').click();
    await waitForText(page, '请填写驳回原因', '.ant-modal');
    await fill(page, '#reject_reason', '指导老师信息与学校备案不符');
    await b.shot(page, 'reject-modal');
    await page.locator('.ant-modal-footer .ant-btn-dangerous').click();
    await waitForText(page, `已驳回报名：${teams.reject}`, '.ant-message');
    await waitForGone(page, '.ant-modal');
    await waitForText(page, '已驳回', row(ids.reject));
    await page.locator(`${row(ids.reject)} a`).click();
    await waitForText(page, ['驳回原因', '指导老师信息与学校备案不符', '已驳回', '成员（2）', '网测3', '网测4'], '.signup-drawer');
    await b.shot(page, 'rejected-detail');
    // The toast sits over the drawer's header until it goes.
    await waitForGone(page, '.ant-message-notice');
    await page.click('.signup-drawer .ant-drawer-close');
    await waitForGone(page, '.signup-drawer');
  });

  b.it("shows the server's message when approving an incomplete sign-up", async () => {
    await clickText(page, `${row(ids.incomplete)} button`, '通');
    await waitForText(page, '报名信息未完善（人数不足或成员资料未填写完整），不能通过', '.ant-message');
    await b.shot(page, 'incomplete-refused');
    await waitForText(page, '待审核', row(ids.incomplete));
  });

  b.it('exports the filtered list as a spreadsheet', async () => {
    await clickText(page, '[data-testid="signups-page"] .system-page__header button', '导出名单');
    await waitForText(page, '名单已导出', '.ant-message');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await downloaded(downloads, '报名名单.xlsx')) as unknown as ArrayBuffer);
    const rows = wb.worksheets[0].getSheetValues().filter(Boolean).map((r) => (r as ExcelJS.CellValue[]).slice(1).map((v) => String(v ?? '')));
    expect(rows[0]).toEqual(['报名编号', '竞赛', '赛项', '队伍', '学校', '成员', '指导老师', '状态', '缴费', '报名时间']);
    const byTeam = new Map(rows.slice(1).map((r) => [r[3], r]));
    expect(rows).toHaveLength(4);
    expect(byTeam.get(teams.approve)).toEqual(expect.arrayContaining([String(ids.approve), c.name, '创意组', '华东示范大学', '网测1*, 网测2', '赵老师', '已通过', '免费']));
    expect(byTeam.get(teams.reject)?.[7]).toBe('已驳回');
    expect(byTeam.get(teams.incomplete)?.slice(5, 8)).toEqual(['网测5*', '赵老师', '待审核']);
  });

  b.it('reads in English', async () => {
    await page.locator(langButton).click();
    await waitForText(page, ['Sign-ups', 'Export list', 'Team / individual', 'Competition / Competition event', 'Captain', 'Approved', 'Rejected', 'Incomplete'], '[data-testid="signups-page"]');
    await b.shot(page, 'english');
    await page.locator(langButton).click();
    await waitForText(page, '导出名单', '[data-testid="signups-page"]');
  });

  b.it('finds the submitted work, opens it and downloads its file', async () => {
    await open(page, '/works/list');
    await waitForText(page, ['作品列表', '选择竞赛后可设置是否公开其作品', '作品名称'], '[data-testid="works-page"]');
    await choose(page, '#work-search_competitionId', c.name);
    await page.locator('[data-testid="works-page"] .search-form button[type="submit"]').click();
    await waitForText(page, [work.title, teams.approve, '已提交', '共 1 条', '公开作品', '未公开'], '[data-testid="works-page"]');
    await b.shot(page, 'works');

    await clickText(page, '[data-testid="works-page"] .ant-table-row a', work.title);
    await waitForPath(page, '/works/info');
    await waitForText(page, [work.title, c.name, '创意组', teams.approve, '已提交', '面向高校的能耗管理平台。', '作品文件（1）', '项目计划书.pdf', 'PDF'], '[data-testid="work-detail"]');
    await b.shot(page, 'work-detail');
    await page.locator('[data-testid="work-detail"] .ant-table-row button:has(.anticon-download)').click();
    expect(Buffer.compare(await downloaded(downloads, '项目计划书.pdf'), PDF)).toBe(0);
  });

  b.it("publishes the competition's works after a confirmation", async () => {
    expect((await api(`/works/detail?id=${work.id}`)).code).toBe(10404);
    await clickText(page, '[data-testid="work-detail"] .system-page__header button', '返回作品列表');
    await waitForPath(page, '/works/list');
    await choose(page, '#work-search_competitionId', c.name);
    await page.locator('[data-testid="works-page"] .search-form button[type="submit"]').click();
    await waitForText(page, '未公开', '[data-testid="publish-works"]');
    await page.locator('[data-testid="publish-works"] .ant-switch').click();
    await waitForText(page, `公开「${c.name}」已提交的作品？`, '.ant-modal');
    await b.shot(page, 'publish-confirm');
    await clickText(page, '.ant-modal .ant-btn-primary', '确');
    await waitForText(page, '作品已公开', '.ant-message');
    await waitForText(page, '已公开', '[data-testid="publish-works"]');
    await settle(page);
    await b.shot(page, 'published');
    expect((await api<Work>(`/works/detail?id=${work.id}`)).data).toMatchObject({ id: work.id, title: work.title });
  });
});
