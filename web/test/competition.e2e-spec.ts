import type { Page } from 'puppeteer-core';
import type { CompetitionDetail, Page as ListPage, Competition } from '@cmp/contracts';
import { api, login } from '../../services/gateway/test/support/api';
import { day as isoDay, makeCompetition } from '../../services/gateway/test/support/enroll';
import {
  answered,
  chooseOrganisation,
  click,
  fill,
  loadsIn,
  loginWithPassword,
  open,
  storedToken,
  textOf,
  useBrowser,
  waitForGone,
  waitForPath,
  waitForText,
} from './support/browser';

/** A day relative to today as the date pickers type it (YYYY-MM-DD, local time). */
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Types both ends of an antd RangePicker whose first input is `selector`; Enter commits each end. */
async function pickRange(page: Page, selector: string, start: string, end: string) {
  await click(page, selector);
  await page.keyboard.type(start);
  await page.keyboard.press('Enter');
  await page.keyboard.type(end);
  await page.keyboard.press('Enter');
  await waitForGone(page, '.ant-picker-dropdown');
}

const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';

/**
 * A competition of admin1's set up through the API as the wizard would leave it: a bare draft; with
 * `full`, the two events, the 初赛 stage and a team sign-up window open now (team of 2 to 3), but no
 * work-submission window yet (the wizard's step sets it); with `publish`, that window too, published.
 */
async function competitionOf(name: string, o: { full?: boolean; publish?: boolean } = {}): Promise<CompetitionDetail> {
  const token = await login('admin1');
  if (!o.full) {
    const r = await api<CompetitionDetail>('/competition/info/add', { token, body: { name, nameEn: 'Web Test Competition', year: 2026, summary: '浏览器测试创建的竞赛' } });
    if (r.code !== 0) throw new Error(`add: ${r.msg}`);
    return r.data;
  }
  const c = await makeCompetition(token, {
    name,
    mode: 2,
    teamMin: 2,
    teamMax: 3,
    items: [['软件设计组', 100, 5000], ['硬件设计组', 100, 0]],
    enroll: [-1, 30],
    submit: null,
    publish: false,
  });
  const stage = await api('/competition/stage/save', {
    token,
    // As the wizard's stage row saves it: a name, no English name.
    body: { competitionId: c.id, name: '初赛', nameEn: '', description: '', startAt: isoDay(40), endAt: isoDay(50), orderNum: 0 },
  });
  if (stage.code !== 0) throw new Error(`stage: ${stage.msg}`);
  if (!o.publish) return c;
  const items = c.items.map((i) => ({ itemId: i.id, fileTypes: ['pdf'], maxFileMb: 10, maxFiles: 2 }));
  const work = await api('/competition/workSub/setting/save', { token, body: { competitionId: c.id, startAt: isoDay(-1), endAt: isoDay(45), items } });
  if (work.code !== 0) throw new Error(`work window: ${work.msg}`);
  const published = await api<CompetitionDetail>('/competition/info/publish', { token, body: { id: c.id } });
  if (published.code !== 0) throw new Error(`publish: ${published.msg}`);
  return published.data;
}

describe('an organiser builds a competition in the back office', () => {
  const b = useBrowser('competition');
  let page: Page;
  const tag = Date.now().toString(36).slice(-5);
  /** Published with its events and stage, through the API: the details, settings and review tests read it. */
  let published: CompetitionDetail;

  beforeAll(async () => {
    published = await competitionOf(`网页测试大赛 ${tag} 详情`, { full: true, publish: true });
    page = await b.newPage();
    // Whatever language a test switched to, each test's first load is in Chinese.
    await loadsIn(page, 'zh-CN');
    await page.setViewport({ width: 1366, height: 900 });
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  });

  /** The wizard on a draft, at one of its steps (any step opens once the draft is loaded). */
  async function wizardAt(id: number, step: string) {
    const loaded = answered(page, '/competition/info/detail');
    await open(page, `/competition/addEdit?id=${id}`);
    await loaded;
    await click(page, '.wizard-steps', step);
  }

  b.it('opens the list from the menu and starts the wizard', async () => {
    const name = `网页测试大赛 ${tag}`;
    await open(page, '/competition/list');
    await waitForText(page, ['竞赛列表', '新增竞赛', '竞赛名称', '状态', '阶段', '竞赛赛项数'], '.competition-page');
    await page.waitForSelector('.competition-page .ant-table-tbody tr.ant-table-row');
    await b.shot(page, 'list');

    await click(page, '.competition-page__header button', '新增竞赛');
    await waitForPath(page, '/competition/addEdit');
    await waitForText(page, ['基本信息', '竞赛赛项', '赛段', '报名', '作品提交', '完成'], '.wizard-steps');
    await fill(page, '#basic_name', name);
    await fill(page, '#basic_nameEn', 'Web Test Competition');
    await fill(page, '#basic_summary', '浏览器测试创建的竞赛');
    // Intro and guide are written in the news editor (loaded with the step), not typed as raw HTML.
    await page.waitForSelector('#basic_intro .tiptap');
    await page.waitForSelector('#basic_guide .tiptap');
    expect(await textOf(page, '.wizard-body')).not.toContain('HTML');
    await click(page, '#basic_intro .tiptap');
    await page.keyboard.type('欢迎参加');
    await click(page, '#basic_intro button[aria-label="加粗"]');
    await page.keyboard.type('网页测试大赛');
    await waitForText(page, '欢迎参加网页测试大赛', '#basic_intro .tiptap');
    await b.shot(page, 'wizard-basic');
    await click(page, '.wizard-footer button', { text: '保存并继续', answer: '/competition/info/add' });
    await waitForText(page, '竞赛草稿已创建', '.ant-message');
    await page.waitForFunction(() => new URLSearchParams(location.search).has('id'));
    const id = Number(new URL(page.url()).searchParams.get('id'));
    expect(id).toBeGreaterThan(0);
    const saved = await api<CompetitionDetail>(`/competition/info/detail?id=${id}`, { token: await storedToken(page) });
    expect(saved.data.intro).toBe('<p>欢迎参加<strong>网页测试大赛</strong></p>');

    // The editor in English (back on the first step, which saving left).
    await click(page, langButton);
    await click(page, '.wizard-steps', 'Basic information');
    await waitForText(page, ['Basic information', 'Work submission', 'Introduction', 'Guide'], '.competition-page');
    await page.waitForSelector('#basic_intro button[aria-label="Bold"]');
    await b.shot(page, 'wizard-basic-english');
    await click(page, langButton);
    await waitForText(page, '基本信息', '.wizard-steps');
  }, 120000);

  b.it('adds two events inline, with fees in yuan sent as fen', async () => {
    const { id } = await competitionOf(`网页测试大赛 ${tag} 赛项`);
    await wizardAt(id, '竞赛赛项');
    for (const [event, fee] of [
      ['软件设计组', '50'],
      ['硬件设计组', '0'],
    ]) {
      await click(page, '.editor-table__toolbar button', '新增竞赛赛项');
      await fill(page, '#item_name', event);
      await fill(page, '#item_quota', '100');
      await fill(page, '#item_fee', fee);
      await click(page, '.editor-table button', { text: '保', answer: '/competition/item/save' });
      await waitForText(page, event, '.editor-table .ant-table-tbody');
      await waitForGone(page, '#item_name');
    }
    await waitForText(page, ['¥50.00', '免费'], '.editor-table');
    await b.shot(page, 'wizard-events');
    const saved = await api<CompetitionDetail>(`/competition/info/detail?id=${id}`, { token: await storedToken(page) });
    expect(saved.data.items.map((i) => [i.name, i.feeFen, i.quota])).toEqual([
      ['软件设计组', 5000, 100],
      ['硬件设计组', 0, 100],
    ]);
    await click(page, '.wizard-footer button', '保存并继续');
    await waitForText(page, '新增赛段', '.editor-table__toolbar');
  });

  b.it('sets a stage with a date range', async () => {
    const { id } = await competitionOf(`网页测试大赛 ${tag} 赛段`);
    await wizardAt(id, '赛段');
    await click(page, '.editor-table__toolbar button', '新增赛段');
    await fill(page, '#stage_name', '初赛');
    await pickRange(page, '#stage_dates', day(40), day(50));
    await click(page, '.editor-table button', { text: '保', answer: '/competition/stage/save' });
    await waitForText(page, '赛段已保存', '.ant-message');
    await waitForGone(page, '#stage_name');
    await waitForText(page, '初赛', '.editor-table .ant-table-tbody');
    await b.shot(page, 'wizard-stage');
    await click(page, '.wizard-footer button', '保存并继续');
    await page.waitForSelector('#enroll_window');
  });

  b.it('refuses a smallest team above the largest, then saves the sign-up window', async () => {
    const name = `网页测试大赛 ${tag} 报名`;
    const { id } = await competitionOf(name);
    await wizardAt(id, '报名');
    await page.waitForSelector('#enroll_window');
    await pickRange(page, '#enroll_window', day(-1), day(30));
    await click(page, '#enroll_mode label', '团队');
    await fill(page, '#enroll_teamMin', '5');
    await fill(page, '#enroll_teamMax', '3');
    await click(page, '.wizard-footer button', '保存并继续');
    await waitForText(page, '团队最少人数（5）不能大于最多人数（3）', '.competition-page');
    await b.shot(page, 'wizard-team-size-refused');

    await fill(page, '#enroll_teamMin', '2');
    // The click guard keeps the button disabled for a second after the refused click: click waits for it.
    await click(page, '.wizard-footer button', { text: '保存并继续', answer: '/competition/enroll/setting/save' });
    // The next step is the work submission, the same form as 作品提交设置.
    await waitForText(page, ['提交时间', '各竞赛赛项的文件要求', '文件类型', '单个文件上限（MB）'], '.wizard-body');
    await page.waitForSelector('#workSub_window');
    await b.shot(page, 'wizard-work-step');
  });

  b.it('fills team sizes and advisers in when 个人或团队 is chosen, asks for a size left blank, and the public page shows them', async () => {
    const name = `网页测试大赛 ${tag} 个人或团队`;
    const { id } = await competitionOf(name);
    const token = await storedToken(page);
    const item = await api('/competition/item/save', { token, body: { competitionId: id, name: '创意组', quota: 100, feeFen: 0, orderNum: 0 } });
    expect(item.code).toBe(0);
    await wizardAt(id, '报名');
    await page.waitForSelector('#enroll_window');
    await pickRange(page, '#enroll_window', day(-1), day(30));
    await click(page, '#enroll_mode label', '个人或团队');
    // Shown, not silently saved as teams of 1–1 with no adviser.
    const valueOf = (sel: string) => page.$eval(sel, (el) => (el as HTMLInputElement).value);
    expect([await valueOf('#enroll_teamMin'), await valueOf('#enroll_teamMax'), await valueOf('#enroll_teacherMax')]).toEqual(['1', '5', '2']);
    await fill(page, '#enroll_teamMax', '');
    await click(page, '.wizard-footer button', '保存并继续');
    await waitForText(page, '请填写人数', '.competition-page');
    await b.shot(page, 'wizard-team-size-required');
    await fill(page, '#enroll_teamMax', '4');
    await click(page, '.wizard-footer button', { text: '保存并继续', answer: '/competition/enroll/setting/save' });
    await page.waitForSelector('#workSub_window');

    const detail = await api<CompetitionDetail>(`/competition/info/detail?id=${id}`, { token });
    expect(detail.data.enroll).toMatchObject({ mode: 3, teamMin: 1, teamMax: 4, teacherMax: 2 });
    const items = detail.data.items.map((i) => ({ itemId: i.id, fileTypes: ['pdf'], maxFileMb: 10, maxFiles: 2 }));
    expect((await api('/competition/workSub/setting/save', { token, body: { competitionId: id, startAt: isoDay(-1), endAt: isoDay(45), items } })).code).toBe(0);
    expect((await api('/competition/info/publish', { token, body: { id } })).code).toBe(0);
    await open(page, `/home/competition/details?id=${id}`);
    await waitForText(page, ['个人或团队 · 团队 1–4 人 · 指导教师至多 2 名'], '.site-detail__info');
    await b.shot(page, 'public-team-size');
  });

  b.it('refuses to publish without a work-submission window, saying so; the wizard step sets it, then it publishes', async () => {
    const name = `网页测试大赛 ${tag} 发布`;
    const { id } = await competitionOf(name, { full: true });
    await wizardAt(id, '完成');
    await waitForText(page, [`“${name}”已保存为草稿`, '发布前还需要：作品提交时间'], '.competition-page');
    expect(await page.$eval('.wizard-body .ant-result-extra .ant-btn-primary', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await b.shot(page, 'wizard-missing-work-window');
    await click(page, langButton);
    await waitForText(page, ['Work submission', 'Before publishing, add: the work-submission window'], '.competition-page');
    await b.shot(page, 'wizard-missing-work-window-english');
    await click(page, langButton);
    await waitForText(page, '发布前还需要：作品提交时间', '.competition-page');
    // The server refuses as well, listing what is missing.
    const refused = await api('/competition/info/publish', { token: await storedToken(page), body: { id } });
    expect(refused).toMatchObject({ code: 10400, msg: '发布前请先设置：作品提交时间' });

    await click(page, '.wizard-steps', '作品提交');
    await pickRange(page, '#workSub_window', day(-1), day(45));
    await click(page, '.wizard-footer button', { text: '保存并继续', answer: '/competition/workSub/setting/save' });
    await waitForText(page, [`“${name}”已保存为草稿`, '现在发布，门户网站即可展示并开放报名'], '.competition-page');
    await click(page, '.competition-page button', '立即发布');
    await waitForText(page, '发布后将在门户网站展示', '.ant-modal');
    await click(page, '.ant-modal-footer .ant-btn-primary', { answer: '/competition/info/publish' });
    await waitForText(page, `“${name}”已发布`, '.competition-page');
    await b.shot(page, 'wizard-published');

    await showInList(name);
    const row = await textOf(page, '.competition-page .ant-table-tbody tr.ant-table-row');
    expect(row).toContain('已发布');
    expect(row).toContain('报名中');
    expect(row).toContain('归档');
    // Deleting is for drafts only: disabled here, with the reason on hover.
    expect(await page.$eval('.competition-page .ant-table-tbody tr.ant-table-row .ant-btn-dangerous', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await b.shot(page, 'list-published');
    const listed = await api<ListPage<Competition>>(`/competition/info/page?keyword=${encodeURIComponent(name)}`, { token: await storedToken(page) });
    expect(listed.data.list[0]).toMatchObject({ id, status: 1, itemCount: 2 });
  }, 120000);

  /** The list searched for one competition: its row alone. */
  async function showInList(name: string) {
    await open(page, '/competition/list');
    await fill(page, '#search_keyword', name);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (n: string) => {
        const rows = [...document.querySelectorAll('.competition-page .ant-table-tbody tr.ant-table-row')];
        return rows.length === 1 && (rows[0] as HTMLElement).innerText.includes(n);
      },
      {},
      name,
    );
  }

  b.it('shows both events and the timeline on the details page', async () => {
    await showInList(published.name);
    await click(page, '.competition-page .ant-table-tbody a', published.name);
    await waitForPath(page, '/competition/details');
    await waitForText(page, ['基本信息', '参赛指南', '竞赛赛项', '竞赛资讯', '参赛选手', '排名', '参赛团队', '投票', '作品'], '.ant-tabs-nav');
    await waitForText(page, ['赛程', '报名', '初赛', '赛段'], '.competition-page');
    await b.shot(page, 'details-info');
    await click(page, '.ant-tabs-tab', '竞赛赛项');
    await waitForText(page, ['软件设计组', '硬件设计组', '¥50.00'], '.ant-tabs-tabpane-active');
    await b.shot(page, 'details-events');
    await click(page, '.ant-tabs-tab', '参赛选手');
    await waitForText(page, '这个竞赛还没有个人报名：选手报名后会出现在这里', '.ant-tabs-tabpane-active');
    await b.shot(page, 'details-players-tab');
  });

  b.it('switches the labels to English', async () => {
    await open(page, `/competition/details?id=${published.id}`);
    await waitForText(page, '基本信息', '.ant-tabs-nav');
    await click(page, langButton);
    await waitForText(page, ['Information', 'Guide', 'Competition event', 'Participants', 'Back to list', 'Published', 'Sign-up open'], '.competition-page');
    await waitForText(page, ['Schedule', 'Sign-up', '初赛'], '.competition-page');
    await b.shot(page, 'details-english');
    await click(page, langButton);
    await waitForText(page, '基本信息', '.ant-tabs-nav');
  });

  b.it('refuses a bad setting on the sign-up settings page with the message', async () => {
    await open(page, `/competition/enrollSet?id=${published.id}`);
    await page.waitForSelector('#enroll_teamMin');
    await waitForText(page, ['报名设置', '指导老师上限', '指定学校名额', '报名必填信息', '身份证号'], '.competition-page');
    await fill(page, '#enroll_teamMin', '9');
    await click(page, '.wizard-footer button', '保');
    await waitForText(page, '团队最少人数（9）不能大于最多人数（3）', '.competition-page');
    await b.shot(page, 'enroll-settings-refused');
  });

  b.it('keeps review weights at 100 before saving a round (rounds belong to the review service)', async () => {
    await open(page, `/competition/reviewSet?id=${published.id}`);
    await click(page, '.competition-page button', '新增轮次');
    await fill(page, '#round_name', '初评');
    await fill(page, '#round_scoreColumns_0_name', '创新性');
    await fill(page, '#round_scoreColumns_0_weight', '60');
    await waitForText(page, '权重合计 60%', '.ant-modal');
    await click(page, '.ant-modal-footer button', '保');
    await waitForText(page, '各评分项权重之和须为 100%，当前为 60%', '.ant-message');
    await click(page, '.ant-modal button', '添加评分项');
    await fill(page, '#round_scoreColumns_1_name', '完成度');
    await fill(page, '#round_scoreColumns_1_weight', '40');
    await waitForText(page, '权重合计 100%', '.ant-modal');
    await click(page, '.ant-modal-footer button', { text: '保', answer: '/review/round/save' });
    await waitForText(page, '轮次已保存', '.ant-message');
    await waitForText(page, ['初评', '创新性 60%', '完成度 40%', '未开始'], '.competition-page .ant-table');
    await b.shot(page, 'review-settings');
  });

  b.it('fits the list on a phone', async () => {
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    try {
      await open(page, '/competition/list');
      await page.waitForSelector('.competition-page .ant-table-tbody tr.ant-table-row');
      await b.shot(page, 'list-phone');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await page.setViewport({ width: 1366, height: 900 });
    }
  });
});
