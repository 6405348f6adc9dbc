import type { Page } from 'puppeteer-core';
import type { CompetitionDetail, Page as ListPage, Competition } from '@cmp/contracts';
import { api } from '../../services/gateway/test/support/api';
import {
  chooseOrganisation,
  click,
  fill,
  loginWithPassword,
  open,
  settle,
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
  await page.locator(selector).click();
  await page.keyboard.type(start);
  await page.keyboard.press('Enter');
  await page.keyboard.type(end);
  await page.keyboard.press('Enter');
  await waitForGone(page, '.ant-picker-dropdown');
}

const langButton = '.navbar__right .ant-btn:has(.anticon-translation)';

describe('an organiser builds a competition in the back office', () => {
  const b = useBrowser('competition');
  let page: Page;
  const name = `网页测试大赛 ${Date.now().toString(36).slice(-5)}`;
  let id = 0;

  beforeAll(async () => {
    page = await b.newPage();
    await page.setViewport({ width: 1366, height: 900 });
    await loginWithPassword(page, 'admin1');
    await chooseOrganisation(page, '华东示范大学');
    await page.waitForSelector('.back-layout .sidebar');
  });

  b.it('opens the list from the menu and starts the wizard', async () => {
    await open(page, '/competition/list');
    await waitForText(page, ['竞赛列表', '新增竞赛', '竞赛名称', '状态', '阶段', '竞赛赛项数'], '.competition-page');
    await page.waitForSelector('.competition-page .ant-table-tbody tr.ant-table-row');
    await b.shot(page, 'list');

    await click(page, '.competition-page__header button', '新增竞赛');
    await waitForPath(page, '/competition/addEdit');
    await waitForText(page, ['基本信息', '竞赛赛项', '赛段', '报名', '完成'], '.wizard-steps');
    await fill(page, '#basic_name', name);
    await fill(page, '#basic_nameEn', 'Web Test Competition');
    await fill(page, '#basic_summary', '浏览器测试创建的竞赛');
    await b.shot(page, 'wizard-basic');
    await click(page, '.wizard-footer button', '保存并继续');
    await waitForText(page, '竞赛草稿已创建', '.ant-message');
    await page.waitForFunction(() => new URLSearchParams(location.search).has('id'));
    id = Number(new URL(page.url()).searchParams.get('id'));
    expect(id).toBeGreaterThan(0);
  });

  b.it('adds two events inline, with fees in yuan sent as fen', async () => {
    for (const [event, fee] of [
      ['软件设计组', '50'],
      ['硬件设计组', '0'],
    ]) {
      await click(page, '.editor-table__toolbar button', '新增竞赛赛项');
      await fill(page, '#item_name', event);
      await fill(page, '#item_quota', '100');
      await fill(page, '#item_fee', fee);
      await click(page, '.editor-table button', '保');
      await waitForText(page, event, '.editor-table .ant-table-tbody');
      await waitForGone(page, '#item_name');
    }
    await waitForText(page, ['¥50.00', '免费'], '.editor-table');
    await b.shot(page, 'wizard-events');
    const saved = await api<CompetitionDetail>(`/competition/info/detail?id=${id}`, { token: await storedToken(page) });
    expect(saved.data.items.map((i) => [i.name, i.feeCents, i.quota])).toEqual([
      ['软件设计组', 5000, 100],
      ['硬件设计组', 0, 100],
    ]);
    await click(page, '.wizard-footer button', '保存并继续');
  });

  b.it('sets a stage with a date range', async () => {
    await click(page, '.editor-table__toolbar button', '新增赛段');
    await fill(page, '#stage_name', '初赛');
    await pickRange(page, '#stage_dates', day(40), day(50));
    await click(page, '.editor-table button', '保');
    await waitForText(page, '赛段已保存', '.ant-message');
    await waitForGone(page, '#stage_name');
    await waitForText(page, '初赛', '.editor-table .ant-table-tbody');
    await b.shot(page, 'wizard-stage');
    await click(page, '.wizard-footer button', '保存并继续');
  });

  b.it('refuses a smallest team above the largest, then saves the sign-up window', async () => {
    await page.waitForSelector('#enroll_window');
    await pickRange(page, '#enroll_window', day(-1), day(30));
    await click(page, '#enroll_mode label', '团队');
    await fill(page, '#enroll_teamMin', '5');
    await fill(page, '#enroll_teamMax', '3');
    await click(page, '.wizard-footer button', '保存并继续');
    await waitForText(page, '团队最少人数（5）不能大于最多人数（3）', '.competition-page');
    await b.shot(page, 'wizard-team-size-refused');

    await fill(page, '#enroll_teamMin', '2');
    // The click guard keeps the button disabled for a second after the refused click.
    await page.waitForSelector('.wizard-footer .ant-btn-primary:not([disabled])');
    await click(page, '.wizard-footer button', '保存并继续');
    await waitForText(page, [`“${name}”已保存为草稿`, '立即发布', '保留草稿'], '.competition-page');
    await b.shot(page, 'wizard-finish');
  });

  b.it('publishes from the last step, and the list shows it published', async () => {
    await click(page, '.competition-page button', '立即发布');
    await waitForText(page, '发布后将在门户网站展示', '.ant-modal');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await waitForText(page, `“${name}”已发布`, '.competition-page');
    await b.shot(page, 'wizard-published');

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
    const row = await textOf(page, '.competition-page .ant-table-tbody tr.ant-table-row');
    expect(row).toContain('已发布');
    expect(row).toContain('报名中');
    expect(row).toContain('归档');
    // Deleting is for drafts only: disabled here, with the reason on hover.
    expect(await page.$eval('.competition-page .ant-table-tbody tr.ant-table-row .ant-btn-dangerous', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await b.shot(page, 'list-published');
    const listed = await api<ListPage<Competition>>(`/competition/info/page?keyword=${encodeURIComponent(name)}`, { token: await storedToken(page) });
    expect(listed.data.list[0]).toMatchObject({ id, status: 1, itemCount: 2 });
  });

  b.it('shows both events and the timeline on the details page', async () => {
    await click(page, '.competition-page .ant-table-tbody a', name);
    await waitForPath(page, '/competition/details');
    await waitForText(page, ['基本信息', '参赛指南', '竞赛赛项', '竞赛资讯', '参赛选手', '排名', '参赛团队', '投票', '作品'], '.ant-tabs-nav');
    await waitForText(page, ['赛程', '报名', '初赛', '赛段'], '.competition-page');
    await b.shot(page, 'details-info');
    await click(page, '.ant-tabs-tab', '竞赛赛项');
    await waitForText(page, ['软件设计组', '硬件设计组', '¥50.00'], '.ant-tabs-tabpane-active');
    await b.shot(page, 'details-events');
    await click(page, '.ant-tabs-tab', '参赛选手');
    await waitForText(page, '参赛选手将在报名与团队管理上线后显示在这里', '.ant-tabs-tabpane-active');
    await b.shot(page, 'details-pending-tab');
  });

  b.it('switches the labels to English', async () => {
    await click(page, '.ant-tabs-tab', '基本信息');
    await page.locator(langButton).click();
    await waitForText(page, ['Information', 'Guide', 'Competition event', 'Participants', 'Back to list', 'Published', 'Sign-up open'], '.competition-page');
    await waitForText(page, ['Schedule', 'Sign-up', '初赛'], '.competition-page');
    await b.shot(page, 'details-english');
    await page.locator(langButton).click();
    await waitForText(page, '基本信息', '.ant-tabs-nav');
  });

  b.it('refuses a bad setting on the sign-up settings page with the message', async () => {
    await open(page, `/competition/enrollSet?id=${id}`);
    await page.waitForSelector('#enroll_teamMin');
    await waitForText(page, ['报名设置', '指导老师上限', '指定学校名额', '报名必填信息', '身份证号'], '.competition-page');
    await fill(page, '#enroll_teamMin', '9');
    await click(page, '.wizard-footer button', '保');
    await waitForText(page, '团队最少人数（9）不能大于最多人数（3）', '.competition-page');
    await b.shot(page, 'enroll-settings-refused');
  });

  b.it('keeps review weights at 100 before saving', async () => {
    await open(page, `/competition/reviewSet?id=${id}`);
    await click(page, '.competition-page button', '新增轮次');
    await fill(page, '#review_rounds_0_name', '初评');
    await fill(page, '#review_rounds_0_scoreColumns_0_name', '创新性');
    await fill(page, '#review_rounds_0_scoreColumns_0_weight', '60');
    await waitForText(page, ['权重合计 60%', '“初评”的权重合计须为 100%，当前为 60%'], '.competition-page');
    expect(await page.$eval('.wizard-footer button', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await click(page, '.competition-page button', '新增评分项');
    await fill(page, '#review_rounds_0_scoreColumns_1_name', '完成度');
    await fill(page, '#review_rounds_0_scoreColumns_1_weight', '40');
    await waitForText(page, '权重合计 100%', '.competition-page');
    await settle(page);
    await click(page, '.wizard-footer button', '保');
    await waitForText(page, '设置已保存', '.ant-message');
    await b.shot(page, 'review-settings');
  });

  b.it('fits the list on a phone', async () => {
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await open(page, '/competition/list');
    await page.waitForSelector('.competition-page .ant-table-tbody tr.ant-table-row');
    await b.shot(page, 'list-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewport({ width: 1366, height: 900 });
  });
});
