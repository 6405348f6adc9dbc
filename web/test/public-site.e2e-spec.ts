import type { Page } from 'puppeteer-core';
import { exclusive } from '../../services/gateway/test/support/exclusive';
import { api, login } from '../../services/gateway/test/support/api';
import { click, fill, loadsIn, open, pathOf, textOf, useBrowser, waitForPath, waitForText, WEB_URL } from './support/browser';

interface Site {
  groupId: number;
  groupName: string;
  templateType: 1 | 2 | 3;
}

/** The demo organisations' sites, each with its own template. */
const SITES = [
  { host: 'u1.localhost', template: 1 },
  { host: 'u2.localhost', template: 2 },
  { host: 'localhost', template: 3 },
];

/** The newest published competition of a site (other tests publish too, so it is asked, not assumed). */
const newestOf = async (groupId: number) =>
  (await api<{ list: { id: number; name: string }[] }>(`/home/competition/page?groupId=${groupId}&pageSize=1`)).data.list[0];
const INTERNET_PLUS = '2026年“互联网+”大学生创新创业大赛';

// The organisations' sites are changed by the website tests: one file at a time.
exclusive('website');

describe('the public site', () => {
  const b = useBrowser('public-site');
  let page: Page;
  const groups: Record<string, Site> = {};

  beforeAll(async () => {
    page = await b.newPage();
    // The tests read this page in Chinese; the English parts use pages of their own.
    await loadsIn(page, 'zh-CN');
    for (const s of SITES) {
      groups[s.host] = (await api<Site>('/web/competitionWebsite/getWebsiteSetting', { headers: { 'x-forwarded-host': s.host } })).data;
    }
  });

  for (const s of SITES) {
    b.it(`shows ${s.host}'s homepage in template ${s.template} with its published competitions`, async () => {
      const site = groups[s.host];
      expect(site.templateType).toBe(s.template);
      const newest = await newestOf(site.groupId);
      await open(page, `/home/homepage?groupId=${site.groupId}`);
      await page.waitForSelector(`[data-template="${s.template}"]`);
      await waitForText(page, [site.groupName, '最新赛事', '热门竞赛', newest.name], '.home__main');
      await b.shot(page, `template-${s.template}-desktop`);
      await page.setViewport({ width: 390, height: 844, isMobile: true });
      try {
        await waitForText(page, newest.name, '.home__main');
        await b.shot(page, `template-${s.template}-phone`);
      } finally {
        await page.setViewport({ width: 1440, height: 900 });
      }
    });
  }

  b.it("shows what an organiser just published under each of the three templates, and finds the news by search", async () => {
    const admin1 = await login('admin1');
    const u1 = groups['u1.localhost'];
    const stamp = Date.now().toString(36);
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    const competition = (await api<{ id: number }>('/competition/info/add', { token: admin1, body: { name: `机器人挑战赛 ${stamp}`, nameEn: `Robot Challenge ${stamp}`, year: 2026, summary: '双赛项的机器人竞赛' } })).data;
    for (const name of ['轮式机器人', '人形机器人']) await api('/competition/item/save', { token: admin1, body: { competitionId: competition.id, name } });
    const enrolled = await api<{ items: { id: number }[] }>('/competition/enroll/setting/save', { token: admin1, body: { competitionId: competition.id, startAt: day(-1), endAt: day(20), mode: 2, teamMin: 2, teamMax: 4 } });
    // Publishing needs a work-submission window too.
    const items = enrolled.data.items.map((i) => ({ itemId: i.id, fileTypes: ['pdf'], maxFileMb: 10, maxFiles: 1 }));
    await api('/competition/workSub/setting/save', { token: admin1, body: { competitionId: competition.id, startAt: day(-1), endAt: day(25), items } });
    expect((await api('/competition/info/publish', { token: admin1, body: { id: competition.id } })).code).toBe(0);
    const title = `机器人挑战赛开幕通知 ${stamp}`;
    const news = await api('/competition/news/add', {
      token: admin1,
      body: { title, summary: '挑战赛正式开幕', content: '<p>欢迎各队参加机器人挑战赛。</p>', category: 1, competitionId: competition.id, publish: true },
    });
    expect(news.code).toBe(0);

    const setting = (await api<Record<string, unknown>>(`/web/competitionWebsite/getWebsiteSetting?groupId=${u1.groupId}`)).data;
    const { groupName: _name, groupNameEn: _nameEn, ...site } = setting;
    try {
      for (const templateType of [2, 3, 1]) {
        expect((await api('/web/competitionWebsite/save', { token: admin1, body: { ...site, templateType } })).code).toBe(0);
        await open(page, `/home/homepage?groupId=${u1.groupId}`);
        await page.waitForSelector(`[data-template="${templateType}"]`);
        await waitForText(page, [`机器人挑战赛 ${stamp}`, title], '.home__main');
        await b.shot(page, `published-in-template-${templateType}`);
      }
    } finally {
      await api('/web/competitionWebsite/save', { token: admin1, body: { ...site, templateType: 1 } });
    }

    await fill(page, '.home__search input', `开幕通知 ${stamp}`);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/home/searchNews');
    await waitForText(page, ['搜索资讯', `找到 1 条`, title], '.home__main');
    await b.shot(page, 'news-search');
    await click(page, '.site-news-list', title);
    await waitForPath(page, '/home/newsDetails');
    await waitForText(page, [title, '欢迎各队参加机器人挑战赛。', '查看相关竞赛'], '.site-article');
    await b.shot(page, 'news-detail');

    const en = await b.newPage();
    await loadsIn(en, 'en');
    await open(en, `/home/searchNews?groupId=${u1.groupId}&keyword=${encodeURIComponent(`开幕通知 ${stamp}`)}`);
    await waitForText(en, ['Search news', '1 news items match', title, 'News', 'Competitions'], 'body');
    await b.shot(en, 'news-search-en');
    await en.close();
  });

  b.it('keeps the chosen site while the visitor moves on, and finds competitions by name', async () => {
    const u1 = groups['u1.localhost'];
    await open(page, `/home/homepage?groupId=${u1.groupId}`);
    await click(page, '.home__nav', '竞赛');
    await waitForPath(page, '/home/competition');
    await waitForText(page, ['竞赛列表', (await newestOf(u1.groupId)).name]);
    // A draft of the same organisation is not public.
    expect(await textOf(page, '.home__main')).not.toContain('筹备中');
    await fill(page, '.site-page__search input', '程序设计');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.site-card-link').length === 1);
    await waitForText(page, '第十二届程序设计竞赛', '.site-card');
    await b.shot(page, 'competition-search');

    await fill(page, '.site-page__search input', '没有这样的竞赛');
    await page.keyboard.press('Enter');
    await waitForText(page, '没有符合条件的竞赛', '.home__main');
    await b.shot(page, 'competition-search-empty');
  });

  b.it('shows a competition with its events, schedule and guide, and in English', async () => {
    const u1 = groups['u1.localhost'];
    await open(page, `/home/competition?groupId=${u1.groupId}`);
    await fill(page, '.site-page__search input', '互联网+');
    await page.keyboard.press('Enter');
    await click(page, '.site-card', INTERNET_PLUS);
    await waitForPath(page, '/home/competition/details');
    await waitForText(page, ['报名中', '我要报名', '竞赛介绍'], '.home__main');
    await click(page, '.site-detail__tabs .ant-tabs-tab', '竞赛赛项');
    await waitForText(page, ['创意组', '初创组', '¥50.00', '公益组', '不限'], '.site-detail__tabs');
    await click(page, '.site-detail__tabs .ant-tabs-tab', '赛程安排');
    await waitForText(page, ['报名', '作品提交', '初赛', '决赛'], '.ant-timeline');
    await b.shot(page, 'competition-detail');

    // The same page in English.
    const en = await b.newPage();
    await loadsIn(en, 'en');
    await open(en, `${pathOf(page)}${new URL(page.url()).search}`);
    await waitForText(en, ['2026 Internet+ Innovation and Entrepreneurship Competition', 'Sign-up open', 'Sign up', 'Introduction', 'Schedule']);
    await click(en, '.site-detail__tabs .ant-tabs-tab', 'Events');
    await waitForText(en, ['Idea track', 'Start-up track', 'Unlimited'], '.site-detail__tabs');
    await b.shot(en, 'competition-detail-en');
    await open(en, `/home/competition?groupId=${u1.groupId}`);
    await fill(en, '.site-page__search input', 'Programming');
    await en.keyboard.press('Enter');
    await waitForText(en, ['Competitions', 'Opening soon', '12th Programming Contest']);
    await en.close();
  });

  b.it('says plainly when a competition does not exist', async () => {
    await open(page, '/home/competition/details?id=987654');
    await waitForText(page, ['竞赛不存在或尚未发布', '返回竞赛列表']);
    expect(pathOf(page)).toBe('/home/competition/details');
  });

  b.it('paints a landing page before any script runs, and the app takes over at the first click, which it then carries out', async () => {
    const site = groups['localhost'];
    const newest = await newestOf(site.groupId);
    // No JavaScript at all: the server's HTML is the page, on a phone too.
    const plain = await b.newPage();
    try {
      await plain.setJavaScriptEnabled(false);
      await plain.setViewport({ width: 390, height: 844, isMobile: true });
      await plain.goto(`${WEB_URL}/home/competition`, { waitUntil: 'load' });
      expect(await textOf(plain, '.home__main')).toContain(newest.name);
      expect(await plain.$$eval('.site-card', (cards) => cards.length)).toBeGreaterThan(0);
      await b.shot(plain, 'server-rendered-no-script-phone');
    } finally {
      await plain.close();
    }

    // With scripts: none of the app's until the visitor acts; the click that wakes it is not lost. (A tab of its own:
    // one that chose a site by ?groupId= earlier loads the app at once, since the server drew the host's site.)
    const page = await b.newPage();
    await loadsIn(page, 'zh-CN');
    await open(page, `/home/competition/details?id=${newest.id}`);
    await waitForText(page, newest.name, '.site-detail__name');
    const before = await page.evaluate(() => ({
      server: document.getElementById('root')?.hasAttribute('data-ssr'),
      appScripts: [...document.querySelectorAll('script[src]')].length,
    }));
    expect(before).toEqual({ server: true, appScripts: 0 });
    await page.click('.site-detail__tabs .ant-tabs-tab:nth-child(2)');
    await waitForText(page, '报名费', '.site-detail__tabs');
    expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-ssr'))).toBe(false);
  });
});
