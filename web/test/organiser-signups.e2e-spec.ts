import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'puppeteer-core';
import type { CompetitionDetail, Signup, Work } from '@cmp/contracts';
import { api, freshIp, login, upload } from '../../services/gateway/test/support/api';
import { dropStudents, makeCompetition, makeStudents, PDF, type Student } from '../../services/gateway/test/support/enroll';
import { waitFor } from '../../services/gateway/test/support/platform';
import { choose, chooseOrganisation, click, fill, loadsIn, loginWithPassword, open, textOf, useBrowser, waitForGone, waitForPath, waitForText } from './support/browser';

const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';
const as = (s: Student) => ({ token: s.token, ip: freshIp() });
const profile = (n: number) => ({ realName: `网测${n}`, phone: `1370000${String(n).padStart(4, '0')}`, schoolName: '华东示范大学' });

/** Waits until Chromium has finished writing `name` into `dir` (a partial download is *.crdownload). */
async function downloaded(dir: string, name: string): Promise<Buffer> {
  const file = path.join(dir, name);
  await waitFor(`${name} in ${dir}`, async () => fs.existsSync(file) && !fs.readdirSync(dir).some((f) => f.endsWith('.crdownload')), 20000);
  return fs.readFileSync(file);
}

interface Signups {
  c: CompetitionDetail;
  teams: { approve: string; reject: string; incomplete: string };
  ids: { approve: number; reject: number; incomplete: number };
  work: Work;
}

const REASON = '指导老师信息与学校备案不符';

/**
 * A competition of admin1's with three team sign-ups, all pending: one complete that has submitted a work with
 * a file (approve), one complete (reject), one a member short of the team minimum (incomplete). `decided`: the
 * first approved and the second rejected through the API, as the drawer and the reject dialog would.
 */
async function signups(tag: string, decided = false): Promise<Signups> {
  const admin1 = await login('admin1');
  const c = await makeCompetition(admin1, {
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
  const teams = { approve: `甲队${tag}`, reject: `乙队${tag}`, incomplete: `丙队${tag}` };
  const ids = { approve: 0, reject: 0, incomplete: 0 };
  ids.approve = await signUp(st[0], teams.approve, 1);
  await join(ids.approve, st[0], st[1], 2);
  ids.reject = await signUp(st[2], teams.reject, 3);
  await join(ids.reject, st[2], st[3], 4);
  // One member short of the team minimum: incomplete.
  ids.incomplete = await signUp(st[4], teams.incomplete, 5);

  // The first team submits a work with a file.
  const saved = await api<Work>('/web/work/save', { ...as(st[0]), body: { signupId: ids.approve, title: `智慧校园${tag}`, summary: '面向高校的能耗管理平台。\n第二段说明。' } });
  await upload(`/web/work/file/upload?workId=${saved.data.id}`, st[0].token, PDF, '项目计划书.pdf');
  const work = (await api<Work>('/web/work/submit', { ...as(st[0]), body: { id: saved.data.id } })).data;

  if (decided) {
    for (const [id, decision] of [[ids.approve, { approve: true }], [ids.reject, { approve: false, reason: REASON }]] as const) {
      const r = await api('/enroll/signup/check', { token: admin1, body: { id, ...decision } });
      if (r.code !== 0) throw new Error(`check: ${r.msg}`);
    }
  }
  return { c, teams, ids, work };
}

describe('an organiser manages sign-ups and works in the back office', () => {
  const b = useBrowser('organiser-signups');
  let page: Page;
  let downloads: string;
  const tag = Date.now().toString(36).slice(-5);
  /** Reviewed in the browser, one sign-up per test; its work is found and published. */
  let fresh: Signups;
  /** Reviewed through the API already: the export and the English list read it. */
  let decided: Signups;

  afterAll(dropStudents);
  beforeAll(async () => {
    fresh = await signups(tag);
    decided = await signups(`${tag}d`, true);

    page = await b.newPage();
    // Whatever language a test switched to, each test's first load is in Chinese.
    await loadsIn(page, 'zh-CN');
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'cmp-downloads-'));
    const session = await b.browser.target().createCDPSession();
    await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, browserContextId: page.browserContext().id });
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  });

  const row = (id: number) => `[data-testid="signups-page"] tr[data-row-key="${id}"]`;

  /** 报名管理 narrowed to the competition and the school, as the first test does it from the menu. */
  async function showSignups(s: Signups) {
    await open(page, '/signUp/index');
    await narrow(s);
  }

  async function narrow(s: Signups) {
    await choose(page, '#signup-search_competitionId', s.c.name);
    await choose(page, '#signup-search_school', '华东示范大学');
    await click(page, '[data-testid="signups-page"] .search-form button[type="submit"]', { answer: '/enroll/signup/page' });
    await waitForText(page, [s.teams.approve, s.teams.reject, s.teams.incomplete, '共 3 条'], '[data-testid="signups-page"] .ant-table-wrapper');
  }

  /** The work list narrowed to the competition. */
  async function showWorks(s: Signups) {
    await choose(page, '#work-search_competitionId', s.c.name);
    await click(page, '[data-testid="works-page"] .search-form button[type="submit"]', { answer: '/enroll/work/page' });
    await waitForText(page, [s.work.title, '共 1 条'], '[data-testid="works-page"]');
  }

  b.it('opens 报名管理 from the menu and narrows it to the competition and school', async () => {
    const { teams, ids } = fresh;
    await open(page, '/dashboard/index');
    await click(page, '.sidebar', '报名管理');
    await waitForPath(page, '/signUp/index');
    await waitForText(page, ['报名管理', '导出名单', '队伍 / 个人', '竞赛 / 竞赛赛项', '信息完整', '缴费状态'], '[data-testid="signups-page"]');
    await narrow(fresh);
    await waitForText(page, [teams.approve, teams.reject, teams.incomplete, '共 3 条'], '[data-testid="signups-page"] .ant-table-wrapper');
    await waitForText(page, ['完整', '待审核', '免费', '创意组'], row(ids.approve));
    await waitForText(page, '未完善', row(ids.incomplete));
    await b.shot(page, 'list-filtered');
  });

  b.it('shows a sign-up in the drawer and approves it there', async () => {
    const { teams, ids } = fresh;
    await showSignups(fresh);
    await click(page, `${row(ids.approve)} a`, { answer: '/enroll/signup/detail' });
    await waitForText(page, ['报名详情', teams.approve, '成员（2）', '网测1', '网测2', '队长', '资料已填写完整', '赵老师', '2 人（要求 2 - 3 人）'], '.signup-drawer');
    await b.shot(page, 'drawer');
    await click(page, '.signup-drawer .ant-drawer-extra button', { text: '通', answer: '/enroll/signup/check' });
    await waitForText(page, `已通过报名：${teams.approve}`, '.ant-message');
    await waitForText(page, '已通过', '.signup-drawer .ant-descriptions');
    await waitForGone(page, '.signup-drawer .ant-drawer-extra button');
    await b.shot(page, 'approved');
    // The close button is clicked once no toast covers it.
    await click(page, '.signup-drawer .ant-drawer-close');
    await waitForGone(page, '.signup-drawer');
    await waitForText(page, '已通过', row(ids.approve));
  });

  b.it('rejects a sign-up with a reason, which the detail then shows', async () => {
    const { teams, ids } = fresh;
    await showSignups(fresh);
    await click(page, `${row(ids.reject)} button`, '驳');
    await waitForText(page, ['驳回报名', teams.reject], '.ant-modal');
    // No reason, no rejection.
    await click(page, '.ant-modal-footer .ant-btn-dangerous');
    await waitForText(page, '请填写驳回原因', '.ant-modal');
    await fill(page, '#reject_reason', REASON);
    await b.shot(page, 'reject-modal');
    await click(page, '.ant-modal-footer .ant-btn-dangerous', { answer: '/enroll/signup/check' });
    await waitForText(page, `已驳回报名：${teams.reject}`, '.ant-message');
    await waitForGone(page, '.ant-modal');
    await waitForText(page, '已驳回', row(ids.reject));
    await click(page, `${row(ids.reject)} a`, { answer: '/enroll/signup/detail' });
    await waitForText(page, ['驳回原因', REASON, '已驳回', '成员（2）', '网测3', '网测4'], '.signup-drawer');
    await b.shot(page, 'rejected-detail');
    await click(page, '.signup-drawer .ant-drawer-close');
    await waitForGone(page, '.signup-drawer');
  });

  b.it("shows the server's message when approving an incomplete sign-up", async () => {
    const { ids } = fresh;
    await showSignups(fresh);
    await click(page, `${row(ids.incomplete)} button`, { text: '通', answer: '/enroll/signup/check' });
    await waitForText(page, '报名信息未完善（人数不足或成员资料未填写完整），不能通过', '.ant-message');
    await b.shot(page, 'incomplete-refused');
    await waitForText(page, '待审核', row(ids.incomplete));
  });

  b.it('exports the filtered list as a spreadsheet', async () => {
    const { c, teams, ids } = decided;
    await showSignups(decided);
    await click(page, '[data-testid="signups-page"] .system-page__header button', { text: '导出名单', answer: '/enroll/signup/export' });
    await waitForText(page, '名单已导出', '.ant-message');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await downloaded(downloads, '报名名单.xlsx')) as unknown as ArrayBuffer);
    const rows = wb.worksheets[0].getSheetValues().filter(Boolean).map((r) => (r as ExcelJS.CellValue[]).slice(1).map((v) => String(v ?? '')));
    expect(rows[0]).toEqual(['报名编号', '竞赛', '赛项', '队伍', '学校', '成员', '指导老师', '状态', '缴费', '报名时间（北京时间 UTC+8）']);
    const byTeam = new Map(rows.slice(1).map((r) => [r[3], r]));
    expect(rows).toHaveLength(4);
    expect(byTeam.get(teams.approve)).toEqual(expect.arrayContaining([String(ids.approve), c.name, '创意组', '华东示范大学', '网测1*, 网测2', '赵老师', '已通过', '免费']));
    expect(byTeam.get(teams.reject)?.[7]).toBe('已驳回');
    expect(byTeam.get(teams.incomplete)?.slice(5, 8)).toEqual(['网测5*', '赵老师', '待审核']);
  });

  b.it('reads in English', async () => {
    await showSignups(decided);
    await click(page, langButton);
    await waitForText(page, ['Sign-ups', 'Export list', 'Team / individual', 'Competition / Competition event', 'Captain', 'Approved', 'Rejected', 'Incomplete'], '[data-testid="signups-page"]');
    await b.shot(page, 'english');
    await click(page, langButton);
    await waitForText(page, '导出名单', '[data-testid="signups-page"]');
  });

  b.it("shows a competition's players, teams and works on its details page, with search and empty states", async () => {
    const { c, teams, work } = decided;
    const teamsTab = '[data-testid="competition-signups-2"]';
    await open(page, `/competition/details?id=${c.id}`);
    await waitForText(page, [c.name, '基本信息'], '.competition-page');
    await click(page, '.competition-page .ant-tabs-tab', { text: '参赛团队', answer: '/enroll/signup/page?type=2' });
    await waitForText(page, [teams.approve, teams.reject, teams.incomplete, '共 3 条', '已通过', '已驳回'], teamsTab);
    expect(await textOf(page, '.competition-page')).not.toContain('上线后显示在这里');
    await b.shot(page, 'details-teams');
    // Search within the competition's teams.
    await fill(page, '#signup-search2_keyword', teams.reject);
    await click(page, `${teamsTab} .search-form button[type="submit"]`, { answer: `/enroll/signup/page?type=2&competitionId=${c.id}` });
    await waitForText(page, [teams.reject, '共 1 条'], teamsTab);
    await waitForGone(page, `${teamsTab} .ant-table-row`, teams.approve);

    // Every sign-up of this competition is a team's: the players tab says so.
    await click(page, '.competition-page .ant-tabs-tab', { text: '参赛选手', answer: '/enroll/signup/page?type=1' });
    await waitForText(page, '这个竞赛还没有个人报名：选手报名后会出现在这里', '[data-testid="competition-signups-1"]');
    await b.shot(page, 'details-players-empty');

    await click(page, '.competition-page .ant-tabs-tab', { text: '作品', answer: `/enroll/work/page?competitionId=${c.id}` });
    await waitForText(page, [work.title, teams.approve, '共 1 条'], '[data-testid="competition-works"]');
    await b.shot(page, 'details-works');

    await click(page, langButton);
    await waitForText(page, ['Participants', 'Teams', 'Works', work.title, '1 in total'], '.competition-page');
    await b.shot(page, 'details-works-english');
    await click(page, '.competition-page .ant-tabs-tab', 'Teams');
    await waitForText(page, [teams.approve, 'Approved', 'Rejected'], teamsTab);
    await b.shot(page, 'details-teams-english');
    await click(page, langButton);
    await waitForText(page, '参赛团队', '.competition-page');
  }, 120000);

  b.it('finds the submitted work, opens it and downloads its file', async () => {
    const { c, teams, work } = fresh;
    await open(page, '/works/list');
    await waitForText(page, ['作品列表', '选择竞赛后可设置是否公开其作品', '作品名称'], '[data-testid="works-page"]');
    await showWorks(fresh);
    await waitForText(page, [work.title, teams.approve, '已提交', '共 1 条', '公开作品', '未公开'], '[data-testid="works-page"]');
    await b.shot(page, 'works');

    await click(page, '[data-testid="works-page"] .ant-table-row a', work.title);
    await waitForPath(page, '/works/info');
    await waitForText(page, [work.title, c.name, '创意组', teams.approve, '已提交', '面向高校的能耗管理平台。', '作品文件（1）', '项目计划书.pdf', 'PDF'], '[data-testid="work-detail"]');
    await b.shot(page, 'work-detail');
    await click(page, '[data-testid="work-detail"] .ant-table-row button:has(.anticon-download)');
    expect(Buffer.compare(await downloaded(downloads, '项目计划书.pdf'), PDF)).toBe(0);
  });

  b.it("publishes the competition's works after a confirmation", async () => {
    const { c, work } = fresh;
    expect((await api(`/works/detail?id=${work.id}`)).code).toBe(10404);
    await open(page, `/works/info?id=${work.id}`);
    await click(page, '[data-testid="work-detail"] .system-page__header button', '返回作品列表');
    await waitForPath(page, '/works/list');
    await showWorks(fresh);
    await waitForText(page, '未公开', '[data-testid="publish-works"]');
    await click(page, '[data-testid="publish-works"] .ant-switch');
    await waitForText(page, `公开「${c.name}」已提交的作品？`, '.ant-modal');
    await b.shot(page, 'publish-confirm');
    await click(page, '.ant-modal .ant-btn-primary', { text: '确', answer: 'POST /enroll/work/publish' });
    await waitForText(page, '作品已公开', '.ant-message');
    await waitForText(page, '已公开', '[data-testid="publish-works"]');
    await b.shot(page, 'published');
    expect((await api<Work>(`/works/detail?id=${work.id}`)).data).toMatchObject({ id: work.id, title: work.title });
  });

  b.it('shows identity numbers masked, and one in full only after 显示', async () => {
    const c = await makeCompetition(await login('admin1'), { name: `身份证网测赛 ${tag}`, teamMin: 1, teamMax: 2, requiredFields: ['realName', 'idNumber'], items: [['创意组', 50, 0]] });
    const [student] = await makeStudents(1, `orgid${tag}`);
    const team = `丁队${tag}`;
    const signed = await api<Signup>('/web/enroll/signUp', {
      ...as(student),
      body: { competitionId: c.id, itemId: c.items[0].id, type: 2, teamName: team, profile: { realName: '网测9', idNumber: '11010519491231002X' } },
    });
    expect(signed.code).toBe(0);
    await open(page, '/signUp/index');
    await choose(page, '#signup-search_competitionId', c.name);
    await click(page, '[data-testid="signups-page"] .search-form button[type="submit"]', { answer: '/enroll/signup/page' });
    await waitForText(page, [team, '共 1 条'], '[data-testid="signups-page"] .ant-table-wrapper');
    await click(page, `${row(signed.data.id)} a`, { answer: '/enroll/signup/detail' });
    await waitForText(page, ['报名详情', '网测9', '1101**********002X'], '.signup-drawer');
    expect(await textOf(page, '.signup-drawer')).not.toContain('11010519491231002X');
    await b.shot(page, 'id-number-masked');
    await click(page, '.signup-drawer .signup-member button', { text: '显', answer: '/enroll/signup/idNumber' });
    await waitForText(page, '11010519491231002X', '.signup-drawer [data-testid="id-number"]');
    await b.shot(page, 'id-number-shown');
    await click(page, '.signup-drawer .ant-drawer-close');
    await waitForGone(page, '.signup-drawer');
  });
});

