import type { Page } from 'puppeteer-core';
import { DEFAULT_AWARD_LEVELS, type CompetitionDetail, type ExpertSaveReply, type FinalScoreReply, type Round, type ScoreVersion } from '@cmp/contracts';
import { api, firstLogin, freshIp, login, upload, type Reply } from '../../services/gateway/test/support/api';
import { addBatch, addTemplate } from '../../services/gateway/test/support/certificates';
import { dropStudents, makeCompetition, makeStudents, PDF, type Student } from '../../services/gateway/test/support/enroll';
import { waitFor } from '../../services/gateway/test/support/platform';
import {
  chooseOrganisation,
  click,
  fill,
  loginWithPassword,
  open,
  settle,
  textOf,
  useBrowser,
  waitForGone,
  waitForPath,
  waitForText,
} from './support/browser';

/** Chinese characters and full-width punctuation: what no English string may contain. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+/g;

/**
 * Strings that stay Chinese in English: data (the seeded organiser, her organisation and role, as the
 * search below narrows the list to her) and the language switch's label, which names Chinese in Chinese
 * so that a Chinese reader can find it.
 */
const ALLOWED = ['华东示范大学计算机学院', '华东示范大学', '张组织', '机构管理员', '简体中文'];

/** The Chinese left in the visible text of `selector` once the allowed strings are taken out. */
async function chineseIn(page: Page, selector = 'body'): Promise<string[]> {
  let text = await textOf(page, selector);
  for (const a of ALLOWED) text = text.split(a).join(' ');
  return text.match(CJK) ?? [];
}

const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';

describe('the language switch', () => {
  const b = useBrowser('language');
  let page: Page;

  beforeAll(async () => {
    page = await b.newPage();
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  });

  /**
   * The users page in `lang` (stored as the language switch stores it), narrowed to the organiser, with the
   * sidebar open on 系统管理 (or System).
   */
  async function showUsers(keyword: string, lang: 'zh-CN' | 'en') {
    await page.evaluate((l: string) => localStorage.setItem('language', l), lang);
    await open(page, '/system/user');
    await page.waitForSelector('.system-page .ant-table-tbody tr.ant-table-row');
    if (await page.$('.sidebar.ant-layout-sider-collapsed')) await click(page, '.navbar__left button');
    await page.waitForSelector('.sidebar:not(.ant-layout-sider-collapsed) .ant-menu-item-selected');
    await fill(page, '.search-form #keyword', keyword);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.system-page .ant-table-tbody tr.ant-table-row').length === 1);
    await settle(page);
  }

  b.it('shows the back office in Chinese by default', async () => {
    await showUsers('admin1', 'zh-CN');
    await waitForText(page, ['用户管理', '新增用户', '下载模板', '账号', '所属机构', '操作', '编辑', '共 1 条', '10 条/页', '系统管理', '工作台']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await textOf(page, langButton)).toBe('English');
    await b.shot(page, 'users-zh');
  });

  b.it('switches every visible string of the users page to English, antd included', async () => {
    await showUsers('admin1', 'zh-CN');
    await click(page, langButton);
    await waitForText(page, ['Users', 'Add user', 'Download template', 'Import', 'Account', 'Organisation', 'Actions', 'Edit', '1 in total', '10 / page']);
    await waitForText(page, ['Workbench', 'Competitions', 'Certificates', 'System', 'Departments'], '.sidebar');
    await waitForText(page, ['Home', 'Users'], '.navbar');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(await page.title()).toBe('Users - Competition Management System');
    await settle(page);
    expect(await chineseIn(page)).toEqual([]);
    await b.shot(page, 'users-en');
  });

  b.it('shows the add and import dialogs and the account menu in English', async () => {
    await showUsers('admin1', 'en');
    await click(page, '.system-page__header button', 'Add user');
    await page.waitForSelector('.ant-modal #username');
    // A failed check shows its messages in English too.
    await click(page, '.ant-modal-footer button', 'Save');
    await waitForText(page, ['Please enter Account', 'Please enter Initial password'], '.ant-modal');
    await settle(page);
    expect(await chineseIn(page, '.ant-modal')).toEqual([]);
    await b.shot(page, 'add-user-en');
    await click(page, '.ant-modal-footer button', 'Cancel');
    await waitForGone(page, '.ant-modal-wrap');

    await click(page, '.system-page__header button', 'Import');
    await waitForText(page, ['Import users', 'Account*', 'Initial password*', 'Click or drag an Excel file here', 'Check file'], '.ant-modal');
    await settle(page);
    expect(await chineseIn(page, '.ant-modal')).toEqual([]);
    await b.shot(page, 'import-en');
    await click(page, '.ant-modal-footer button', 'Close');
    await waitForGone(page, '.ant-modal-wrap');

    await click(page, '.navbar__user');
    await waitForText(page, ['Personal centre', 'Switch organisation', 'Public site', 'Layout settings', 'Logout'], '.ant-dropdown:not(.ant-dropdown-hidden)');
    await settle(page);
    expect(await chineseIn(page, '.ant-dropdown:not(.ant-dropdown-hidden)')).toEqual([]);
    await b.shot(page, 'account-menu-en');
    await page.keyboard.press('Escape');
    await click(page, '.system-page__title');
    await waitForGone(page, '.ant-dropdown');
  });

  // English chosen (stored as the switch above stores it), then the page loaded again.
  b.it('keeps English after a reload, on the public site and the login screen too', async () => {
    await showUsers('admin1', 'en');
    await waitForText(page, ['Users', 'Add user']);
    expect(await chineseIn(page)).toEqual([]);

    await open(page, '/home/homepage');
    await waitForText(page, ['Competition Management System', 'Competitions', 'News', 'Services', 'Back office'], '.home__header');
    await waitForText(page, ['Latest competition', 'Featured competitions', 'Everything a competition needs'], '.home__main');
    await settle(page);
    // The interface is English; what organisers entered (the site's name and description) stays as entered.
    expect(await chineseIn(page, '.home__nav')).toEqual([]);
    expect(await chineseIn(page, '.home__account')).toEqual([]);
    for (const chrome of ['.site-section__title', '.site-latest__label', '.site-feature', '.site-stats', '.home__main .ant-btn']) {
      for (const el of await page.$$(chrome)) expect(((await el.evaluate((e) => e.textContent)) ?? '').match(CJK)).toBeNull();
    }
    await b.shot(page, 'homepage-en');

    // The login screen, in a second page of the same browser context that has not logged in.
    const visitor = await b.newPage();
    await visitor.evaluateOnNewDocument(() => localStorage.setItem('language', 'en'));
    await open(visitor, '/neibu/login');
    await waitForText(visitor, ['Competition Management System', 'Password', 'Verification code', 'Register', 'Forgot password'], '.auth__card');
    await settle(visitor);
    expect(await chineseIn(visitor)).toEqual([]);
    await b.shot(visitor, 'login-en');
    await visitor.close();
  });

  b.it('switches back to Chinese', async () => {
    await showUsers('admin1', 'en');
    await click(page, langButton);
    await waitForText(page, ['用户管理', '新增用户', '下载模板', '共 1 条', '10 条/页', '系统管理']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh-CN');
    expect(await textOf(page, langButton)).toBe('English');
    expect(await page.title()).toBe('用户管理 - 竞赛管理系统');
    await b.shot(page, 'users-zh-again');
    await waitForPath(page, '/system/user');
  });
});

function ok<T>(r: Reply<T>, what: string): T {
  if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

/**
 * A contest run end to end, then read in English: a student's messages, team page and awards, the winners, the
 * operation log and the public site's header name things in English wherever an English name exists. The run is
 * made through the API (the screens that make it have their own tests); only names entered without an English
 * counterpart (the round, the work, the people) stay Chinese.
 */
describe('a contest run, read in English', () => {
  const b = useBrowser('language-run');
  const run = String(Date.now()).slice(-6);
  const round = `决赛${run}`;
  const title = `节水花园${run}`;
  let competition: CompetitionDetail;
  let student: Student;
  let signupId: number;
  let roundId: number;

  beforeAll(async () => {
    const admin1 = await login('admin1');
    competition = await makeCompetition(admin1, { name: `英文测试赛${run}`, nameEn: `English Cup ${run}`, items: [['本科生组', 100, 0, 'Undergraduate']] });
    [student] = await makeStudents(1, `lng${run}`);
    const as = { token: student.token, ip: freshIp() };
    const body = { competitionId: competition.id, itemId: competition.items[0].id, type: 1, profile: { realName: '英文作者', schoolName: '华东示范大学' }, teachers: [] };
    signupId = ok(await api<{ id: number }>('/web/enroll/signUp', { ...as, body }), 'sign up').id;
    const work = ok(await api<{ id: number }>('/web/work/save', { ...as, body: { signupId, title, summary: '' } }), 'work');
    ok(await api('/enroll/signup/check', { token: admin1, body: { id: signupId, approve: true } }), 'approve');
    ok(await upload(`/web/work/file/upload?workId=${work.id}`, student.token, PDF, '计划书.pdf'), 'upload');
    ok(await api('/web/work/submit', { ...as, body: { id: work.id } }), 'submit');

    const saved = ok(await api<ExpertSaveReply>('/expert/save', { token: admin1, body: { name: `英文专家${run}`, phone: `139${run}01`, unit: '社会专家' } }), 'expert');
    const expert = await firstLogin(saved.credential!);
    const r = ok(
      await api<Round>('/review/round/save', {
        token: admin1,
        body: { competitionId: competition.id, name: round, type: 'online', expertsPerWork: 1, scoreColumns: [{ name: '总分', max: 100, step: 1, weight: 100, rubric: '' }], excludeOwnOrganisation: false },
      }),
      'round',
    );
    roundId = r.id;
    ok(await api('/review/round/works/sync', { token: admin1, body: { id: r.id } }), 'sync');
    ok(await api('/review/group/save', { token: admin1, body: { roundId: r.id, name: '一组', expertIds: [saved.id], captainExpertId: saved.id } }), 'group');
    ok(await api('/review/distribution/run', { token: admin1, body: { roundId: r.id } }), 'assign');
    for (;;) {
      const p = ok(await api<{ status: string } | null>(`/review/distribution/progress?roundId=${r.id}`, { token: admin1 }), 'progress');
      if (p && p.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    ok(await api('/review/round/open', { token: admin1, body: { id: r.id } }), 'open');
    const [{ assignmentId }] = ok(await api<{ list: { assignmentId: number }[] }>(`/review/mine/page?roundId=${r.id}&pageSize=10`, { token: expert }), 'mine').list;
    ok(await api('/review/sheet/submit', { token: expert, body: { assignmentId, scores: [88], comment: '好', version: 0 } }), 'sheet');
    let version = ok(await api<FinalScoreReply>('/review/comment/result/finalScoreCalculation', { token: admin1, body: { roundId: r.id } }), 'calculate').version;
    while (version.status !== 'done') {
      await new Promise((resolve) => setTimeout(resolve, 150));
      version = ok(await api<ScoreVersion>(`/review/comment/result/version?id=${version.id}`, { token: admin1 }), 'version');
    }
    // The default first prize, as the awards form offers it (named in both languages), for the one work.
    const levels = [{ ...DEFAULT_AWARD_LEVELS[1], rule: 'count', value: 1 }];
    ok(await api('/review/comment/result/award/confirm', { token: admin1, body: { versionId: version.id, levels, ties: 'include' } }), 'awards');
    ok(await api('/review/comment/result/publish', { token: admin1, body: { roundId: r.id, appealDays: 7, reason: '专家已全部提交' } }), 'publish');
  }, 180_000);

  afterAll(dropStudents);

  /** A page of `username` with the interface in English. */
  async function englishPage(username: string): Promise<Page> {
    const page = await b.newPage();
    await page.evaluateOnNewDocument(() => localStorage.setItem('language', 'en'));
    await loginWithPassword(page, username);
    await chooseOrganisation(page, '华东示范大学');
    return page;
  }

  b.it("shows the student's messages, team page and award with the English names", async () => {
    const page = await englishPage(student.username);
    await open(page, '/center/set');
    const name = `${competition.nameEn} / Undergraduate`;
    await waitForText(page, [`Sign-up approved: ${name}`, `Award: ${name} won First prize in "${round}"`], '[data-testid="messages"]', 30_000);
    await settle(page);
    expect((await textOf(page, '[data-testid="messages"]')).split(round).join(' ').match(CJK)).toBeNull();
    await b.shot(page, 'run-messages-en');

    // An individual sign-up's page is headed by its event: in English, as the body below names it.
    await open(page, `/home/competition/team/details?id=${signupId}`);
    await waitForText(page, ['Undergraduate', 'Approved'], '[data-testid="team-page"] .ant-card-head');
    await waitForText(page, [competition.nameEn, 'Undergraduate'], '[data-testid="team-page"] .ant-card-body');
    expect(await textOf(page, '[data-testid="team-page"] .ant-card-head')).not.toContain('本科生组');
    await b.shot(page, 'run-team-en');
    await page.setViewport({ width: 390, height: 844 });
    await b.shot(page, 'run-team-phone-en');
    await page.setViewport({ width: 1440, height: 900 });

    await open(page, '/center/reward');
    await waitForText(page, ['First prize', title, competition.nameEn, 'Undergraduate'], '[data-testid="my-awards"]');
    await b.shot(page, 'run-awards-en');

    await open(page, `/home/competition/details?id=${competition.id}`);
    await click(page, '.site-detail__tabs .ant-tabs-tab', 'Winners');
    await waitForText(page, [round, title, 'Undergraduate', 'First prize'], '[data-testid="public-ranking"]');
    // The public site's header names the organisation in English (the seeded ones have English names).
    const org = await textOf(page, '.home__org');
    expect(org).toMatch(/^(Platform Operations Centre|East China Demonstration University)$/);
    await b.shot(page, 'run-ranking-en');
    await page.close();
  }, 120_000);

  // The other screens a participant passes through, looked at in English (screenshots).
  b.it("shows the participant's other screens of the run in English", async () => {
    const page = await englishPage(student.username);
    for (const [path, name] of [
      [`/home/competition/details?id=${competition.id}`, 'competition'],
      [`/home/signUp?competitionId=${competition.id}`, 'sign-up'],
      [`/home/competition/submitWork?signupId=${signupId}`, 'submit-work'],
      ['/center/competition', 'my-competitions'],
      ['/center/work', 'my-works'],
      ['/center/newReward', 'my-certificates'],
    ]) {
      await open(page, path);
      await waitForGone(page, '.ant-spin-spinning, .ant-skeleton');
      await settle(page);
      await b.shot(page, `run-${name}-en`);
    }
    await page.close();
  }, 120_000);

  // The organiser's other screens of the run, looked at in English (screenshots).
  b.it("shows the organiser's other screens of the run in English", async () => {
    const page = await englishPage('admin1');
    const q = `competitionId=${competition.id}&roundId=${roundId}`;
    for (const [path, name] of [
      ['/signUp/index', 'signups'],
      ['/works/list', 'works'],
      [`/review/competition?${q}`, 'rounds'],
      [`/review/distribution?${q}`, 'distribution'],
      [`/review/elimination?${q}`, 'elimination'],
      [`/review/statistics?${q}`, 'statistics'],
    ]) {
      await open(page, path);
      await waitForGone(page, '.ant-spin-spinning, .ant-skeleton');
      await settle(page);
      await b.shot(page, `run-organiser-${name}-en`);
    }
    await page.close();
  }, 120_000);

  b.it('labels the operation log and the award levels in English for the organiser', async () => {
    const page = await englishPage('admin1');
    await open(page, '/system/log');
    await fill(page, '.search-form #keyword', 'Confirm the awards');
    await page.keyboard.press('Enter');
    await waitForText(page, 'Review results / Confirm the awards', '.system-page .ant-table-tbody');
    await settle(page);
    expect((await textOf(page, '.system-page .ant-table-tbody')).match(CJK)).toBeNull();
    await b.shot(page, 'run-log-en');

    // The awards form offers the default levels named in both languages; the winners list shows the English one.
    await open(page, `/review/result?competitionId=${competition.id}&roundId=${roundId}`);
    await click(page, '.ant-tabs-tab', 'Awards');
    await page.waitForSelector('.back-layout__main input[value="Grand prize"]');
    for (const l of DEFAULT_AWARD_LEVELS) expect(await page.$(`.back-layout__main input[value="${l.nameEn}"]`)).not.toBeNull();
    await b.shot(page, 'run-award-levels-en');
    await page.setViewport({ width: 390, height: 844 });
    await b.shot(page, 'run-award-levels-phone-en');
    await page.setViewport({ width: 1440, height: 900 });
    // antd redraws its responsive parts a moment after a resize: a click on the button being replaced can be lost.
    await settle(page);
    await click(page, '[data-testid="award-preview"]', { answer: 'POST /review/comment/result/award/preview', until: 'answer' });
    await settle(page);
    await b.shot(page, 'run-award-preview-en');
    await click(page, '.ant-tabs-tab', 'Round scores');
    await settle(page);
    await b.shot(page, 'run-scores-en');
    await open(page, '/competitionReward/detailedList');
    await waitForText(page, ['Award details', title, 'First prize'], '.back-layout__main');

    // The certificates' winners picker offers the published levels by their English names.
    const admin1 = await login('admin1');
    const batch = await addBatch(admin1, { name: `Winners ${run}`, templateId: (await addTemplate(admin1, { variant: 'randomCode' })).id, competitionId: competition.id });
    await waitFor('certificates to keep the published round', async () => (await api<unknown[]>(`/certificate/batch/publishedRounds?batchId=${batch.id}`, { token: admin1 })).data?.length === 1);
    await open(page, '/certificate/list');
    await fill(page, '[data-testid="ca-batch-search"]', batch.name);
    await page.keyboard.press('Enter');
    await waitForText(page, batch.name, '[data-testid="ca-batches"] .ant-table-tbody');
    await click(page, '[data-testid="ca-batches"] .ant-table-tbody', 'Winners');
    await click(page, '[data-testid="ca-winners-pick"]');
    await click(page, '[data-testid="ca-pick-published"]');
    await waitForText(page, ['First prize (1)', round], '.ant-modal');
    await b.shot(page, 'run-pick-winners-en');
    await page.keyboard.press('Escape');

    // Organisations take an English name, which the public site shows in English.
    await open(page, '/system/groudDetail');
    await click(page, '.system-page .ant-table-row button', 'Edit');
    await waitForText(page, ['Edit organisation', 'English name', 'Shown on the public site in English'], '.ant-modal');
    expect(await page.$eval('.ant-modal #nameEn', (e) => (e as HTMLInputElement).value)).toBe('East China Demonstration University');
    await b.shot(page, 'run-organisation-en');
    await page.close();
  }, 90_000);
});
