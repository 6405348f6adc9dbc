import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { exclusive } from '../../services/gateway/test/support/exclusive';
import { api, DEMO_PASSWORD, login } from '../../services/gateway/test/support/api';
import { sql } from '../../services/gateway/test/support/enroll';
import { click, fill, open, useBrowser, waitForGone, waitForText } from './support/browser';
import { gradientPng } from './support/png';

interface Site {
  groupId: number;
  templateType: number;
  banners: { imageUrl: string; title: string; link: string }[];
}

// The organisations' sites are changed by the website tests: one file at a time.
exclusive('website');

describe('website settings', () => {
  const b = useBrowser('website');
  let page: Page;
  let original: Record<string, unknown>;
  let groupId: number;

  beforeAll(async () => {
    const admin2 = await login('admin2');
    groupId = (await api<{ groupId: number }>('/competition/group/user/getSelect', { token: admin2 })).data.groupId;
    const { groupName: _name, groupNameEn: _nameEn, ...site } = (await api<Record<string, unknown>>(`/web/competitionWebsite/getWebsiteSetting?groupId=${groupId}`)).data;
    original = site;
    page = await b.newPage();
    // admin2's organisation has no subordinates: /role enters it without a choice.
    await open(page, '/neibu/login');
    await fill(page, '#username', 'admin2');
    await fill(page, '#password', DEMO_PASSWORD);
    await click(page, '.auth__card button.ant-btn-primary');
    await page.waitForSelector('.back-layout .sidebar');
  });

  afterAll(async () => {
    await api('/web/competitionWebsite/save', { token: await login('admin2'), body: { ...original, banners: [] } });
  });

  b.it('lets an organiser choose a template, and add, order and delete banners that the public site then shows', async () => {
    await open(page, '/website/index');
    await waitForText(page, ['网站设置', '首页模板', '经典', '门户', '展示', '导航菜单', 'u2.localhost', '首页横幅在 网站横幅 中管理']);
    await b.shot(page, 'settings');
    await click(page, '.website-templates', '展示');
    await click(page, '.system-page__header', { text: '保存设置', answer: '/web/competitionWebsite/save' });
    await waitForText(page, '网站设置已保存，门户已更新');

    // 网站横幅, from the settings' notice.
    await click(page, '.website-page a', '网站横幅');
    await waitForText(page, ['网站横幅', '暂无横幅'], '.system-page');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'banner-'));
    const uploadInModal = async (name: string, png: Buffer) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, png);
      const input = (await page.waitForSelector('.ant-modal input[type=file]')) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(file);
    };
    await click(page, '[data-testid="banner-add"]');
    // Too small a picture: the server says so.
    await uploadInModal('small.png', gradientPng(800, 300));
    await waitForText(page, '横幅图片至少需要 1200×320 像素，这张只有 800×300', '.ant-message');
    await fill(page, '.ant-modal #link', 'javascript:alert(1)');
    await click(page, '.ant-modal .ant-btn-primary');
    await waitForText(page, ['链接须为 /home/ 开头的站内路径或 https 地址', '请输入上传后的图片地址或 https 地址'], '.ant-modal');
    await uploadInModal('banner.png', gradientPng(1600, 600));
    await page.waitForFunction(() => (document.querySelector('.ant-modal #imageUrl') as HTMLInputElement)?.value.startsWith('/prod-api/'));
    await page.waitForSelector('.ant-modal img.banner-preview');
    await fill(page, '.ant-modal #title', '英语演讲比赛报名开始');
    await fill(page, '.ant-modal #link', '/home/competition');
    await waitForGone(page, '.ant-modal .ant-form-item-explain-error');
    await b.shot(page, 'banner-form');
    await click(page, '.ant-modal .ant-btn-primary', { answer: '/web/competitionWebsite/banners/save' });
    await waitForText(page, '英语演讲比赛报名开始', '.ant-table-row');
    const uploaded = (await api<Site>(`/web/competitionWebsite/getWebsiteSetting?groupId=${groupId}`)).data.banners[0].imageUrl;

    // A second banner, moved above the first.
    await click(page, '[data-testid="banner-add"]');
    await fill(page, '.ant-modal #imageUrl', uploaded);
    await fill(page, '.ant-modal #title', '决赛直播');
    await click(page, '.ant-modal .ant-btn-primary', { answer: '/web/competitionWebsite/banners/save' });
    await waitForText(page, '决赛直播', '.ant-table-row');
    // Only the second row can move up.
    await click(page, '.ant-table-row [aria-label="上移"]', { answer: '/web/competitionWebsite/banners/save' });
    await page.waitForFunction(() => [...document.querySelectorAll('.ant-table-row')].map((r) => r.textContent).join('|').match(/^1.*决赛直播.*\|2.*英语演讲/));
    await b.shot(page, 'banners');
    const saved = (await api<Site>(`/web/competitionWebsite/getWebsiteSetting?groupId=${groupId}`)).data;
    expect(saved).toMatchObject({ templateType: 3, banners: [{ title: '决赛直播' }, { title: '英语演讲比赛报名开始', link: '/home/competition' }] });

    const visitor = await b.newPage();
    await open(visitor, `/home/homepage?groupId=${groupId}`);
    await visitor.waitForSelector('[data-template="3"] .site-banner');
    await waitForText(visitor, ['决赛直播', '英语演讲比赛报名开始', '西部大学生英语演讲比赛']);
    // The uploaded image really loads, cut by the server to the carousel's shape.
    const loaded = await visitor.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), uploaded);
    expect(loaded).toBe('image/jpeg');
    await b.shot(visitor, 'homepage-with-banner');
    await visitor.close();

    // Deleted after confirming; on a phone the list still reads.
    await click(page, '.ant-table-row .ant-btn-dangerous');
    await click(page, '.ant-modal .ant-btn-primary', { answer: '/web/competitionWebsite/banners/save' });
    await waitForGone(page, '.ant-table-row', '决赛直播');
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await waitForText(page, '英语演讲比赛报名开始', '.ant-table-row');
    await b.shot(page, 'banners-phone');
    await page.setViewport({ width: 1440, height: 900 });
  });

  b.it('never renders a stored javascript: navigation target as a link', async () => {
    const admin2 = await login('admin2');
    const nav = [
      { name: '首页', tem: 'home', children: [] },
      {
        name: '新闻中心',
        tem: 'news',
        children: [
          { path: '/home/news/newsList', dictValue: '1', name: '安全的站内链接' },
          { path: 'https://www.example.edu.cn/', dictValue: '2', name: '安全的外部链接' },
          { path: '/home/placeholder', dictValue: '3', name: '旧的危险链接' },
        ],
      },
    ];
    expect((await api('/web/competitionWebsite/save', { token: admin2, body: { ...original, navigationSettings: nav } })).code).toBe(0);
    // A value saved before the check existed: written straight into the table, as it would be from then.
    await sql(
      `UPDATE competitions.website_settings SET navigation_settings = replace(navigation_settings::text, '/home/placeholder', 'javascript:alert(document.domain)')::jsonb WHERE group_id = $1`,
      [groupId],
    );
    const visitor = await b.newPage();
    await open(visitor, `/home/homepage?groupId=${groupId}`);
    // The entries show when the menu is pointed at, as a visitor does.
    await (await visitor.waitForSelector('.home__submenu'))!.hover();
    await waitForText(visitor, ['安全的站内链接', '安全的外部链接', '旧的危险链接'], '.home__nav');
    const links = await visitor.$$eval('.home__nav a', (as) => as.map((a) => ({ text: a.textContent?.trim(), href: a.getAttribute('href') ?? '' })));
    expect(links.filter((l) => /^\s*(javascript|data|vbscript):/i.test(l.href))).toEqual([]);
    expect(links).toEqual(expect.arrayContaining([{ text: '安全的站内链接', href: '/home/news/newsList' }, { text: '安全的外部链接', href: 'https://www.example.edu.cn/' }]));
    expect(links.map((l) => l.text)).not.toContain('旧的危险链接');
    await b.shot(visitor, 'unsafe-nav-as-text');
    await visitor.close();
  });
});

